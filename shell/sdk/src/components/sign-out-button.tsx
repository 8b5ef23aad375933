import { Button, type ButtonProps } from '@chakra-ui/react';
import type { LogoutScope } from '@venuebook/domain';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../session/session-context.tsx';

export interface SignOutButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** Which sessions end: this browser (`local`, default), every device (`global`) or all others. */
  scope?: LogoutScope;
}

/**
 * Signs the user out (server and this browser; the session store signs out locally even when the server
 * cannot be reached) and shows a spinner meanwhile. The guards then send the browser to /auth, and the
 * user's cached data is cleared (`QueryProvider`).
 */
export function SignOutButton({ scope = 'local', children = 'Sign Out', ...props }: SignOutButtonProps) {
  const { signOut } = useSession();
  const mutation = useMutation({ mutationFn: () => signOut(scope) });
  return (
    <Button loading={mutation.isPending} onClick={() => mutation.mutate()} {...props}>
      {children}
    </Button>
  );
}
