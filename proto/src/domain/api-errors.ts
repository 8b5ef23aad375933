import { z } from 'zod';

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

// ---- Error responses ----------------------------------------------------------------------------

export const fieldErrorSchema = z
  .object({
    field: z.string().describe("Dotted path of the field, e.g. 'name' or 'links.0.url'"),
    message: z.string(),
  })
  .meta({ id: 'FieldError', description: 'A validation error on one field' });

export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every error answer of the HTTP API: `{ error: { code, message, details? } }`. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().describe(`Machine-readable code: ${Object.values(API_ERROR_CODES).join(', ')}, or the snake-cased HTTP reason phrase`),
      message: z.string().describe('Human-readable message'),
      details: z.array(fieldErrorSchema).optional(),
    }),
  })
  .meta({ id: 'ApiError', description: 'Error response' });

export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The error answers of an operation, for a route's response schema: `{ 200: venueSchema, ...apiErrorResponses(400, 404) }`.
 * Every route lists the statuses it can answer with; all of them share the one ApiError schema.
 */
export function apiErrorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/**
 * A redirect answer of an operation, for a route's response schema: `{ ...redirectResponse(303, 'To the
 * sign-in page'), ...apiErrorResponses(400) }`. No body; the Location header says where.
 */
export function redirectResponse<const S extends 301 | 302 | 303 | 307 | 308>(status: S, description: string): Record<S, z.ZodNull> {
  return { [status]: z.null().describe(`${description} (Location header; no body)`) } as Record<S, z.ZodNull>;
}

/** Turns zod issues into `{ field, message }` details (field = dotted path, '' for the root). */
export function toFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map((p) => String(p)).join('.'),
    message: issue.message,
  }));
}
