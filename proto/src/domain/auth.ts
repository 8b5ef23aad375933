import { z } from 'zod';
import { ROLES, roleSchema } from './roles.ts';
import { EMAIL_INPUT_PATTERN } from './input-patterns.ts';

// ---- Company domain (spec §1, §5) --------------------------------------------------------

/** 'example.com' or '@example.com' → '@example.com' (lower case), the suffix every address must end with. */
export function domainSuffix(domain: string): string {
  const bare = domain.trim().toLowerCase().replace(/^@+/, '');
  return `@${bare}`;
}

/** Whether `email` belongs to the company domain (case-insensitive, whole domain: a@xexample.com is not). */
export function isCompanyEmail(email: string, domain: string): boolean {
  return email.trim().toLowerCase().endsWith(domainSuffix(domain));
}

/** 'Only {domain} email addresses are allowed' (spec §5, §8); {domain} as configured, with its @. */
export function domainNotAllowedMessage(domain: string): string {
  return `Only ${domainSuffix(domain)} email addresses are allowed`;
}

/** Access Denied screen text (spec §2). */
export function accessDeniedMessage(domain: string): string {
  return `Only ${domainSuffix(domain)} email addresses are allowed to access this application.`;
}

export const AUTH_MESSAGES = {
  signUpSuccess: 'Check your email for the confirmation link!',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  sessionMissing: 'Auth session missing!',
  noSession: 'No session found',
  notAuthenticated: 'User not authenticated',
  alreadyRegistered: 'User already registered',
  invalidConfirmation: 'The confirmation link is invalid or has expired',
  confirmWithPassword: 'Sign in with your password to confirm your email address.',
  tooManyRequests: 'Too many requests. Please try again later.',
  forbidden: 'You do not have permission to do this',
} as const;

// ---- Passwords -------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Reasons a password is weak (empty when it is acceptable): at least 8 characters, letters and digits,
 * not the e-mail's local part. The spec shows no rules of its own; these follow common practice.
 */
export function weakPasswordReasons(password: string, email = ''): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) reasons.push(`Password should be at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) reasons.push('Password should contain letters and digits.');
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) reasons.push('Password should not contain your e-mail name.');
  return reasons;
}

// ---- HTTP contract of /api/v1/auth --------------------------------------------------------------

/** The httpOnly cookie that carries the refresh token; the browser sends it only to REFRESH_COOKIE_PATH. */
export const REFRESH_COOKIE_NAME = 'vb_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

export const LOGOUT_SCOPES = ['global', 'local', 'others'] as const;
export type LogoutScope = (typeof LOGOUT_SCOPES)[number];

/**
 * An e-mail address as typed: checked as given (at most 320 characters, zod's e-mail pattern with white space
 * around it), then trimmed and lower-cased. One pattern, so that the OpenAPI document states exactly what is
 * accepted.
 */
export const emailSchema = z
  .string()
  .refine((email) => email.trim() !== '', { error: 'Email is required', abort: true })
  .max(320)
  .regex(EMAIL_INPUT_PATTERN, 'Invalid email address')
  .transform((email) => email.trim().toLowerCase());

export const credentialsSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
    /** The token of the sign-up confirmation link: signing in with it confirms the address first. */
    confirmationToken: z.string().max(200).optional(),
  })
  .meta({ id: 'Credentials' });

export type Credentials = z.infer<typeof credentialsSchema>;

export const authUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    welcomeShown: z.boolean(),
    createdAt: z.string().describe('ISO 8601'),
    lastSignInAt: z.string().nullable().describe('ISO 8601, null when never'),
  })
  .meta({ id: 'AuthUser', description: 'The signed-in user' });

export type AuthUser = z.infer<typeof authUserSchema>;

/** What sign-in and refresh return; the refresh token travels only in the httpOnly cookie. */
export const sessionSchema = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('bearer'),
    /** Seconds until the access token expires. */
    expiresIn: z.number().int().positive(),
    /** Epoch seconds. */
    expiresAt: z.number().int().positive(),
    user: authUserSchema,
  })
  .meta({ id: 'Session' });

export type Session = z.infer<typeof sessionSchema>;

export const authConfigSchema = z
  .object({
    companyDomain: z.string().describe("e.g. '@example.com'"),
    google: z.object({ enabled: z.boolean() }),
  })
  .meta({ id: 'AuthConfig', description: 'What the sign-in page needs to know' });

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const signUpResultSchema = z.object({ message: z.string() }).meta({ id: 'SignUpResult' });

export const managedUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'ManagedUser', description: 'A user in the management list' });

export type ManagedUser = z.infer<typeof managedUserSchema>;

export const assignRoleSchema = z.object({ userId: z.string().min(1), role: z.enum(ROLES) }).meta({ id: 'AssignRole' });
