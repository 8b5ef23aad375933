// Test wiring (integration tests only): the venues service's configuration on the test's servers, and a
// gRPC client that calls an instance as the gateway would, with a signed user context.
import { createClient } from '@venuebook/grpc';
import type { Caller, Client } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { userContextSigner } from '@venuebook/service-kit';
import { serviceTestConfig } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import { configSchema } from '../config.ts';
import type { VenuesConfig } from '../config.ts';

/** The configuration of an instance started by a test: database `db`, a free gRPC port (serviceTestConfig). */
export function venuesTestConfig(infra: TestInfra, options: { db: string; userContextKey: string }): VenuesConfig {
  return serviceTestConfig(configSchema, infra, options);
}

/** A client of the instance listening on `service.port`, calling as `caller` (context signed with `userContextKey`). */
export function venuesClient(service: { port: number }, caller: Caller, userContextKey: string): Client<typeof VenuesService> {
  return createClient(VenuesService, `127.0.0.1:${service.port}`, { deadlineMs: 10_000, metadata: userContextSigner(caller, userContextKey) });
}
