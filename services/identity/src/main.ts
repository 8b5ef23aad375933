// The identity service's process: wiring only (the kit runs the start-up, see startDomainService).
import { randomUUID } from 'node:crypto';
import { domainSuffix } from '@venuebook/domain';
import { createEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { IdentityService } from '@venuebook/contracts/identity/v1';
import { Locks, publishEvent, runServiceMain, startDomainService, lockModel } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import type { IdentityConfig } from './config.ts';
import { parseOwnerEmails } from './domain/identity-rules.ts';
import { GuestSessions } from './domain/guest-sessions.ts';
import { deriveKey } from './domain/keys.ts';
import { PasswordHasher } from './domain/password.ts';
import type { ScryptParams } from './domain/password.ts';
import { createIdentityEvents } from './events/identity.events.ts';
import { startAuditConsumer } from './consumers/audit-consumer.ts';
import { createAuditSettingsHandlers } from './grpc/audit-settings.handlers.ts';
import { createFirstLoginHandlers } from './grpc/first-login.handlers.ts';
import { createIdentityHandlers } from './grpc/identity.handlers.ts';
import { createMailer } from './adapters/mailer.ts';
import { createAuditLogReadModel } from './read-model/audit-log-read-model.ts';
import type { AuditLogReadModel } from './read-model/audit-log-read-model.ts';
import { createUserReadModel } from './read-model/user-read-model.ts';
import type { UserReadModel } from './read-model/user-read-model.ts';
import { IdTokenVerifier } from './adapters/id-token-verifier.ts';
import { auditLogModel } from './repositories/audit-log.model.ts';
import { auditEntryCache, AuditLogRepository, toEntry } from './repositories/audit-log.repository.ts';
import { adminSettingModel } from './repositories/admin-setting.model.ts';
import { confirmationMailModel } from './repositories/confirmation-mail.model.ts';
import { firstLoginModel, firstLoginNoticeModel } from './repositories/first-login.model.ts';
import { idTokenUseModel } from './repositories/id-token-use.model.ts';
import { profileModel } from './repositories/profile.model.ts';
import { refreshTokenModel, refreshTokenUseModel, sessionModel } from './repositories/session.model.ts';
import { userModel } from './repositories/user.model.ts';
import { SettingsRepository } from './repositories/settings.repository.ts';
import { ConfirmationMailRepository } from './repositories/confirmation-mail.repository.ts';
import { IdTokenUseRepository } from './repositories/id-token-use.repository.ts';
import { SessionRepository } from './repositories/session.repository.ts';
import { UserRepository } from './repositories/user.repository.ts';
import { auditLogUseCases } from './use-cases/audit-logs.ts';
import { passwordWorkBusy, userBusy } from './use-cases/errors.ts';
import { createIdentityUseCases } from './use-cases/index.ts';
import { userListWrites } from './use-cases/user-list.ts';
import { firstLoginUseCases } from './use-cases/first-logins.ts';
import { settingsUseCases } from './use-cases/settings.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface StartOptions {
  logger?: Logger;
  /** Called on every scrypt run (tests count the work a sign-in does with it). */
  onScrypt?: (params: ScryptParams) => void;
}

/** The running service; `readModels`: its in-memory user list and audit log (tests: sizes, a refresh). */
export interface IdentityServiceHandle extends RunningServiceHandle {
  readModels: { users: UserReadModel; auditLogs: AuditLogReadModel };
}

