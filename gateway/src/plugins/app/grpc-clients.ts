import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import { SERVICE_NAMES, SERVICES } from '@venuebook/contracts/services';
import type { ServiceDescriptor, ServiceName } from '@venuebook/contracts/services';
import { createHealthChecker, grpcClientCredentials } from '@venuebook/service-kit';
import type { GrpcHealthChecker } from '@venuebook/service-kit';

/** A typed client of every service of the registry, by name; every call has a deadline (GRPC_DEADLINE_MS). */
export type GrpcClients = { readonly [N in ServiceName]: Client<ServiceDescriptor<N>> };

declare module 'fastify' {
  // `fastify.venues`, `fastify.identity`, ...: one decoration per registered service.
  interface FastifyInstance extends GrpcClients {
    /** Readiness probes of the downstream services, by name (a service of several replicas: one probe per replica). */
    grpcHealth: Record<ServiceName, GrpcHealthChecker>;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    const { GRPC_DEADLINE_MS, GRPC_MAX_MESSAGE_BYTES } = fastify.config;
    // TLS to the services when GRPC_TLS_CA is set (GRPC_TLS_CERT + GRPC_TLS_KEY: the gateway's certificate for mutual TLS).
    const credentials = grpcClientCredentials(fastify.config);
    const options = { deadlineMs: GRPC_DEADLINE_MS, maxMessageBytes: GRPC_MAX_MESSAGE_BYTES, ...(credentials ? { credentials } : {}) };
    const healthOptions = { deadlineMs: Math.min(GRPC_DEADLINE_MS, 2000), credentials };
    const health = {} as Record<ServiceName, GrpcHealthChecker>;
    const clients: { close(): void }[] = [];
    for (const name of SERVICE_NAMES) {
      // One host:port, or the replicas' separated by commas: the client balances over them.
      const address = fastify.config[SERVICES[name].urlEnv];
      const client = createClient(SERVICES[name].service, address, options);
      clients.push(client);
      // Typed per name by GrpcClients above; the loop itself cannot narrow the union of descriptors.
      fastify.decorate(name, client as never);
      health[name] = createHealthChecker(address, healthOptions);
    }
    fastify.decorate('grpcHealth', health);
    fastify.addHook('onClose', async () => {
      for (const client of clients) client.close();
      for (const checker of Object.values(health)) checker.close();
    });
  },
  { name: 'grpc-clients' },
);
