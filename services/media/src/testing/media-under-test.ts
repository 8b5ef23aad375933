// Test wiring (integration tests only): the media service's configuration on the test's servers, and a gRPC
// client that calls an instance as the gateway would, with a signed user context.
import { MediaService } from '@venuebook/contracts/media/v1';
import { createClient } from '@venuebook/grpc';
import type { Caller, Client } from '@venuebook/grpc';
import { userContextSigner } from '@venuebook/service-kit';
import { serviceTestConfig } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import { configSchema } from '../config.ts';
import type { MediaConfig } from '../config.ts';

/** The S3 settings of the test's MinIO. */
export function s3Env(infra: TestInfra, bucket: string): Record<string, string> {
  return {
    S3_ENDPOINT: `${infra.s3.useSSL ? 'https' : 'http'}://${infra.s3.endPoint}:${infra.s3.port}`,
    S3_ACCESS_KEY: infra.s3.accessKey,
    S3_SECRET_KEY: infra.s3.secretKey,
    S3_BUCKET: bucket,
  };
}

/**
 * The service's settings for a test: database `db`, bucket `bucket`, the venues and cards services at their
 * addresses. The venue check is not cached unless `env` says so (VENUE_CHECK_CACHE_MS).
 */
export function mediaTestConfig(
  infra: TestInfra,
  options: { db: string; bucket: string; userContextKey: string; venuesAddress: string; cardsAddress: string; env?: Record<string, string> },
): MediaConfig {
  return serviceTestConfig(configSchema, infra, {
    db: options.db,
    userContextKey: options.userContextKey,
    env: {
      VENUE_CHECK_CACHE_MS: '0',
      VENUES_GRPC_URL: options.venuesAddress,
      CARDS_GRPC_URL: options.cardsAddress,
      ...s3Env(infra, options.bucket),
      ...options.env,
    },
  });
}

/** A client of the instance listening on `service.port`, calling as `caller` (context signed with `userContextKey`). */
export function mediaClient(service: { port: number } | string, caller: Caller, userContextKey: string): Client<typeof MediaService> {
  const address = typeof service === 'string' ? service : `127.0.0.1:${service.port}`;
  return createClient(MediaService, address, { deadlineMs: 60_000, metadata: userContextSigner(caller, userContextKey) });
}
