import { Alert, Box, Link, Skeleton, Text } from '@chakra-ui/react';
import { driveQueries, errorMessage, safeHttpHref, useQuery } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuExternalLink } from 'react-icons/lu';

/**
 * Whether Google Drive sync is configured (GET /admin/drive): when it is, the root folder the venue folders are made
 * in; when it is not, that uploads wait in the queue and how an operator configures it (the README's 'Google Drive
 * sync').
 */
export function DriveStatusNotice() {
  const status = useQuery(driveQueries.status());
  if (status.isPending) return <Skeleton h="14" rounded="l2" data-testid="drive-status-loading" />;
  if (status.isError) {
    return (
      <Alert.Root status="error" data-testid="drive-status-error">
        <Alert.Indicator />
        <Alert.Title>Could not read the Google Drive settings: {errorMessage(status.error)}</Alert.Title>
      </Alert.Root>
    );
  }
  const { configured, rootFolderId, rootFolderUrl } = status.data;
  if (!configured) {
    return (
      <Alert.Root status="warning" alignItems="start" data-testid="drive-not-configured">
        <Alert.Indicator />
        <Alert.Content gap="1.5">
          <Alert.Title>Google Drive sync is not configured</Alert.Title>
          <Alert.Description>
            <Text>Uploads are queued and will sync to Google Drive once it is configured: nothing is lost meanwhile.</Text>
            <Text mt="1.5">
              To configure it, set <Env>GOOGLE_DRIVE_CREDENTIALS</Env> (the service account&apos;s JSON key) and <Env>GOOGLE_DRIVE_ROOT_FOLDER_ID</Env> (the
              Drive folder shared with the service account), then restart Venue Book. The README&apos;s &lsquo;Google Drive sync&rsquo; section has the steps.
            </Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const href = safeHttpHref(rootFolderUrl);
  return (
    <Alert.Root status="success" variant="subtle" alignItems="center" data-testid="drive-configured">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Google Drive sync is on</Alert.Title>
        <Alert.Description wordBreak="break-word">
          Files are copied into the venues&apos; folders under the root folder{' '}
          {href ? (
            <Link href={href} target="_blank" rel="noreferrer" color="fg.info" fontWeight="medium" data-testid="drive-root-folder-link">
              {rootFolderId ?? 'in Google Drive'}
              <LuExternalLink aria-hidden />
            </Link>
          ) : (
            <Env>{rootFolderId ?? ''}</Env>
          )}
          .
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** An environment variable's or an id's name, in code type. */
function Env({ children }: { children: ReactNode }) {
  return (
    <Box as="code" fontFamily="mono" fontSize="0.9em" px="1" rounded="sm" bg="bg.emphasized" overflowWrap="anywhere">
      {children}
    </Box>
  );
}
