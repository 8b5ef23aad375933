import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from '@venuebook/proto/grpc';
import type { Client } from '@venuebook/proto/grpc';
import { VenuesService } from '@venuebook/proto/venues/v1';
import { createHealthChecker } from '@venuebook/service-kit';
import type { GrpcHealthChecker } from '@venuebook/service-kit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Typed client of the venues service; every call has a deadline (GRPC_DEADLINE_MS). */
    venues: Client<typeof VenuesService>;
    /** Readiness probes of the downstream services, by name. */
    grpcHealth: { venues: GrpcHealthChecker };
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    const { VENUES_GRPC_URL, GRPC_DEADLINE_MS } = fastify.config;
    const venues = createClient(VenuesService, VENUES_GRPC_URL, { deadlineMs: GRPC_DEADLINE_MS });
    const venuesHealth = createHealthChecker(VENUES_GRPC_URL, { deadlineMs: Math.min(GRPC_DEADLINE_MS, 2000) });
    fastify.decorate('venues', venues);
    fastify.decorate('grpcHealth', { venues: venuesHealth });
    fastify.addHook('onClose', async () => {
      venues.close();
      venuesHealth.close();
    });
  },
  { name: 'grpc-clients' },
);
