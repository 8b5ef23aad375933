import type { DescService } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { GrpcError } from './grpc-error.ts';
import type { ServiceHandlers, UnaryHandler } from './types.ts';

/**
 * Handlers for some methods of `service`; every other unary method answers UNIMPLEMENTED. For tests of the
 * plumbing (server, TLS, user context) that need a service but not all of it, so that a new RPC in the
 * contract does not break them.
 */
export function partialHandlers<S extends DescService>(service: S, handlers: Partial<ServiceHandlers<S>>): ServiceHandlers<S> {
  const all: Record<string, UnaryHandler<never, never> | undefined> = { ...(handlers as Record<string, UnaryHandler<never, never>>) };
  for (const method of service.methods) {
    if (method.methodKind !== 'unary' || all[method.localName]) continue;
    all[method.localName] = () => Promise.reject(new GrpcError(grpc.status.UNIMPLEMENTED, `${method.localName} is not implemented here`));
  }
  return all as unknown as ServiceHandlers<S>;
}
