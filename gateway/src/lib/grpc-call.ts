import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallOptions } from '@venuebook/proto/grpc';
import { REQUEST_ID_METADATA_KEY } from '@venuebook/proto/grpc';

/**
 * Per-request gRPC call options: the request id travels as metadata, and the call is cancelled when the
 * HTTP connection closes before the response was sent. The deadline is the client's default
 * (GRPC_DEADLINE_MS). (The signed user context joins this metadata once authentication lands.)
 */
export function grpcCallOptions(request: FastifyRequest, reply: FastifyReply): CallOptions {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return { metadata: { [REQUEST_ID_METADATA_KEY]: String(request.id) }, signal: controller.signal };
}