export async function start(config: IdentityConfig, options: StartOptions = {}): Promise<IdentityServiceHandle> {
  // This process among the replicas: the change events it publishes name it, and its read models skip them.
  const instanceId = randomUUID();
  let readModels: IdentityServiceHandle['readModels'] | undefined;
  const handle = await startDomainService({
    name: 'identity',
    config,
    logger: options.logger,
    models: (connection) => ({
      users: userModel(connection),
      profiles: profileModel(connection),
      firstLogins: firstLoginModel(connection),
      firstLoginNotices: firstLoginNoticeModel(connection),
      sessions: sessionModel(connection),
      refreshTokens: refreshTokenModel(connection),
      refreshTokenUses: refreshTokenUseModel(connection),
      confirmationMails: confirmationMailModel(connection),
      idTokenUses: idTokenUseModel(connection),
      // Locks (the kit's): `user:<id>` and the roles lock `owner-role`.
      locks: lockModel(connection, 'IdentityLock', 'identity_locks'),
      auditLogs: auditLogModel(connection),
      adminSettings: adminSettingModel(connection),
    }),
    streams: [STREAMS.identity],
    service: IdentityService,
    handlers: async ({ models, nc, js, audit, logger, defer }) => {
      const mailer = createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM ?? `Venue Book <no-reply${domainSuffix(config.COMPANY_DOMAIN)}>`,
        logger,
      });
      defer(() => mailer.close());
      // The lists (users, audit log) in memory, loaded before any write or audit event is taken.
      const users = createUserReadModel(models, { logger, nc, instanceId });
      const auditEntries = auditEntryCache(models.auditLogs, config.AUDIT_LOG_CACHE_MB * 1024 * 1024);
      const auditLogReadModel = createAuditLogReadModel(models.auditLogs, {
        logger,
        nc,
        instanceId,
        readWhole: (doc) => auditEntries.set(doc._id, toEntry(doc)),
      });
      defer(() => users.stop());
      defer(() => auditLogReadModel.stop());
      await Promise.all([users.start(), auditLogReadModel.start()]);
      readModels = { users, auditLogs: auditLogReadModel };
      const events = createIdentityEvents(js, logger, audit);
      // One set of locks (identity_locks): the roles lock and the per-user locks.
      const locks = new Locks(models.locks);
      const userRepository = new UserRepository(models, {
        written: userListWrites(users, (userId) => events.userChanged(userId, instanceId)),
        locks,
        busy: userBusy,
      });
      const useCases = createIdentityUseCases({
        users: userRepository,
        userList: users,
        sessions: new SessionRepository(models, {
          ttlMs: config.SESSION_TTL_DAYS * 24 * HOUR_MS,
          graceMs: config.REFRESH_REUSE_GRACE_SECONDS * 1000,
          successorKey: deriveKey(config.USER_CONTEXT_KEY, 'refresh-successor'),
        }),
        confirmationMails: new ConfirmationMailRepository(models, {
          cooldownMs: config.SIGNUP_MAIL_COOLDOWN_SECONDS * 1000,
          perHour: config.SIGNUP_MAILS_PER_HOUR,
        }),
        locks,
        idTokens: config.GOOGLE_CLIENT_ID
          ? new IdTokenVerifier({ issuer: config.OIDC_ISSUER, clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.OIDC_JWKS_URL })
          : undefined,
        idTokenUses: new IdTokenUseRepository(models),
        guests: new GuestSessions(deriveKey(config.USER_CONTEXT_KEY, 'guest-session'), { ttlMs: config.GUEST_SESSION_TTL_MINUTES * 60_000 }),
        events,
        mailer,
        passwords: new PasswordHasher({
          log2N: config.PASSWORD_SCRYPT_LOG2_N,
          concurrency: config.PASSWORD_HASH_CONCURRENCY,
          queue: config.PASSWORD_HASH_QUEUE,
          busy: passwordWorkBusy,
          onScrypt: options.onScrypt,
        }),
        settings: {
          companyDomain: config.COMPANY_DOMAIN,
          ownerEmails: parseOwnerEmails(config.OWNER_EMAILS),
          confirmationTtlMs: config.CONFIRMATION_TTL_HOURS * HOUR_MS,
          confirmationLinkKey: deriveKey(config.USER_CONTEXT_KEY, 'confirmation-link'),
        },
        logger,
        now: () => new Date(),
      });
      const auditLogs = auditLogUseCases({
        auditLogs: new AuditLogRepository(models.auditLogs, auditEntries),
        auditList: auditLogReadModel,
        now: () => new Date(),
        // Throws when NATS refuses it: the audit event is then delivered again, and the news told again.
        stored: async (entryId) => {
          await publishEvent(js, SUBJECTS.auditEntryStored, createEnvelope(SUBJECTS.auditEntryStored, { entryId, origin: instanceId }));
        },
      });
      const auditConsumer = await startAuditConsumer(nc, { durable: config.AUDIT_CONSUMER_NAME, logger, useCases: auditLogs });
      defer(() => auditConsumer.stop());
      const settingsRepository = new SettingsRepository(models.adminSettings);
      const settings = settingsUseCases({
        settings: settingsRepository,
        audit,
        now: () => new Date(),
        allowLoopbackWebhook: config.WEBHOOK_ALLOW_LOOPBACK,
      });
      const firstLogins = firstLoginUseCases({ users: userRepository, userList: users, settings: settingsRepository });
      return {
        ...createIdentityHandlers(useCases),
        ...createAuditSettingsHandlers({ ...auditLogs, ...settings }),
        ...createFirstLoginHandlers(firstLogins),
      };
    },
  });
  if (!readModels) throw new Error('identity: the read models did not start');
  return { ...handle, readModels };
}

if (import.meta.main) await runServiceMain('identity', configSchema, start);
