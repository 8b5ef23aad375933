import type { z } from 'zod';
import { loadConfig } from '../config.ts';
import type { TestInfra } from './infra.ts';

/**
 * The configuration of a service that an integration test starts in-process: the test's MongoDB (database
 * `db`) and NATS, gRPC on a free port of 127.0.0.1, LOG_LEVEL warn, `userContextKey` as USER_CONTEXT_KEY;
 * `env` adds the service's own variables (or overrides these), checked by the service's schema as at start.
 */
export function serviceTestConfig<S extends z.ZodType>(
  schema: S,
  infra: Pick<TestInfra, 'mongoUri' | 'natsUrl'>,
  options: { db: string; userContextKey: string; env?: Record<string, string | undefined> },
): z.output<S> {
  return loadConfig(schema, {
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: options.db,
    NATS_URL: infra.natsUrl,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    LOG_LEVEL: 'warn',
    USER_CONTEXT_KEY: options.userContextKey,
    ...options.env,
  });
}
