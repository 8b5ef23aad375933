import { describe, expect, it } from 'vitest';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import { apiErrorCode, fieldOfInstancePath, fromGrpcError, httpStatusOfGrpc, MESSAGE_SIZE_MESSAGES } from './error-mapping.ts';

describe('gRPC → HTTP mapping', () => {
  it.each([
    [GrpcStatus.NOT_FOUND, 404],
    [GrpcStatus.INVALID_ARGUMENT, 400],
    [GrpcStatus.ALREADY_EXISTS, 409],
    [GrpcStatus.PERMISSION_DENIED, 403],
    [GrpcStatus.UNAUTHENTICATED, 401],
    [GrpcStatus.UNAVAILABLE, 503],
    [GrpcStatus.DEADLINE_EXCEEDED, 503],
    [GrpcStatus.INTERNAL, 500],
    [GrpcStatus.UNKNOWN, 500],
    [GrpcStatus.FAILED_PRECONDITION, 400],
    [GrpcStatus.RESOURCE_EXHAUSTED, 429],
    [GrpcStatus.ABORTED, 409],
  ])('maps gRPC status %i to HTTP %i', (code, status) => {
    expect(httpStatusOfGrpc(code)).toBe(status);
  });

  it('keeps the message and field errors of INVALID_ARGUMENT', () => {
    const error = GrpcError.invalidArgument('Invalid venue', [{ field: 'name', message: 'Venue name is required' }]);
    expect(fromGrpcError(error)).toEqual({
      status: 400,
      body: { error: { code: 'invalid_argument', message: 'Invalid venue', details: [{ field: 'name', message: 'Venue name is required' }] } },
    });
  });

  it("keeps a service's own RESOURCE_EXHAUSTED (the sign-up mail cooldown) a 429 with its message", () => {
    const cooldown = new GrpcError(GrpcStatus.RESOURCE_EXHAUSTED, 'Please wait 60 seconds before asking for another e-mail.');
    expect(fromGrpcError(cooldown)).toEqual({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Please wait 60 seconds before asking for another e-mail.' } },
    });
  });

  it("maps grpc-js's message-size refusals to 502 (an answer or request over the limit) and 413 (a request the gateway cannot send), without internals", () => {
    for (const message of [
      'Received message larger than max (5242880 vs 4194304)',
      'Sent message larger than max (5242885 vs. 4194304)',
      'Received message that decompresses to a size larger than 4194304',
    ]) {
      expect(httpStatusOfGrpc(GrpcStatus.RESOURCE_EXHAUSTED, message)).toBe(502);
      expect(fromGrpcError(new GrpcError(GrpcStatus.RESOURCE_EXHAUSTED, message))).toEqual({
        status: 502,
        body: { error: { code: 'bad_gateway', message: MESSAGE_SIZE_MESSAGES[502] } },
      });
    }
    const unsent = fromGrpcError(new GrpcError(GrpcStatus.RESOURCE_EXHAUSTED, 'Attempted to send message with a size larger than 4194304'));
    expect(unsent).toEqual({ status: 413, body: { error: { code: 'payload_too_large', message: MESSAGE_SIZE_MESSAGES[413] } } });
    // The same words under another status are not a size refusal.
    expect(fromGrpcError(new GrpcError(GrpcStatus.INTERNAL, 'Received message larger than max (1 vs 0)')).status).toBe(500);
  });

  it("keeps the service's not-found message", () => {
    expect(fromGrpcError(GrpcError.notFound('Venue not found'))).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Venue not found' } },
    });
  });

  it('hides internals of unavailable and internal errors', () => {
    const unavailable = fromGrpcError(new GrpcError(GrpcStatus.UNAVAILABLE, 'No connection established. Last error: connect ECONNREFUSED 127.0.0.1:50051'));
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error.code).toBe('unavailable');
    expect(unavailable.body.error.message).not.toContain('ECONNREFUSED');
    const internal = fromGrpcError(new GrpcError(GrpcStatus.INTERNAL, 'stack trace here'));
    expect(internal.body).toEqual({ error: { code: 'internal', message: 'Internal server error' } });
  });
});

describe('helpers', () => {
  it('names error codes by HTTP status', () => {
    expect(apiErrorCode(404)).toBe('not_found');
    expect(apiErrorCode(413)).toBe('payload_too_large');
    expect(apiErrorCode(415)).toBe('unsupported_media_type');
  });

  it('turns instance paths into dotted field names', () => {
    expect(fieldOfInstancePath('/links/0/url')).toBe('links.0.url');
    expect(fieldOfInstancePath('/name')).toBe('name');
    expect(fieldOfInstancePath('')).toBe('');
  });
});
