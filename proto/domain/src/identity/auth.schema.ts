// The zod schemas of the HTTP contract of /api/v1/auth (the constants and rules are in auth.ts, free of zod).
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { roleSchema } from '../shared/enums.schema.ts';
import { EMAIL_INPUT_PATTERN } from '../shared/input-patterns.ts';
import { ROLES } from './roles.ts';

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

/** `{ message }` of a successful sign-up. */
export type SignUpResult = z.infer<typeof signUpResultSchema>;

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
