import type { DescService } from '@bufbuild/protobuf';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { STREAMS } from '@venuebook/contracts/events';
import type { StreamDefinition } from '@venuebook/contracts/events';
import { createAuditRecorder } from './audit.ts';
import type { AuditRecorder } from './audit.ts';
import type { ServiceHandlers } from '@venuebook/grpc';
import { configReference, loadConfigOrExit } from './config.ts';
import type { serviceConfigSchema } from './config.ts';
import { startGrpcServer } from './grpc-server.ts';
import { grpcServerTls } from './grpc-tls.ts';
import type { GrpcTlsFiles } from './grpc-tls.ts';
import type { GrpcServiceRegistration } from './grpc-server.ts';
import { createLogger } from './logger.ts';
import type { Logger } from './logger.ts';
import { connectMongo, ensureIndexes } from './mongo.ts';
import type { IndexedModel } from './mongo.ts';
import { connectNats, ensureStreams } from './nats.ts';
import type { JetStreamClient, NatsConnection } from './nats.ts';
import { runService } from './shutdown.ts';

export interface RunningServiceHandle {
  /** The bound gRPC port. */
  port: number;
  /** Undoes every deferred step in reverse order, once. */
  stop(): Promise<void>;
}

/** Registers a step to undo on stop (or when start-up fails half-way), e.g. `defer(() => connection.close())`. */
export type Defer = (undo: () => Promise<unknown> | unknown) => void;

/**
 * The start-up shape every service shares: `body` connects stores, builds handlers and starts the gRPC
 * server, deferring the matching clean-up after each step; it returns the bound port. If it throws, what
 * was already started is undone before the error propagates. stop() undoes everything in reverse order,
 * logging (not throwing) failed steps.
 */
export async function startServiceLifecycle(name: string, logger: Logger, body: (defer: Defer) => Promise<number>): Promise<RunningServiceHandle> {
  const undo: (() => Promise<unknown> | unknown)[] = [];
  const cleanup = async (): Promise<void> => {
    for (const step of undo.splice(0).reverse()) {
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => logger.warn({ err: error }, 'cleanup step failed'));
    }
  };
  try {
    const port = await body((step) => undo.push(step));
    let stopped: Promise<void> | undefined;
    return {
      port,
      stop: () => {
        stopped ??= cleanup().then(() => logger.info(`${name} service stopped`));
        return stopped;
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The `if (import.meta.main)` of a service: configuration from the environment (exit 1 listing every
 * problem), a logger at its level, and runService (signals, graceful shutdown).
 */
export async function runServiceMain<S extends z.ZodType<{ LOG_LEVEL: string }>>(
  name: string,
  schema: S,
  start: (config: z.output<S>, options: { logger: Logger }) => Promise<{ stop(): Promise<void> }>,
): Promise<void> {
  // `--config-reference`: print what the process reads (JSON, for docs/configuration.md) instead of starting.
  if (process.argv.includes('--config-reference')) {
    process.stdout.write(`${JSON.stringify(configReference(schema))}\n`);
    return;
  }
  const config = loadConfigOrExit(schema, createLogger(name));
  const logger = createLogger(name, { level: config.LOG_LEVEL });
  await runService(() => start(config, { logger }), { logger });
}

/**
 * The last step of every service's start-up: its gRPC server on GRPC_HOST:GRPC_PORT, refusing calls without
 * a valid signed user context (USER_CONTEXT_KEY), stopped on shutdown. Returns the bound port.
 */
export async function serveGrpc(
  defer: Defer,
  options: {
    config: { GRPC_HOST: string; GRPC_PORT: number; USER_CONTEXT_KEY: string; GRPC_MAX_MESSAGE_BYTES?: number; GRPC_ALLOW_INSECURE?: boolean } & GrpcTlsFiles;
    service: GrpcServiceRegistration['service'];
    handlers: GrpcServiceRegistration['handlers'];
    logger: Logger;
  },
): Promise<number> {
  const tls = grpcServerTls(options.config);
  const server = await startGrpcServer({
    ...(tls ? { tls } : {}),
    allowInsecure: options.config.GRPC_ALLOW_INSECURE ?? false,
    host: options.config.GRPC_HOST,
    port: options.config.GRPC_PORT,
    services: [{ service: options.service, handlers: options.handlers }],
    logger: options.logger,
    userContextKey: options.config.USER_CONTEXT_KEY,
    ...(options.config.GRPC_MAX_MESSAGE_BYTES ? { maxMessageBytes: options.config.GRPC_MAX_MESSAGE_BYTES } : {}),
  });
  defer(() => server.stop());
  return server.port;
}

/** The variables `startDomainService` reads (a service's config extends `serviceConfigSchema`). */
export type DomainServiceConfig = z.output<ReturnType<typeof serviceConfigSchema>>;

/** What a service's `handlers` factory gets: its configuration, models, NATS and the clean-up registry. */
export interface DomainServiceContext<C extends DomainServiceConfig, M extends Record<keyof M, IndexedModel>> {
  config: C;
  logger: Logger;
  models: M;
  nc: NatsConnection;
  js: JetStreamClient;
  /** The service's audit log writer (every mutation records itself through it; identity stores the entries). */
  audit: AuditRecorder;
  /** Registers a clean-up of something the factory opened (e.g. a mail transport). */
  defer: Defer;
}

export interface DomainServiceOptions<C extends DomainServiceConfig, M extends Record<keyof M, IndexedModel>, S extends DescService> {
  /** Short name: the logger's name and the MongoDB / NATS client name. */
  name: string;
  config: C;
  /** Default: a logger named `name` at LOG_LEVEL. */
  logger?: Logger | undefined;
  /** The service's mongoose models on its connection; their indexes are ensured before serving. */
  models: (connection: Connection) => M;
  /** The JetStream streams the service publishes to (created or updated at start-up); the audit stream is always added. */
  streams: readonly StreamDefinition[];
  /** The generated descriptor of the service's contract. */
  service: S;
  handlers: (context: DomainServiceContext<C, M>) => ServiceHandlers<S> | Promise<ServiceHandlers<S>>;
}

/**
 * The whole start-up of a gRPC domain service, so that its main.ts is only wiring: connect MongoDB, build
 * the models and ensure their indexes, connect NATS and ensure the streams, build the handlers, serve gRPC
 * (signed user context required). Each step is undone on stop, in reverse order, or at once when a later
 * step fails.
 */
export function startDomainService<C extends DomainServiceConfig, M extends Record<keyof M, IndexedModel>, S extends DescService>(
  options: DomainServiceOptions<C, M, S>,
): Promise<RunningServiceHandle> {
  const { name, config } = options;
  const logger = options.logger ?? createLogger(name, { level: config.LOG_LEVEL });
  return startServiceLifecycle(name, logger, async (defer) => {
    const connection = await connectMongo(config.MONGODB_URI, config.MONGODB_DB, { appName: name });
    defer(() => connection.close());
    const models = options.models(connection);
    await ensureIndexes(Object.values<IndexedModel>(models));

    const nc = await connectNats(config.NATS_URL, { name });
    defer(() => nc.drain());
    await ensureStreams(nc, options.streams.includes(STREAMS.audit) ? options.streams : [...options.streams, STREAMS.audit]);

    const js = nc.jetstream();
    const audit = createAuditRecorder(js, logger, { service: name });
    const handlers = await options.handlers({ config, logger, models, nc, js, audit, defer });
    return serveGrpc(defer, { config, service: options.service, handlers, logger });
  });
}
