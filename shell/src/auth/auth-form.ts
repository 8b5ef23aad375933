import { API_ERROR_CODES, domainNotAllowedMessage, emailSchema, errorMessage, isApiRequestError, isCompanyEmail, weakPasswordReasons } from '@venuebook/sdk';
import { z } from 'zod';

export type AuthMode = 'sign-in' | 'sign-up';

export interface AuthFormValues {
  email: string;
  password: string;
}

/**
 * The auth form's checks before any request (spec §5), for react-hook-form's `zodResolver` with
 * `criteriaMode: 'all'`: the address must end with the company domain, else 'Only {domain} email
 * addresses are allowed' (checked first), then be an address by the API's own `emailSchema`; sign-up
 * also applies the shared password rules, one message per reason. Without a known domain (the settings
 * failed to load) the server alone decides about the domain.
 */
export function authFormSchema(mode: AuthMode, companyDomain: string | null | undefined) {
  const email = z
    .string()
    // A failed refinement stops the pipe: an address outside the domain gets only the domain message.
    .refine((value) => !companyDomain || !value.trim() || isCompanyEmail(value, companyDomain), {
      message: companyDomain ? domainNotAllowedMessage(companyDomain) : '',
    })
    .pipe(emailSchema);
  const fields = z.object({ email, password: z.string().min(1, 'Password is required') });
  if (mode === 'sign-in') return fields;
  // Runs whether or not the address passed, so both fields show their problems at once.
  return fields.superRefine(({ email, password }, ctx) => {
    if (!password) return; // 'Password is required' says it all
    for (const reason of weakPasswordReasons(password, email.trim())) ctx.addIssue({ code: 'custom', path: ['password'], message: reason });
  });
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
