import { STATUS_CODES } from 'node:http';
import { API_ERROR_CODE_BY_STATUS } from '@venuebook/proto/domain';
import type { ApiError, FieldError } from '@venuebook/proto/domain';
import { GrpcStatus } from '@venuebook/proto/grpc';
import type { GrpcError } from '@venuebook/proto/grpc';

/** gRPC status → HTTP status (conventions). */
export function httpStatusOfGrpc(code: number): number {
  switch (code) {
    case GrpcStatus.NOT_FOUND:
      return 404;
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.FAILED_PRECONDITION:
      return 400;
    case GrpcStatus.ALREADY_EXISTS:
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
