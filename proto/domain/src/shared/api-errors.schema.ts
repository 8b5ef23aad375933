// The zod schemas of the HTTP API's error answers (the codes are in api-errors.ts, free of zod).
import { z } from 'zod';
import { API_ERROR_CODES } from './api-errors.ts';

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
