import { z } from 'zod';
import { MAX_PAGE, MAX_PATH_PARAM_LENGTH, MAX_SEARCH_LENGTH } from './limits.ts';

/**
 * The numeric query values of the paged lists of the HTTP API, bounded in one place (limits.ts) so that no
 * number from a URL reaches a service unbounded (an unbounded `page` overflowed gRPC's int32: a 500). The
 * bounds show in the OpenAPI document (minimum, maximum).
 */
export const pageQuerySchema = z.coerce.number().int().min(1).max(MAX_PAGE).default(1).describe(`1-based page number (at most ${MAX_PAGE})`);

/** The page-size query value of a list: 1 … `max`, `fallback` when absent. */
export function pageSizeQuerySchema(options: { max: number; fallback: number; what: string }) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(options.max)
    .default(options.fallback)
    .describe(`${options.what} per page (default ${options.fallback}, max ${options.max})`);
}

/** The paging query values of a list, `page` and `pageSize` (pageSizeQuerySchema's options). */
export function pagingQueryShape(options: { max: number; fallback: number; what: string }) {
  return { page: pageQuerySchema, pageSize: pageSizeQuerySchema(options) };
}

/** The search text of a list (`q`): trimmed, at most `max` characters (MAX_SEARCH_LENGTH by default), absent when empty. */
export function searchQuerySchema(description: string, max: number = MAX_SEARCH_LENGTH) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((q) => q || undefined)
    .describe(description);
}

/** One page of a list: its `items`, the number of all matches (`total`, described by `totalDescription`), the page and its size. */
export function pageResultSchema<Item extends z.ZodType>(item: Item, totalDescription: string) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0).describe(totalDescription),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** A path parameter holding an id: 1 … MAX_PATH_PARAM_LENGTH characters (longer ones never reach a route). */
export function idParamSchema(description: string) {
  return z.string().min(1).max(MAX_PATH_PARAM_LENGTH).describe(description);
}
