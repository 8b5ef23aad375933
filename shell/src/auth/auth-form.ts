import { API_ERROR_CODES, domainNotAllowedMessage, errorMessage, isApiRequestError, isCompanyEmail, weakPasswordReasons } from '@venuebook/sdk';

export type AuthMode = 'sign-in' | 'sign-up';

export interface AuthFormValues {
  email: string;
  password: string;
}

export interface AuthFormErrors {
  email?: string;
  /** One line per reason (sign-up may list several). */
  password?: string[];
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Client-side checks before any request (spec §5): the address must end with the company domain,
 * else 'Only {domain} email addresses are allowed'. Sign-up also applies the shared password rules.
 * Without a known domain (settings failed to load) the server alone decides.
 */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues, companyDomain: string | null | undefined): AuthFormErrors {
  const errors: AuthFormErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (companyDomain && !isCompanyEmail(email, companyDomain)) errors.email = domainNotAllowedMessage(companyDomain);
  else if (!EMAIL_SHAPE.test(email)) errors.email = 'Invalid email address';

  if (!values.password) errors.password = ['Password is required'];
  else if (mode === 'sign-up') {
    const reasons = weakPasswordReasons(values.password, email);
    if (reasons.length > 0) errors.password = reasons;
  }
  return errors;
}

export function hasErrors(errors: AuthFormErrors): boolean {
  return errors.email !== undefined || errors.password !== undefined;
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
