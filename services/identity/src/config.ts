import { z } from 'zod';
import { companyDomainSchema, serviceConfigSchema } from '@venuebook/service-kit';

/** The identity service's environment: what every service reads, plus its own settings. */
export const configSchema = serviceConfigSchema('venuebook_identity').extend({
  /** The company e-mail domain, e.g. example.com. */
  COMPANY_DOMAIN: companyDomainSchema,
  /** Comma-separated addresses that become owner on first sign-in. */
  OWNER_EMAILS: z.string().default(''),
  /** smtp://user:pass@host:port (or smtps://) of the mail relay for sign-up confirmations. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().optional(),
  /** How long a session (refresh-token family) lasts; the grant tells the gateway when it ends. */
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  CONFIRMATION_TTL_HOURS: z.coerce.number().positive().default(24),
});

export type IdentityConfig = z.output<typeof configSchema>;
