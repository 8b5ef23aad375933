import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import AutoLoad from '@fastify/autoload';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectNats, createLogger } from '@venuebook/service-kit';
import type { Logger } from '@venuebook/service-kit';
import type { GatewayConfig } from './config.ts';
import { redactUrl } from './lib/redact-url.ts';
import { frameworkErrors, ROUTER_MAX_PARAM_LENGTH } from './plugins/app/error-handler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: GatewayConfig;
  }
}

/** Test files live beside the code; autoload must not register them as plugins or routes. */
const TEST_FILES = /\.(int\.)?test\.ts$/;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The gateway instance, typed with the zod type provider. */
export type GatewayApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export interface BuildAppOptions {
  logger?: Logger;
  /**
   * How the plugins that listen to NATS (identity events, presence) connect: the kit's `connectNats` by default. The
   * OpenAPI document's build passes one that connects nowhere (openapi-document.ts).
   */
  connectNats?: typeof connectNats;
}

/** What every autoloaded plugin and route receives as its options. */
export interface AppPluginOptions {
  config: GatewayConfig;
  connectNats: typeof connectNats;
}

/**
 * Builds the gateway (not listening): external plugins (helmet, cookie, sensible, swagger), then app
 * plugins (gRPC clients, error handling, static front ends), then the routes folder, whose autohooks
 * cascade to nested folders (`/api` is where authentication goes).
 */
export async function buildApp(config: GatewayConfig, options: BuildAppOptions = {}): Promise<GatewayApp> {
  const logger: FastifyBaseLogger = options.logger ?? createLogger('gateway', { level: config.LOG_LEVEL });
  const app = Fastify({
    loggerInstance: logger,
    // Keep a caller's request id when it looks sane (it is echoed and passed on to services).
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: ROUTER_MAX_PARAM_LENGTH },
    // Errors before routing (a path parameter too long, a bad percent-encoding) in the API's error format.
    frameworkErrors,
    // A JSON body's own "__proto__" / "constructor.prototype" keys are dropped (never applied) rather than
    // refusing the body: the API documents bodies open to extra properties, and ignores them.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Requests are logged by the onResponse hook below, with secrets in query strings masked.
    disableRequestLogging: true,
    // request.ip (rate limits, logs) from X-Forwarded-For only for trusted proxies (TRUST_PROXY, off by default).
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  const pluginOptions: AppPluginOptions = { config, connectNats: options.connectNats ?? connectNats };
  await app.register(AutoLoad, { dir: join(import.meta.dirname, 'plugins', 'external'), ignorePattern: TEST_FILES, options: pluginOptions });
  await app.register(AutoLoad, { dir: join(import.meta.dirname, 'plugins', 'app'), ignorePattern: TEST_FILES, options: pluginOptions });
  await app.register(AutoLoad, {
    dir: join(import.meta.dirname, 'routes'),
    ignorePattern: TEST_FILES,
    // A folder's name is its routes' URL prefix, except a domain's folder in parentheses (`routes/api/v1/(cards)/`):
    // it groups the routes of one domain (and service) without adding to their URLs, so that /venues/{id}/cards
    // lives with the other cards routes, in `(cards)/venues/`.
    dirNameRoutePrefix: (_parent: string, folder: string) => (folder.startsWith('(') ? false : folder),
    autoHooks: true,
    cascadeHooks: true,
    options: pluginOptions,
  });
  await app.ready();
  return app;
}
