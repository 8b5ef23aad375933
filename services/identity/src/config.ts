import { z } from 'zod';
import { booleanSettingSchema, companyDomainSchema, serviceConfigSchema } from '@venuebook/service-kit';

/** The identity service's environment: what every service reads, plus its own settings. */
export const configSchema = serviceConfigSchema('venuebook_identity').extend({
  COMPANY_DOMAIN: companyDomainSchema.describe('the company e-mail domain, e.g. `example.com`: only its addresses may sign up and sign in'),
  OWNER_EMAILS: z.string().default('').describe('comma-separated addresses that become owner at their first sign-in'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .describe('`smtp://user:pass@host:587` (or `smtps://`) of the mail relay for sign-up confirmations'),
  MAIL_FROM: z.string().optional().describe('the sender of those mails (default: `Venue Book <no-reply@<domain>>`)'),
  SESSION_TTL_DAYS: z.coerce
    .number()
    .positive()
    .default(30)
    .describe("how long a session (refresh-token family) lasts; the gateway takes the session's end from the grant"),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(300)
    .default(30)
    .describe(
      'a rotated refresh token used again within this window (a lost response, two tabs) gets a fresh token once instead of ending the session; 0 turns it off',
    ),
  GUEST_SESSION_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(60)
    .describe('the session of a Google user outside the company domain (shown Access Denied, stored nowhere)'),
  CONFIRMATION_TTL_HOURS: z.coerce.number().positive().default(24).describe('how long the link of a confirmation mail works'),
  SIGNUP_MAIL_COOLDOWN_SECONDS: z.coerce.number().int().min(1).default(60).describe('confirmation mails to one address: at most one per this many seconds'),
  SIGNUP_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(5).describe('confirmation mails to one address: at most this many per hour'),
  PASSWORD_SCRYPT_LOG2_N: z.coerce
    .number()
    .int()
    .min(10)
    .max(20)
    .default(17)
    .describe(
      "log2 of scrypt's N for new password hashes (17: about 128 MiB and a few hundred ms per hash); only tests lower it. Hashes made with other values keep working and are re-hashed at the next sign-in when weaker",
    ),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(2)
    .describe('password hashes and checks running at once (about 128 MiB and a libuv thread each)'),
  PASSWORD_HASH_QUEUE: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(16)
    .describe(
      "how many more may wait; beyond that a sign-in, sign-up or confirmation answers 429 'Too many sign-in attempts right now. Please try again in a moment.'",
    ),
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .describe(
      "the OAuth client id of the company's Google project (the gateway's value): the audience every ID token must name; unset = Google sign-in is refused",
    ),
  OIDC_ISSUER: z.url().default('https://accounts.google.com').describe("the OpenID Connect issuer whose ID tokens are accepted (the gateway's value)"),
  OIDC_JWKS_URL: z.url().optional().describe("where the issuer's signing keys are read (default: its discovery document's `jwks_uri`)"),
  AUDIT_LOG_CACHE_MB: z.coerce
    .number()
    .min(0)
    .max(4096)
    .default(32)
    .describe('audit entries kept whole in memory, in MiB (a page read again needs no database read; 0 = none); the list itself is always in memory'),
  WEBHOOK_ALLOW_LOOPBACK: booleanSettingSchema.describe(
    'accept a first-login webhook URL on this machine (http(s)://127.0.0.1, localhost): local mode and tests only; the notifier has the same setting',
  ),
  AUDIT_CONSUMER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
    .default('identity-audit')
    .describe("the JetStream durable consumer, shared by the replicas, that stores every service's audit events"),
});

export type IdentityConfig = z.output<typeof configSchema>;
