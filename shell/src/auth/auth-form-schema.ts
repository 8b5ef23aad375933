// The auth form's zod schema, apart from auth-form.ts: the login page (part of the shell's first chunk) uses
// the form's texts, and zod must load only with the sign-in page itself (auth-page.tsx, a lazily loaded chunk).
import { domainNotAllowedMessage, isCompanyEmail, weakPasswordReasons } from '@venuebook/sdk';
import { emailSchema } from '@venuebook/domain';
import { z } from 'zod';
import type { AuthMode } from './auth-form.ts';

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
