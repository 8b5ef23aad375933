import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useAuthConfig, useCan, WelcomeDialog } from '@venuebook/sdk';
import { useState } from 'react';
import { LuEye } from 'react-icons/lu';
import { Navigate } from 'react-router-dom';
import { NotificationSettingsCard } from './notification-settings-card.tsx';
import { RoleDescriptionsCard } from './role-descriptions-card.tsx';
import { USERS_TEXT } from './user-management-rules.ts';
import { UsersCard } from './users-card.tsx';
import { WebhookDeliveriesCard } from './webhook-deliveries-card.tsx';

/**
 * User Management (/admin/users, spec §2): the users with their roles (search by e-mail, 50 a page), role changes
 * and removal, a preview of the viewers' welcome dialog, the first-login webhook (Notification Settings, its
 * deliveries) and the role descriptions. Admins and owners only: anyone else is sent home (the route does so too;
 * the server enforces every rule, the page only hides what it would refuse).
 */
export function UsersPage() {
  const mayManage = useCan('user.list');
  if (!mayManage) return <Navigate to="/" replace />;
  return <UserManagement />;
}

function UserManagement() {
  const [previewing, setPreviewing] = useState(false);
  const { config } = useAuthConfig();
  return (
    <Stack gap={{ base: '4', md: '6' }} w="full" minW="0" data-testid="users-page">
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="0.5" minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {USERS_TEXT.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Roles, access and first-login notifications.
          </Text>
        </Stack>
        <Button variant="outline" onClick={() => setPreviewing(true)} data-testid="preview-welcome">
          <LuEye /> {USERS_TEXT.previewWelcome}
        </Button>
      </Flex>

      <UsersCard />

      <Flex gap={{ base: '4', md: '6' }} direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Stack flex="3" minW="0">
          <NotificationSettingsCard />
        </Stack>
        <Stack flex="2" minW="0">
          <RoleDescriptionsCard />
        </Stack>
      </Flex>

      <WebhookDeliveriesCard />

      {/* The viewers' first-use dialog as they see it; 'Got it' here only closes it (nothing is recorded). */}
      <WelcomeDialog open={previewing} onConfirm={() => setPreviewing(false)} companyDomain={config?.companyDomain} />
    </Stack>
  );
}
