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
  /** A rotated refresh token used again within this many seconds (a lost response) gets a fresh token once instead of ending the session; 0 turns it off. */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(30),
  /** How long the session of an outside-domain Google user (shown Access Denied, stored nowhere) lasts. */
  GUEST_SESSION_TTL_MINUTES: z.coerce.number().positive().max(24 * 60).default(60),
  CONFIRMATION_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Confirmation mails to one address: at most one per this many seconds... */
  SIGNUP_MAIL_COOLDOWN_SECONDS: z.coerce.number().int().min(1).default(60),
  /** ...and at most this many per hour. */
  SIGNUP_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /**
   * log2 of scrypt's cost N for new password hashes (17 = N=131,072, OWASP's minimum, about 128 MiB and a few
   * hundred ms per hash). Only tests lower it (for speed); hashes made with other values keep working and are
   * re-hashed at the next sign-in when weaker than this.
   */
  PASSWORD_SCRYPT_LOG2_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * Password hashes and checks (scrypt, about 128 MiB and a libuv thread each) running at once; more wait, up
   * to PASSWORD_HASH_QUEUE, and beyond that a sign-in, sign-up or confirmation is refused at once with
   * RESOURCE_EXHAUSTED 'Too many sign-in attempts right now. Please try again in a moment.' (HTTP 429).
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  /**
   * 'Continue with Google': the OAuth client id of the company's Google project, the audience every ID token
   * must name. Unset = SignInWithOidc answers FAILED_PRECONDITION 'Google sign-in is not configured'.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** The OpenID Connect issuer whose ID tokens are accepted (`iss`); its signing keys come from its discovery document. */
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  /** The issuer's JWKS, when it should not be read from the discovery document (default: its `jwks_uri`). */
  OIDC_JWKS_URL: z.url().optional(),
  /** The JetStream durable consumer that stores the audit log (replicas share it; tests give each instance its own). */
  /**
   * Audit entries kept whole in memory (old and new values), in MiB, least recently read out first: a page of
   * the Audit Logs read again needs no database read (each entry not kept costs one read by `_id`). 0 = none.
   * The list itself (time, table, action, user and record id of every entry) is always in memory.
   */
  AUDIT_LOG_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  AUDIT_CONSUMER_NAME: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _').default('identity-audit'),
});

export type IdentityConfig = z.output<typeof configSchema>;
