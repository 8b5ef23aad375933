// The identity service's process: wiring only (the kit runs the start-up, see startDomainService).
import { domainSuffix } from '@venuebook/proto/domain';
import { STREAMS } from '@venuebook/proto/events';
import { IdentityService } from '@venuebook/proto/identity/v1';
import { runServiceMain, startDomainService } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import type { IdentityConfig } from './config.ts';
import { parseOwnerEmails } from './domain/identity-rules.ts';
import { createIdentityEvents } from './events/identity.events.ts';
import { createIdentityHandlers } from './grpc/identity.handlers.ts';
import { createMailer } from './mail/mailer.ts';
import { identityModels } from './repositories/identity.models.ts';
import { SessionRepository } from './repositories/session.repository.ts';
import { UserRepository } from './repositories/user.repository.ts';
import { createIdentityUseCases } from './use-cases/index.ts';

const HOUR_MS = 60 * 60 * 1000;

export function start(config: IdentityConfig, options: { logger?: Logger } = {}): Promise<RunningServiceHandle> {
  return startDomainService({
    name: 'identity',
    config,
    logger: options.logger,
    models: identityModels,
    streams: [STREAMS.identity],
    service: IdentityService,
    handlers: ({ models, js, logger, defer }) => {
      const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM ?? `Venue Book <no-reply${domainSuffix(config.COMPANY_DOMAIN)}>`, logger });
      defer(() => mailer.close());
      const useCases = createIdentityUseCases({
        users: new UserRepository(models),
        sessions: new SessionRepository(models, { ttlMs: config.SESSION_TTL_DAYS * 24 * HOUR_MS }),
        events: createIdentityEvents(js, logger),
        mailer,
        settings: {
          companyDomain: config.COMPANY_DOMAIN,
          ownerEmails: parseOwnerEmails(config.OWNER_EMAILS),
          confirmationTtlMs: config.CONFIRMATION_TTL_HOURS * HOUR_MS,
        },
        logger,
        now: () => new Date(),
      });
      return createIdentityHandlers(useCases);
    },
  });
}

if (import.meta.main) await runServiceMain('identity', configSchema, start);
