import type { DescService } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { GrpcError } from './grpc-error.ts';
import type { ServiceHandlers, UntypedHandler } from './types.ts';

/**
 * Handlers for some methods of `service`; every other method answers UNIMPLEMENTED. For tests of the
 * plumbing (server, TLS, user context) that need a service but not all of it, so that a new RPC in the
 * contract does not break them.
 */
export function partialHandlers<S extends DescService>(service: S, handlers: Partial<ServiceHandlers<S>>): ServiceHandlers<S> {
  const all: Record<string, UntypedHandler | undefined> = { ...(handlers as Record<string, UntypedHandler>) };
  for (const method of service.methods) {
    if (all[method.localName]) continue;
    const unimplemented = () => new GrpcError(grpc.status.UNIMPLEMENTED, `${method.localName} is not implemented here`);
    all[method.localName] =
      method.methodKind === 'server_streaming'
        ? () => ({
            [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(unimplemented()) }),
          })
        : () => Promise.reject(unimplemented());
  }
  return all as unknown as ServiceHandlers<S>;
}
