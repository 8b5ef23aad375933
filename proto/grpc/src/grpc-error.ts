import * as grpc from '@grpc/grpc-js';

/** Trailing-metadata key that carries field-level validation errors as JSON. */
export const FIELD_ERRORS_METADATA_KEY = 'venuebook-field-errors';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * An error with a gRPC status. Handlers throw it to answer with that status; clients reject with it,
 * rebuilt from the status, the message and the field errors in the trailing metadata.
 */
export class GrpcError extends Error {
  readonly code: grpc.status;
  readonly fieldErrors: FieldError[];

  constructor(code: grpc.status, message: string, fieldErrors: FieldError[] = [], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GrpcError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  /** The status name, e.g. 'NOT_FOUND'. */
  get codeName(): string {
    return grpc.status[this.code] ?? 'UNKNOWN';
  }

  static notFound(message: string): GrpcError {
    return new GrpcError(grpc.status.NOT_FOUND, message);
  }

  static invalidArgument(message: string, fieldErrors: FieldError[] = []): GrpcError {
    return new GrpcError(grpc.status.INVALID_ARGUMENT, message, fieldErrors);
  }

  /** Builds a GrpcError from what a grpc-js client reports. */
  static fromServiceError(error: grpc.ServiceError): GrpcError {
    const fieldErrors = error.metadata ? readFieldErrors(error.metadata) : [];
    return new GrpcError(error.code, error.details || error.message, fieldErrors, { cause: error });
  }
}

export function isGrpcError(value: unknown): value is GrpcError {
  return value instanceof GrpcError;
}

/**
 * Encodes field errors as trailing metadata; returns undefined when there are none. A metadata value must be printable
 * ASCII (grpc-js throws otherwise, and a throw while answering an error takes the whole process down; a message may
 * echo a user's non-ASCII input, e.g. an unknown id 'é'): every other character is written as a JSON \u escape,
 * which JSON.parse reads back as it was.
 */
export function writeFieldErrors(fieldErrors: readonly FieldError[]): grpc.Metadata | undefined {
  if (fieldErrors.length === 0) return undefined;
  const metadata = new grpc.Metadata();
  metadata.set(FIELD_ERRORS_METADATA_KEY, encodeFieldErrors(fieldErrors));
  return metadata;
}

/**
 * The most field errors a trailer carries, the longest field and message (characters) and the longest trailer (bytes):
 * a header list over grpc-js's limit (16 KB by default) is refused whole and turns a 400 into a 500 ('Received RST_STREAM').
 */
export const FIELD_ERRORS_LIMITS = { count: 50, text: 200, bytes: 8 * 1024 } as const;

function clip(text: string): string {
  return text.length <= FIELD_ERRORS_LIMITS.text ? text : `${text.slice(0, FIELD_ERRORS_LIMITS.text - 1)}…`;
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The trailer's text: the first errors (each field and message clipped) as long as the total stays within the limit. */
function encodeFieldErrors(fieldErrors: readonly FieldError[]): string {
  const kept: string[] = [];
  let bytes = 2;
  for (const error of fieldErrors.slice(0, FIELD_ERRORS_LIMITS.count)) {
    const entry = asciiJson({ field: clip(error.field), message: clip(error.message) });
    if (bytes + entry.length + 1 > FIELD_ERRORS_LIMITS.bytes) break;
    kept.push(entry);
    bytes += entry.length + 1;
  }
  return `[${kept.join(',')}]`;
}

/** Decodes field errors from trailing metadata. Malformed entries are ignored. */
export function readFieldErrors(metadata: grpc.Metadata): FieldError[] {
  const [raw] = metadata.get(FIELD_ERRORS_METADATA_KEY);
  if (typeof raw !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const result: FieldError[] = [];
  for (const entry of parsed as unknown[]) {
    if (entry && typeof entry === 'object') {
      const { field, message } = entry as Record<string, unknown>;
      if (typeof field === 'string' && typeof message === 'string') result.push({ field, message });
    }
  }
  return result;
}
