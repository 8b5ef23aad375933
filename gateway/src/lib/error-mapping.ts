import { STATUS_CODES } from 'node:http';
import { API_ERROR_CODE_BY_STATUS } from '@venuebook/domain';
import type { ApiError, FieldError } from '@venuebook/domain';
import { GrpcStatus } from '@venuebook/grpc';
import type { GrpcError } from '@venuebook/grpc';

/**
 * RESOURCE_EXHAUSTED means two things. A service's own refusal (identity's sign-up mail cooldown and hourly
 * cap) is a rate limit: 429 with the service's message. grpc-js's message-size refusals are not: a request the
 * gateway could not send is too large (413); an answer over the message limit, or a request the service
 * refused as over its limit, cannot be delivered (502). These are grpc-js's own messages:
 * 'Attempted to send message with a size larger than N' (this side's send limit),
 * 'Received message larger than max (N vs M)', 'Sent message larger than max (N vs. M)' and
 * 'Received message that decompresses to a size larger than N'.
 */
const REQUEST_TOO_LARGE = /^Attempted to send message with a size larger than \d+/;
const MESSAGE_TOO_LARGE = /^(?:Received message larger than max|Sent message larger than max|Received message that decompresses to a size larger than)\b/;

export const MESSAGE_SIZE_MESSAGES = {
  413: 'The request is too large to pass on to the service.',
  502: 'The answer is too large to deliver. Ask for less, e.g. a smaller page.',
} as const;

/** The HTTP status of a gRPC message-size refusal (413 or 502), or undefined for any other error. */
export function messageSizeStatus(code: number, message: string): 413 | 502 | undefined {
  if (code !== GrpcStatus.RESOURCE_EXHAUSTED) return undefined;
  if (REQUEST_TOO_LARGE.test(message)) return 413;
  if (MESSAGE_TOO_LARGE.test(message)) return 502;
  return undefined;
}

/** gRPC status → HTTP status (conventions). A RESOURCE_EXHAUSTED is a rate limit (429) unless `message` says it is a size (see above). */
export function httpStatusOfGrpc(code: number, message = ''): number {
  const sizeStatus = messageSizeStatus(code, message);
  if (sizeStatus) return sizeStatus;
  switch (code) {
    case GrpcStatus.NOT_FOUND:
      return 404;
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.FAILED_PRECONDITION:
      return 400;
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.ABORTED:
      return 409;
    case GrpcStatus.PERMISSION_DENIED:
      return 403;
    case GrpcStatus.UNAUTHENTICATED:
      return 401;
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return 429;
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 503;
    default:
      return 500;
  }
}

const snakeCase = (phrase: string): string =>
  phrase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The `error.code` of an HTTP status: the shared codes, else the snake-cased reason phrase. */
export function apiErrorCode(status: number): string {
  return API_ERROR_CODE_BY_STATUS[status] ?? snakeCase(STATUS_CODES[status] ?? 'error');
}

export const GENERIC_MESSAGES: Record<number, string> = {
  500: 'Internal server error',
  503: 'Service temporarily unavailable. Please try again.',
};

/** `code` overrides the status's default code, e.g. API_ERROR_CODES.domainNotAllowed for a 403. */
export function apiError(status: number, message: string, details?: FieldError[], code?: string): ApiError {
  return { error: { code: code ?? apiErrorCode(status), message, ...(details && details.length > 0 ? { details } : {}) } };
}

/**
 * The HTTP answer to a failed gRPC call. Client-facing statuses keep the service's message (e.g. 'Venue not
 * found') and field errors; 5xx answers get a generic message so that internals do not leak.
 */
export function fromGrpcError(error: GrpcError): { status: number; body: ApiError } {
  const sizeStatus = messageSizeStatus(error.code, error.message);
  if (sizeStatus) return { status: sizeStatus, body: apiError(sizeStatus, MESSAGE_SIZE_MESSAGES[sizeStatus]) };
  const status = httpStatusOfGrpc(error.code);
  if (status >= 500) return { status, body: apiError(status, GENERIC_MESSAGES[status] ?? GENERIC_MESSAGES[500]!) };
  return { status, body: apiError(status, error.message, status === 400 ? error.fieldErrors : undefined) };
}

/** A JSON-pointer-ish instancePath ('/links/0/url') as a dotted field name ('links.0.url'). */
export function fieldOfInstancePath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

/** An error the gateway answers with `status`, `message` and, when given, a specific `error.code`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly apiCode: string | undefined;

  constructor(statusCode: number, message: string, apiCode?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.apiCode = apiCode;
  }
}
