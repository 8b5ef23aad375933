// Test wiring (integration tests only): the cards service's configuration on the test's servers, and a gRPC
// client that calls an instance as the gateway would, with a signed user context.
import { CardsService } from '@venuebook/contracts/cards/v1';
import { createClient } from '@venuebook/grpc';
import type { Caller, Client } from '@venuebook/grpc';
import { userContextSigner } from '@venuebook/service-kit';
import { serviceTestConfig } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import { configSchema } from '../config.ts';
import type { CardsConfig } from '../config.ts';

/** The configuration of an instance started by a test: database `db`, a free gRPC port, the venues service at `venuesAddress`. */
/**
 * The service's settings for a test. The venue check is not cached unless `env` says so (VENUE_CHECK_CACHE_MS): a
 * test that deletes a venue and reads at once tests the venue check itself, not how fast the venue.deleted event
 * travels (venue-lifecycle.int.test.ts tests the cache and its events).
 */
export function cardsTestConfig(
  infra: TestInfra,
  options: { db: string; userContextKey: string; venuesAddress?: string; env?: Record<string, string> },
): CardsConfig {
  return serviceTestConfig(configSchema, infra, {
    db: options.db,
    userContextKey: options.userContextKey,
    env: { VENUE_CHECK_CACHE_MS: '0', ...(options.venuesAddress ? { VENUES_GRPC_URL: options.venuesAddress } : {}), ...options.env },
  });
}

/** A client of the instance listening on `service.port`, calling as `caller` (context signed with `userContextKey`). */
export function cardsClient(service: { port: number }, caller: Caller, userContextKey: string): Client<typeof CardsService> {
  return createClient(CardsService, `127.0.0.1:${service.port}`, { deadlineMs: 10_000, metadata: userContextSigner(caller, userContextKey) });
}
