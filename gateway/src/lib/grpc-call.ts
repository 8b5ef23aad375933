import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallOptions } from '@venuebook/grpc';
import { userContextSigner } from '@venuebook/service-kit';

/**
 * Per-request gRPC call options: the signed user context (the caller resolved by the /api hooks, or an
 * anonymous one before sign-in) with the request id, signed for the method each call goes to, and
 * cancellation when the HTTP connection closes before the response was sent. The deadline is the client's
 * default (GRPC_DEADLINE_MS).
 */
export function grpcCallOptions(request: FastifyRequest, reply: FastifyReply): CallOptions {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const auth = request.auth;
  const caller = { userId: auth?.userId ?? '', email: auth?.email ?? '', role: auth?.role ?? '', requestId: String(request.id) };
  return { metadata: userContextSigner(caller, request.server.config.USER_CONTEXT_KEY), signal: controller.signal };
}
