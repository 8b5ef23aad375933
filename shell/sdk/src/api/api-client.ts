import {
  listVenuesResultSchema,
  venueSchema,
  type ListVenuesQuery,
  type ListVenuesResult,
  type Venue,
  type VenueInput,
} from '@venuebook/proto/domain';
import type { z } from 'zod';
import { apiErrorFromResponse, ApiRequestError, isAbortError, networkError } from './api-error.ts';

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Base URL of the versioned API; same origin by default. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** Parameters of `api.venues.list`; everything optional (server defaults apply). */
export type VenueListParams = Partial<ListVenuesQuery>;

/** Query string of `GET /venues`; blank and absent values are left out. */
export function venueListSearchParams(query: VenueListParams): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.leagues && query.leagues.length > 0) params.set('leagues', query.leagues.join(','));
  if (query.sort) params.set('sort', query.sort);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  return params;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '/api/v1').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function request<S extends z.ZodType>(
    schema: S,
    path: string,
    init: { method?: string; body?: unknown; signal?: AbortSignal | undefined } = {},
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: init.signal ?? null,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw networkError(error);
    }
    const body: unknown = await readJson(response, init.signal);
    if (!response.ok) throw apiErrorFromResponse(response.status, body);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiRequestError({
        status: response.status,
        code: 'invalid_response',
        message: 'The server sent an unexpected response.',
        details: parsed.error.issues,
      });
    }
    return parsed.data;
  }

  return {
    venues: {
      list(query: VenueListParams = {}, opts: RequestOptions = {}): Promise<ListVenuesResult> {
        const qs = venueListSearchParams(query).toString();
        return request(listVenuesResultSchema, `/venues${qs ? `?${qs}` : ''}`, { signal: opts.signal });
      },
      get(id: string, opts: RequestOptions = {}): Promise<Venue> {
        return request(venueSchema, `/venues/${encodeURIComponent(id)}`, { signal: opts.signal });
      },
      create(input: VenueInput, opts: RequestOptions = {}): Promise<Venue> {
        return request(venueSchema, '/venues', { method: 'POST', body: input, signal: opts.signal });
      },
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  if (response.status === 204) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw networkError(error);
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The app-wide client (same-origin `/api/v1`). */
export const api: ApiClient = createApiClient();
