import { Box } from '@chakra-ui/react';
import { EmptyState, useCan, type Action } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuShieldX } from 'react-icons/lu';

/** Spec §2 'Master Data Card Templates': 'Access Denied. You need admin privileges to access this page.' */
const ACCESS_DENIED = { title: 'Access Denied', description: 'You need admin privileges to access this page.' } as const;

/**
 * An admin card page (spec §2, §6): its content for users who may `action` (admin, owner), else 'Access Denied'.
 * The shell's route admits every signed-in user (spec §6: these routes have no client check in the route table).
 */
export function AdminOnly({ action, children }: { action: Action; children: ReactNode }) {
  const allowed = useCan(action);
  if (allowed) return children;
  return (
    <Box role="alert" data-testid="admin-access-denied">
      <EmptyState icon={<LuShieldX />} title={`${ACCESS_DENIED.title}.`} description={ACCESS_DENIED.description} />
    </Box>
  );
}
