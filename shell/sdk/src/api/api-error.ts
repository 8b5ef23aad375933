/** One validation problem as sent by the gateway (`details: [{ field, message }]`). */
export interface ApiFieldError {
  field: string;
  message: string;
}

/**
 * Every failed API call rejects with this error (aborts excepted: they reject with the
 * platform's AbortError so callers can ignore them).
 * `status` is the HTTP status, 0 when the server could not be reached.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(init: { status: number; code: string; message: string; details?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }

  /** Field errors from a 400 validation response (empty for other errors). */
  get fieldErrors(): ApiFieldError[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.filter((d): d is ApiFieldError => typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string');
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** True for the rejection of an aborted fetch (AbortController / unmount). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

const FALLBACK_MESSAGES: Readonly<Record<number, string>> = {
  400: 'The request was not valid.',
  401: 'Your session has expired. Please sign in again.',
  403: 'You do not have permission to do that.',
  404: 'Not found.',
  409: 'That conflicts with existing data.',
  429: 'Too many requests. Please wait a moment and try again.',
  502: 'The service is unavailable right now. Please try again.',
  503: 'The service is unavailable right now. Please try again.',
  504: 'The service took too long to answer. Please try again.',
};

/**
 * Builds the error for a non-2xx response from its status and (already parsed) body.
 * Bodies of the gateway's shape `{ error: { code, message, details? } }` are used as they are;
 * anything else (proxy HTML pages, empty bodies) gets a generic code and message.
 */
export function apiErrorFromResponse(status: number, body: unknown): ApiRequestError {
  // The gateway's envelope (apiErrorSchema in @venuebook/domain), checked by hand: this module is on every
  // page, and zod loads only with the forms. Details of any shape are kept (`fieldErrors` picks the valid ones).
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (typeof error?.code === 'string' && typeof error.message === 'string') {
    return new ApiRequestError({ status, code: error.code, message: error.message, details: error.details });
  }
  return new ApiRequestError({
    status,
    code: status >= 500 ? 'server_error' : 'http_error',
    message: FALLBACK_MESSAGES[status] ?? `Request failed (HTTP ${status}).`,
  });
}

/** The error for a request that never got a response (offline, DNS, connection refused). */
export function networkError(cause: unknown): ApiRequestError {
  const error = new ApiRequestError({
    status: 0,
    code: 'network_error',
    message: 'Could not reach the server. Check your connection and try again.',
  });
  error.cause = cause;
  return error;
}

/** Human-readable message for any error a data hook may hold. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
