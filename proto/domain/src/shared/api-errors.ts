import type { FieldError } from './api-errors.schema.ts';

// ---- Error codes ------------------------------------------------------------------------------

/** Every `error.code` the HTTP API answers with by name (other statuses get their snake-cased reason phrase). */
export const API_ERROR_CODES = {
  invalidArgument: 'invalid_argument',
  unauthenticated: 'unauthenticated',
  permissionDenied: 'permission_denied',
  /** 403 for a signed-in user whose e-mail is outside the company domain (the Access Denied screen). */
  domainNotAllowed: 'domain_not_allowed',
  notFound: 'not_found',
  alreadyExists: 'already_exists',
  rateLimited: 'rate_limited',
  internal: 'internal',
  unavailable: 'unavailable',
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

/** The default `error.code` of an HTTP status (the gRPC → HTTP conventions); a specific code may override it. */
export const API_ERROR_CODE_BY_STATUS: Readonly<Partial<Record<number, ApiErrorCode>>> = {
  400: API_ERROR_CODES.invalidArgument,
  401: API_ERROR_CODES.unauthenticated,
  403: API_ERROR_CODES.permissionDenied,
  404: API_ERROR_CODES.notFound,
  409: API_ERROR_CODES.alreadyExists,
  429: API_ERROR_CODES.rateLimited,
  500: API_ERROR_CODES.internal,
  503: API_ERROR_CODES.unavailable,
};

/** Turns zod issues into `{ field, message }` details (field = dotted path, '' for the root). */
export function toFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map((p) => String(p)).join('.'),
    message: issue.message,
  }));
}
