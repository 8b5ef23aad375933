import type { DescService } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { implement, messageSizeOptions, methodPath, toServiceDefinition } from '@venuebook/grpc';
import type { UntypedHandlers } from '@venuebook/grpc';
import { isLoopbackHost, serverCredentials } from './grpc-tls.ts';
import type { GrpcServerTls } from './grpc-tls.ts';
import { verifyUserContext } from './user-context.ts';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from 'pino';

export interface GrpcServiceRegistration {
  service: DescService;
  /** `ServiceHandlers<typeof TheService>` from '@venuebook/grpc'. */
  handlers: UntypedHandlers;
}

export interface StartGrpcServerOptions {
  host: string;
  /** 0 picks a free port; the bound port is returned. */
  port: number;
  services: readonly GrpcServiceRegistration[];
  logger: Logger;
  /**
   * The key of the signed user context (USER_CONTEXT_KEY). When set, every call of the registered services
   * must carry a valid signature (else UNAUTHENTICATED) and handlers find the caller in `call.caller`.
   * Only tests of the plumbing itself leave it out.
   */
  userContextKey?: string;
  /** How long stop() waits for in-flight calls before forcing. Default 5000 ms. */
  shutdownTimeoutMs?: number;
  /** TLS (GRPC_TLS_CERT, GRPC_TLS_KEY, GRPC_TLS_CA through grpcServerTls); without it the server speaks plain text. */
  tls?: GrpcServerTls;
  /** Plain text on a non-loopback host (GRPC_ALLOW_INSECURE=true): only where the network itself is trusted. */
  allowInsecure?: boolean;
  /** The largest request accepted and response sent (GRPC_MAX_MESSAGE_BYTES; default DEFAULT_MAX_MESSAGE_BYTES, 4 MiB). */
  maxMessageBytes?: number;
  channelOptions?: grpc.ChannelOptions;
}

export interface RunningGrpcServer {
  port: number;
  server: grpc.Server;
  health: HealthImplementation;
  /** Reports NOT_SERVING, lets in-flight calls finish (up to the timeout), then forces the shutdown. */
  stop(timeoutMs?: number): Promise<void>;
}

function bind(server: grpc.Server, address: string, credentials: grpc.ServerCredentials): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(address, credentials, (error, port) => (error ? reject(error) : resolve(port)));
  });
}

function formatAddress(host: string, port: number): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * Wraps every handler so that it runs only for a call with a valid signed user context, signed for the
 * method being served (its full path, e.g. /venuebook.venues.v1.VenuesService/DeleteVenue). At LOG_LEVEL
 * debug each call is logged ('gRPC call': which replica served what).
 */
function withVerifiedCaller(service: DescService, handlers: UntypedHandlers, key: string, logger: Logger): UntypedHandlers {
  const paths = new Map(service.methods.map((method) => [method.localName, methodPath(service, method)]));
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => {
      const path = paths.get(name) ?? `/${service.typeName}/${name}`;
      return [
        name,
        (request: Parameters<typeof handler>[0], call: Parameters<typeof handler>[1]) => {
          call.caller = verifyUserContext(call.metadata, key, path);
          logger.debug({ method: path, requestId: call.requestId }, 'gRPC call');
          return handler(request, call);
        },
      ];
    }),
  );
}

/**
 * Starts a grpc-js server with the given services plus the standard `grpc.health.v1.Health` service,
 * reporting SERVING for '' (the whole server) and for each service's fully-qualified name.
 */
export async function startGrpcServer(options: StartGrpcServerOptions): Promise<RunningGrpcServer> {
  const { logger } = options;
  if (!options.tls && !options.allowInsecure && !isLoopbackHost(options.host)) {
    throw new Error(
      `gRPC on ${options.host} would be reachable from other machines in plain text: set GRPC_TLS_CERT and GRPC_TLS_KEY ` +
        '(and GRPC_TLS_CA for mutual TLS), listen on 127.0.0.1, or set GRPC_ALLOW_INSECURE=true on a trusted network',
    );
  }
  const server = new grpc.Server({ ...messageSizeOptions(options.maxMessageBytes), ...options.channelOptions });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  for (const { service, handlers } of options.services) {
    server.addService(
      toServiceDefinition(service),
      implement(service, options.userContextKey ? withVerifiedCaller(service, handlers, options.userContextKey, logger) : handlers, {
        onInternalError: (error, info) => logger.error({ err: error, method: info.method, requestId: info.requestId }, 'gRPC handler failed'),
      }),
    );
    health.setStatus(service.typeName, 'NOT_SERVING');
  }
  health.addToServer(server);

  const port = await bind(server, formatAddress(options.host, options.port), serverCredentials(options.tls));
  health.setStatus('', 'SERVING');
  for (const { service } of options.services) health.setStatus(service.typeName, 'SERVING');
  logger.info(
    {
      host: options.host,
      port,
      tls: options.tls ? (options.tls.clientCa ? 'mutual' : 'server') : 'off',
      services: options.services.map(({ service }) => service.typeName),
    },
    'gRPC server listening',
  );

  let stopping: Promise<void> | undefined;
  const stop = (timeoutMs = options.shutdownTimeoutMs ?? 5000): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      health.setStatus('', 'NOT_SERVING');
      for (const { service } of options.services) health.setStatus(service.typeName, 'NOT_SERVING');
      const timer = setTimeout(() => {
        logger.warn({ timeoutMs }, 'gRPC graceful shutdown timed out; forcing');
        server.forceShutdown();
        resolve();
      }, timeoutMs);
      timer.unref();
      server.tryShutdown((error) => {
        clearTimeout(timer);
        if (error) {
          logger.warn({ err: error }, 'gRPC graceful shutdown failed; forcing');
          server.forceShutdown();
        }
        resolve();
      });
    });
    return stopping;
  };

  return { port, server, health, stop };
}
