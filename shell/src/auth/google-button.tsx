import { Button, type ButtonProps } from '@chakra-ui/react';
import { GOOGLE_SIGN_IN_PATH } from '@venuebook/sdk';
import { useEffect, useState } from 'react';
import { FcGoogle } from 'react-icons/fc';

export interface GoogleButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Show 'Signing in...' regardless of the click (e.g. while the session loads after the redirect back). */
  working?: boolean;
}

/**
 * 'Continue with Google': a full-page navigation to the gateway, which sends the browser to the
 * identity provider (account chooser, company-domain hint) and back to /login.
 */
export function GoogleButton({ working = false, ...props }: GoogleButtonProps) {
  const [navigating, setNavigating] = useState(false);
  // Back from the identity provider via the back/forward cache: the page is live again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setNavigating(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return (
    <Button
      variant="outline"
      size="lg"
      w="full"
      loading={working || navigating}
      loadingText="Signing in..."
      data-testid="auth-google"
      onClick={() => {
        setNavigating(true);
        window.location.assign(GOOGLE_SIGN_IN_PATH);
      }}
      {...props}
    >
      <FcGoogle /> Continue with Google
    </Button>
  );
}
