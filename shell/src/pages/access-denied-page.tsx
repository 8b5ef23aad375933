import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { accessDeniedMessage, SignOutButton, useAuthConfig, useSession } from '@venuebook/sdk';
import { LuShieldX } from 'react-icons/lu';
import { AuthCardLayout } from '../auth/auth-card-layout.tsx';

/**
 * Spec §2: a signed-in user whose e-mail does not end in the company domain (checked here, and by the
 * server with 403 `domain_not_allowed`) sees this instead of any page.
 */
export function AccessDeniedPage() {
  const { user } = useSession();
  const { config } = useAuthConfig();
  return (
    <AuthCardLayout testId="access-denied">
      <Stack gap="4" align="center" textAlign="center" role="alert">
        <Box color="fg.error" fontSize="4xl" aria-hidden>
          <LuShieldX />
        </Box>
        <Heading as="h1" size="xl">
          Access Denied
        </Heading>
        <Text data-testid="access-denied-message">
          {config ? accessDeniedMessage(config.companyDomain) : 'Only company email addresses are allowed to access this application.'}
        </Text>
        {user ? (
          <Text color="fg.muted" fontSize="sm">
            Signed in as{' '}
            <Text as="span" fontWeight="semibold" color="fg" data-testid="access-denied-email">
              {user.email}
            </Text>
          </Text>
        ) : null}
        <SignOutButton colorPalette="brand" data-testid="access-denied-sign-out" />
      </Stack>
    </AuthCardLayout>
  );
}
