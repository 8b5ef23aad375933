import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCan, useSession, type Action } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuShieldX } from 'react-icons/lu';
import { SYNC_TEXT } from './drive-sync-rules.ts';

/**
 * The sync pages' own access check (spec §2, §6: the routes admit every signed-in user): 'Loading...' while the
 * session (and with it the role) is read, an 'Access Denied' card for users who may not `action`, else the page.
 * The server enforces the same rule on every call.
 */
export function SyncAdminGate({ action, deniedText, children }: { action: Action; deniedText: string; children: ReactNode }) {
  const { status } = useSession();
  const allowed = useCan(action);
  if (status === 'loading') {
    return (
      <Text color="fg.muted" py="10" textAlign="center" aria-busy="true" data-testid="sync-admin-loading">
        {SYNC_TEXT.loading}
      </Text>
    );
  }
  if (!allowed) {
    return (
      <Card.Root variant="outline" borderColor="border.error" maxW="xl" mx="auto" w="full" role="alert" data-testid="sync-access-denied">
        <Card.Body>
          <HStack gap="3" align="start">
            <Box color="fg.error" fontSize="2xl" pt="0.5" aria-hidden>
              <LuShieldX />
            </Box>
            <Stack gap="1">
              <Heading as="h1" size="lg">
                {SYNC_TEXT.accessDenied}
              </Heading>
              <Text color="fg.muted">{deniedText}</Text>
            </Stack>
          </HStack>
        </Card.Body>
      </Card.Root>
    );
  }
  return children;
}
