import { z } from 'zod';
import { domainSuffix } from '@venuebook/proto/domain';
import { STREAMS } from '@venuebook/proto/events';
import { IdentityService } from '@venuebook/proto/identity/v1';
import {
  baseConfigSchema,
  connectMongo,
  connectNats,
  createLogger,
  ensureIndexes,
  ensureStreams,
  grpcServerConfigSchema,
  mongoConfigSchema,
  natsConfigSchema,
  runServiceMain,
  startServiceLifecycle,
  serveGrpc,
  userContextConfigSchema,
} from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { parseOwnerEmails } from './domain/identity-rules.ts';
import { createIdentityEvents } from './events/identity.events.ts';
import { createIdentityHandlers } from './grpc/identity.handlers.ts';
import { createMailer } from './mail/mailer.ts';
import { identityModels } from './repositories/identity.models.ts';
import { SessionRepository } from './repositories/session.repository.ts';
import { UserRepository } from './repositories/user.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

export const configSchema = z.object({
  ...baseConfigSchema.shape,
  ...mongoConfigSchema('venuebook_identity').shape,
  ...natsConfigSchema.shape,
  ...grpcServerConfigSchema.shape,
  ...userContextConfigSchema.shape,
  /** The company e-mail domain, e.g. example.com. */
  COMPANY_DOMAIN: z.string().regex(/^@?[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as example.com'),
  /** Comma-separated addresses that become owner on first sign-in. */
  OWNER_EMAILS: z.string().default(''),
  /** smtp://user:pass@host:port (or smtps://) of the mail relay for sign-up confirmations. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  CONFIRMATION_TTL_HOURS: z.coerce.number().positive().default(24),
});

export type IdentityConfig = z.output<typeof configSchema>;

export type RunningIdentityService = RunningServiceHandle;

export async function start(config: IdentityConfig, options: { logger?: Logger } = {}): Promise<RunningIdentityService> {
  const logger = options.logger ?? createLogger('identity', { level: config.LOG_LEVEL });
  return startServiceLifecycle('identity', logger, async (defer) => {
    const connection = await connectMongo(config.MONGODB_URI, config.MONGODB_DB, { appName: 'identity' });
    defer(() => connection.close());
    const models = identityModels(connection);
    await ensureIndexes(Object.values(models));

    const nc = await connectNats(config.NATS_URL, { name: 'identity' });
    defer(() => nc.drain());
    await ensureStreams(nc, [STREAMS.identity]);

    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM ?? `Venue Book <no-reply${domainSuffix(config.COMPANY_DOMAIN)}>`, logger });
    defer(() => mailer.close());

    const handlers = createIdentityHandlers({
      users: new UserRepository(models),
      sessions: new SessionRepository(models, { ttlMs: config.SESSION_TTL_DAYS * 24 * HOUR_MS }),
      events: createIdentityEvents(nc.jetstream(), logger),
      mailer,
      settings: {
        companyDomain: config.COMPANY_DOMAIN,
        ownerEmails: parseOwnerEmails(config.OWNER_EMAILS),
        confirmationTtlMs: config.CONFIRMATION_TTL_HOURS * HOUR_MS,
      },
      logger,
    });
    return serveGrpc(defer, { config, service: IdentityService, handlers, logger });
  });
}

if (import.meta.main) await runServiceMain('identity', configSchema, start);
