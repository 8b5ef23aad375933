// A service's client of another service of the registry: the one way a service calls another. The channel takes
// the deployment's TLS (GRPC_TLS_CA, and this service's own certificate as the client's for mutual TLS) and a
// deadline; every call carries the caller's own signed user context, so the called service authorises the user
// that started the work, never this service.
import { createClient } from '@venuebook/grpc';
import type { CallOptions, Caller, Client } from '@venuebook/grpc';
import { SERVICES } from '@venuebook/contracts/services';
import type { ServiceName } from '@venuebook/contracts/services';
import { grpcClientCredentials } from '../grpc-tls.ts';
import { userContextSigner } from '../user-context.ts';

/** What a client of another service needs of the calling service's settings. */
export interface ServiceClientSettings {
  USER_CONTEXT_KEY: string;
  GRPC_TLS_CA?: string | undefined;
  GRPC_TLS_CERT?: string | undefined;
  GRPC_TLS_KEY?: string | undefined;
}

export interface ServiceClient<N extends ServiceName> {
  /** The typed client of the service's gRPC contract. */
  client: Client<(typeof SERVICES)[N]['service']>;
  /** Call options on behalf of `caller` (its signed user context). */
  as(caller: Caller): CallOptions;
  close(): void;
}

/** A client of service `name` at `address` (`host:port`, or its replicas separated by commas). */
export function createServiceClient<N extends ServiceName>(
  name: N,
  address: string,
  settings: ServiceClientSettings & { deadlineMs: number },
): ServiceClient<N> {
  const credentials = settings.GRPC_TLS_CA ? grpcClientCredentials(settings) : undefined;
  const client = createClient(SERVICES[name].service, address, { deadlineMs: settings.deadlineMs, ...(credentials ? { credentials } : {}) }) as Client<
    (typeof SERVICES)[N]['service']
  >;
  return {
    client,
    as: (caller) => ({ metadata: userContextSigner(caller, settings.USER_CONTEXT_KEY) }),
    close: () => client.close(),
  };
}
