import { Badge, Box, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { safeHttpHref, type SyncQueueItem, type SyncQueueList } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { countBadges, itemTime, retriesText, STATUS_BADGES, SYNC_TEXT } from './drive-sync-rules.ts';

/** The count badges above a queue (spec §2): completed always, pending, syncing and failed when above 0. */
export function SyncCountBadges({ counts }: { counts: SyncQueueList['counts'] }) {
  return (
    <HStack gap="2" wrap="wrap" data-testid="sync-counts">
      {countBadges(counts).map((badge) => (
        <Badge key={badge.state} size="md" variant="subtle" colorPalette={badge.palette} data-testid={`sync-count-${badge.state}`} data-count={badge.count}>
          {badge.text}
        </Badge>
      ))}
    </HStack>
  );
}

/** An item's status badge. */
export function SyncStatusBadge({ status }: { status: SyncQueueItem['status'] }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge variant="solid" colorPalette={badge.palette} flexShrink="0" data-testid="sync-item-status">
      {badge.label}
    </Badge>
  );
}

/**
 * One item of a queue. `scope` 'all' (the sync logs page, spec §2): the file name or 'Unknown File', the item id, the
 * venue or 'Unknown', the status, 'Retries: n/max', created and synced times and the error. 'venue' (the venue dialog):
 * the file name or 'Unknown file', id, status, error, retries and upload time. Both link the file in Drive once synced.
 */
export function SyncQueueItemView({ item, scope }: { item: SyncQueueItem; scope: 'all' | 'venue' }) {
  const fileName = item.fileName ?? (scope === 'all' ? SYNC_TEXT.unknownFile : SYNC_TEXT.unknownFileInDialog);
  const driveHref = safeHttpHref(item.googleDriveUrl);
  return (
    <Box as="li" borderWidth="1px" rounded="l2" px={{ base: '3', md: '4' }} py="3" bg="bg" data-testid="sync-item" data-id={item.id} data-status={item.status}>
      <Flex gap="3" justify="space-between" align="start">
        <Text fontWeight="semibold" minW="0" wordBreak="break-word" data-testid="sync-item-file">
          {fileName}
        </Text>
        <SyncStatusBadge status={item.status} />
      </Flex>
      <Stack gap="0.5" mt="1.5" fontSize="sm" color="fg.muted">
        <Meta label="ID">
          <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all" data-testid="sync-item-id">
            {item.id}
          </Text>
        </Meta>
        {scope === 'all' ? (
          <Meta label="Venue">
            <span data-testid="sync-item-venue">{item.venueName ?? SYNC_TEXT.unknownVenue}</span>
          </Meta>
        ) : null}
        <Flex columnGap="4" rowGap="0.5" wrap="wrap">
          <Text data-testid="sync-item-retries">{retriesText(item)}</Text>
          {scope === 'all' ? (
            <Meta label="Created">
              <span data-testid="sync-item-created">{itemTime(item.createdAt)}</span>
            </Meta>
          ) : (
            <Meta label="Uploaded">
              <span data-testid="sync-item-uploaded">{itemTime(item.uploadedAt ?? item.createdAt)}</span>
            </Meta>
          )}
          {scope === 'all' && item.syncedAt ? (
            <Meta label="Synced">
              <span data-testid="sync-item-synced">{itemTime(item.syncedAt)}</span>
            </Meta>
          ) : null}
        </Flex>
      </Stack>
      {item.errorMessage ? (
        <Text mt="2" fontSize="sm" color="fg.error" bg="bg.error" rounded="l1" px="2" py="1" wordBreak="break-word" data-testid="sync-item-error">
          {item.errorMessage}
        </Text>
      ) : null}
      {driveHref ? (
        <Link
          href={driveHref}
          target="_blank"
          rel="noreferrer"
          mt="2"
          fontSize="sm"
          color="fg.info"
          fontWeight="medium"
          aria-label={`${SYNC_TEXT.openInDrive}: ${fileName}`}
          data-testid="sync-item-drive-link"
        >
          {SYNC_TEXT.openInDrive}
          <LuExternalLink aria-hidden />
        </Link>
      ) : null}
    </Box>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text minW="0">
      {label}:{' '}
      <Box as="span" color="fg">
        {children}
      </Box>
    </Text>
  );
}

/** The items of a queue, newest first, as a list. */
export function SyncQueueItems({ items, scope }: { items: readonly SyncQueueItem[]; scope: 'all' | 'venue' }) {
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" data-testid="sync-items">
      {items.map((item) => (
        <SyncQueueItemView key={item.id} item={item} scope={scope} />
      ))}
    </Stack>
  );
}
