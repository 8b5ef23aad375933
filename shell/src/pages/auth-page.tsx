import { Alert, Button, Field, Heading, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { AUTH_MESSAGES, notify, useSession } from '@venuebook/sdk';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AuthCardLayout, DomainNote, TermsLine } from '../auth/auth-card-layout.tsx';
import { authErrorToast, hasErrors, validateAuthForm, type AuthFormErrors, type AuthMode, type AuthFormValues } from '../auth/auth-form.ts';
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
  const { status, config, configSettled, signIn, signUp } = useSession();
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [values, setValues] = useState<AuthFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<AuthFormErrors>({});
  const [validated, setValidated] = useState(false);
  const [busy, setBusy] = useState(false);
  // Where the confirmation link of the sign-up mail lands (GET /api/v1/auth/confirm redirects here).
  const [searchParams] = useSearchParams();
  const confirmationToken = searchParams.get('confirm') || undefined;

  if (status !== 'signed-out' || !configSettled) return <SessionSkeleton />;

  const domain = config?.companyDomain ?? null;
  const texts = TEXTS[mode];

  const change = (field: keyof AuthFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a failed submit, errors follow the input as it is corrected.
    if (validated) setErrors(validateAuthForm(mode, next, domain));
  };

  const switchMode = () => {
    setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
    setErrors({});
    setValidated(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateAuthForm(mode, values, domain);
    setErrors(found);
    setValidated(true);
    if (hasErrors(found)) return; // spec §5: no request
    setBusy(true);
    try {
      if (mode === 'sign-in') {
        // With the token of the confirmation link, the sign-in confirms the address first.
        await signIn(confirmationToken ? { ...values, confirmationToken } : values); // the route then sends the user to '/'
      } else {
        const result = await signUp(values);
        notify({ type: 'success', title: result.message || AUTH_MESSAGES.signUpSuccess });
        setMode('sign-in');
        setValues({ ...values, password: '' });
        setValidated(false);
      }
    } catch (error) {
      notify({ type: 'error', ...authErrorToast(error) });
    } finally {
      setBusy(false);
    }
  };

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

      {config?.google.enabled ? (
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

      <form onSubmit={submit} noValidate data-testid="auth-form" data-mode={mode}>
        <Stack gap="4">
          <Field.Root invalid={errors.email !== undefined} required>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="username"
              placeholder={domain ? `you${domain}` : 'you@company.com'}
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
              data-testid="auth-email"
            />
            {errors.email ? <Field.ErrorText data-testid="auth-email-error">{errors.email}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={errors.password !== undefined} required>
            <Field.Label>Password</Field.Label>
            <Input
              type="password"
              name="password"
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              data-testid="auth-password"
            />
            {errors.password ? (
              <Field.ErrorText data-testid="auth-password-error">
                <Stack gap="0.5">
                  {errors.password.map((reason) => (
                    <span key={reason}>{reason}</span>
                  ))}
                </Stack>
              </Field.ErrorText>
            ) : null}
          </Field.Root>
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
