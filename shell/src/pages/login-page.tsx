import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useAuthConfig, useSession } from '@venuebook/sdk';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AuthCardLayout, DomainNote, TermsLine } from '../auth/auth-card-layout.tsx';
import { googleSignInErrorText } from '../auth/auth-form.ts';
import { GoogleButton } from '../auth/google-button.tsx';

/**
 * /login (spec §2): a welcome card with 'Continue with Google'. It shows 'Signing in...' while working,
 * including while the session is restored after the identity provider sent the browser back here.
 * A signed-in user is sent to '/' by the route.
 */
export function LoginPage() {
  const { status } = useSession();
  const { config, settled: configSettled } = useAuthConfig();
  const [params] = useSearchParams();
  const error = googleSignInErrorText(params.get('error'), config?.companyDomain);
  const working = status !== 'signed-out' || !configSettled;
  const googleEnabled = config?.google.enabled ?? false;

  return (
    <AuthCardLayout testId="login-page" footer={<TermsLine />}>
      <Stack gap="1" textAlign="center">
        <Heading as="h1" size="xl">
          Welcome to Venue Book
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Venue information for live-event and broadcast crews. Sign in with your company account to continue.
        </Text>
      </Stack>

      {error && !working ? (
        <Alert.Root status="error" data-testid="login-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}

      {googleEnabled || working ? (
        <GoogleButton working={working} />
      ) : (
        <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="login-google-disabled">
          Google sign-in is not available.
        </Text>
      )}

      <Stack gap="3" align="center">
        <Button asChild variant="plain" size="sm" colorPalette="brand">
          <RouterLink to="/auth" data-testid="login-email-link">
            Sign in with email and password
          </RouterLink>
        </Button>
        <DomainNote domain={config?.companyDomain} />
      </Stack>
    </AuthCardLayout>
  );
}
