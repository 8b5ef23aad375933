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
