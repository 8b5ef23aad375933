// The sign-in form's texts. Its zod schema is in auth-form-schema.ts: only the sign-in page (a lazily loaded chunk)
// loads zod, not the login page.
import { API_ERROR_CODES, domainNotAllowedMessage, errorMessage, isApiRequestError } from '@venuebook/sdk';

export type AuthMode = 'sign-in' | 'sign-up';

export interface AuthFormValues {
  email: string;
  password: string;
}

/**
 * Toast text for a failed sign-in or sign-up (spec §8: the server's message text), with the
 * reasons of a weak-password answer that the message does not already spell out.
 */
export function authErrorToast(error: unknown): { title: string; description?: string } {
  const title = errorMessage(error);
  if (!isApiRequestError(error) || !Array.isArray(error.details)) return { title };
  const reasons = error.details
    .map((d: unknown) => (typeof d === 'string' ? d : typeof (d as { message?: unknown })?.message === 'string' ? (d as { message: string }).message : ''))
    .filter((reason) => reason && !title.includes(reason));
  return reasons.length > 0 ? { title, description: reasons.join(' ') } : { title };
}

/**
 * Text for `/login?error=<code>`, where the gateway sends the browser back when Google sign-in fails.
 * Only known codes get their own text: free text from the address bar is never shown (it could be
 * planted by whoever wrote the link).
 */
export function googleSignInErrorText(code: string | null, companyDomain: string | null | undefined): string | null {
  if (!code) return null;
  switch (code) {
    case 'access_denied':
      return 'Google sign-in was cancelled.';
    case API_ERROR_CODES.domainNotAllowed:
      return companyDomain ? domainNotAllowedMessage(companyDomain) : 'Only company email addresses are allowed';
    default:
      return 'Google sign-in failed. Please try again.';
  }
}
