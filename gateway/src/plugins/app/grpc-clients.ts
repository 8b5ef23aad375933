import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from '@venuebook/proto/grpc';
import type { Client } from '@venuebook/proto/grpc';
import { IdentityService } from '@venuebook/proto/identity/v1';
import { VenuesService } from '@venuebook/proto/venues/v1';
import { createHealthChecker } from '@venuebook/service-kit';
import type { GrpcHealthChecker } from '@venuebook/service-kit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Typed client of the venues service; every call has a deadline (GRPC_DEADLINE_MS). */
    venues: Client<typeof VenuesService>;
    identity: Client<typeof IdentityService>;
    /** Readiness probes of the downstream services, by name. */
    grpcHealth: Record<'venues' | 'identity', GrpcHealthChecker>;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    const { VENUES_GRPC_URL, IDENTITY_GRPC_URL, GRPC_DEADLINE_MS } = fastify.config;
    const options = { deadlineMs: GRPC_DEADLINE_MS };
    const healthOptions = { deadlineMs: Math.min(GRPC_DEADLINE_MS, 2000) };
    const venues = createClient(VenuesService, VENUES_GRPC_URL, options);
    const identity = createClient(IdentityService, IDENTITY_GRPC_URL, options);
    const health = { venues: createHealthChecker(VENUES_GRPC_URL, healthOptions), identity: createHealthChecker(IDENTITY_GRPC_URL, healthOptions) };
    fastify.decorate('venues', venues);
    fastify.decorate('identity', identity);
    fastify.decorate('grpcHealth', health);
    fastify.addHook('onClose', async () => {
      venues.close();
      identity.close();
      for (const checker of Object.values(health)) checker.close();
    });
  },
  { name: 'grpc-clients' },
);
