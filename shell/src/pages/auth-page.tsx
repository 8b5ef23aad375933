import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Heading, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { AUTH_MESSAGES, FormField, notify, useAuthConfig, useMutation, useSession, type PasswordCredentials } from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { AuthCardLayout, DomainNote, TermsLine } from '../auth/auth-card-layout.tsx';
import { authErrorToast, type AuthFormValues, type AuthMode } from '../auth/auth-form.ts';
import { authFormSchema } from '../auth/auth-form-schema.ts';
import { GoogleButton } from '../auth/google-button.tsx';
import { SessionSkeleton } from '../layout/session-skeleton.tsx';

const TEXTS: Readonly<Record<AuthMode, { title: string; subtitle: string; submit: string; busy: string; toggle: string }>> = {
  'sign-in': {
    title: 'Sign in to Venue Book',
    subtitle: 'Use your company account.',
    submit: 'Sign In',
    busy: 'Signing in...',
    toggle: "Don't have an account? Sign up",
  },
  'sign-up': {
    title: 'Create your account',
    subtitle: 'Sign up with your company email address.',
    submit: 'Sign Up',
    busy: 'Signing up...',
    toggle: 'Already have an account? Sign in',
  },
};

/**
 * /auth (spec §2): e-mail and password sign-in with a sign-up mode, 'Continue with Google' when it is
 * enabled, the company-domain note and the terms line. A signed-in user never sees it (the route
 * sends them to '/').
 */
export function AuthPage() {
  const { status } = useSession();
  const { config, settled } = useAuthConfig();
  if (status !== 'signed-out' || !settled) return <SessionSkeleton />;
  return <AuthForm companyDomain={config?.companyDomain ?? null} googleEnabled={config?.google.enabled ?? false} />;
}

const showAuthError = (error: unknown) => notify({ type: 'error', ...authErrorToast(error) });

function AuthForm({ companyDomain: domain, googleEnabled }: { companyDomain: string | null; googleEnabled: boolean }) {
  const { signIn, signUp } = useSession();
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const resolver = useMemo(() => zodResolver(authFormSchema(mode, domain)), [mode, domain]);
  // Validated on submit; after a failed submit the errors follow the input as it is corrected.
  const form = useForm<AuthFormValues>({ defaultValues: { email: '', password: '' }, resolver, criteriaMode: 'all' });
  const { errors } = form.formState;
  // Where the confirmation link of the sign-up mail lands (GET /api/v1/auth/confirm redirects here).
  const [searchParams] = useSearchParams();
  const confirmationToken = searchParams.get('confirm') || undefined;

  // gcTime 0: the credentials in a mutation's variables do not outlive the page.
  const signInMutation = useMutation({ mutationFn: (credentials: PasswordCredentials) => signIn(credentials), gcTime: 0, onError: showAuthError });
  const signUpMutation = useMutation({
    mutationFn: (credentials: PasswordCredentials) => signUp(credentials),
    gcTime: 0,
    onError: showAuthError,
    onSuccess: (result) => {
      notify({ type: 'success', title: result.message || AUTH_MESSAGES.signUpSuccess });
      setMode('sign-in');
      form.reset({ email: form.getValues('email'), password: '' });
    },
  });
  const busy = signInMutation.isPending || signUpMutation.isPending;
  const texts = TEXTS[mode];

  const switchMode = () => {
    setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
    form.reset(undefined, { keepValues: true });
  };

  // Invalid input never reaches the server (spec §5).
  const submit = form.handleSubmit((values) => {
    if (busy) return;
    // With the token of the confirmation link, the sign-in confirms the address first; the route then sends the user to '/'.
    if (mode === 'sign-in') signInMutation.mutate(confirmationToken ? { ...values, confirmationToken } : values);
    else signUpMutation.mutate(values);
  });

  return (
    <AuthCardLayout testId="auth-page" footer={<TermsLine />}>
      <Stack gap="1" textAlign="center">
        <Heading as="h1" size="xl">
          {texts.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {texts.subtitle}
        </Text>
        {confirmationToken && mode === 'sign-in' ? (
          <Alert.Root status="info" mt="3" textAlign="start" data-testid="auth-confirmation">
            <Alert.Indicator />
            <Alert.Title>{AUTH_MESSAGES.confirmWithPassword}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Stack>

      {googleEnabled ? (
        <>
          <GoogleButton />
          <HStack>
            <Separator flex="1" />
            <Text flexShrink="0" fontSize="xs" color="fg.muted" textTransform="uppercase">
              or
            </Text>
            <Separator flex="1" />
          </HStack>
        </>
      ) : null}

      <form onSubmit={(event) => void submit(event)} noValidate data-testid="auth-form" data-mode={mode}>
        <Stack gap="4">
          <FormField label="Email" required error={errors.email} errorTestId="auth-email-error">
            <Input
              type="email"
              autoComplete="username"
              placeholder={domain ? `you${domain}` : 'you@company.com'}
              data-testid="auth-email"
              {...form.register('email')}
            />
          </FormField>
          <FormField label="Password" required error={errors.password} errorTestId="auth-password-error">
            <Input
              type="password"
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              data-testid="auth-password"
              {...form.register('password')}
            />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText={texts.busy} data-testid="auth-submit">
            {texts.submit}
          </Button>
        </Stack>
      </form>

      <Stack gap="3" align="center">
        <Button variant="plain" size="sm" colorPalette="brand" onClick={switchMode} disabled={busy} data-testid="auth-mode-toggle">
          {texts.toggle}
        </Button>
        <DomainNote domain={domain} />
      </Stack>
    </AuthCardLayout>
  );
}
