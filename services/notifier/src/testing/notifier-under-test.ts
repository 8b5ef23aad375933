// Test harness (integration tests only): the notifier on the test's servers (FerretDB, NATS) with a database of
// the file's own, in-process (or, with `process: true`, as its own process, for tests that kill it); the identity
// service it asks, as its own process (a service never imports another), trusting the run's shared OpenID
// Connect provider so that a first login is one 'Continue with Google'; the run's shared webhook receiver, with a
// hook of the file's own. Registers the file's beforeAll and afterAll; its fields are set once beforeAll has run.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentityService } from '@venuebook/contracts/identity/v1';
import { NotifierService } from '@venuebook/contracts/notifier/v1';
import { createClient } from '@venuebook/grpc';
import type { Caller, Client } from '@venuebook/grpc';
import { connectMongo, createLogger, userContextSigner } from '@venuebook/service-kit';
import { startGrpcService } from '@venuebook/service-kit/processes';
import type { RunningGrpcService } from '@venuebook/service-kit/processes';
import { idTokenMinter, serviceTestConfig, sharedStandIns, testInfra, webhookReceiver } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import { configSchema } from '../config.ts';
import type { NotifierConfig } from '../config.ts';
import { start } from '../main.ts';
import type { NotifierServiceHandle } from '../main.ts';

/** Fast retries and a short deadline, so that a test sees several attempts in seconds. */
export const TEST_NOTIFIER_ENV = {
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_RETRY_MAX_MS: '2000',
  WEBHOOK_TIMEOUT_MS: '1500',
  NOTIFIER_LEASE_MS: '3000',
  NOTIFIER_SWEEP_INTERVAL_MS: '1000',
  NOTIFIER_GRACE_MS: '2000',
  APP_URL: 'http://app.example.test',
};

export interface NotifierHarness {
  readonly infra: TestInfra;
  readonly userContextKey: string;
  readonly config: NotifierConfig;
  /** The in-process notifier (undefined with `process: true`). */
  readonly notifier: NotifierServiceHandle | undefined;
  /** The notifier's process (with `process: true`). */
  readonly notifierProcess: RunningGrpcService | undefined;
  readonly identityService: RunningGrpcService;
  /** The shared webhook receiver, and this file's hook on it. */
  readonly receiver: ReturnType<typeof webhookReceiver>;
  readonly hook: string;
  readonly hookUrl: string;
  /** The notifier's and identity's databases, for checks behind their backs. */
  readonly db: Connection;
  readonly identityDb: Connection;
  /** A caller with `role` (e.g. 'admin'). */
  user(role: string): Caller;
  /** The notifier's API as `role`. */
  notifierAs(role: string): Client<typeof NotifierService>;
  /** Identity's API as `role`. */
  identityAs(role: string): Client<typeof IdentityService>;
  /** A first sign-in ('Continue with Google') of a new company address; its user id and e-mail. */
  firstLogin(prefix?: string): Promise<{ userId: string; email: string }>;
  /** Saves the webhook URL in the admin settings (as an admin). */
  setWebhookUrl(url: string): Promise<void>;
  /** Whether identity has the user's first login marked notified (undefined: no first login). */
  notified(userId: string): Promise<boolean | undefined>;
}

/**
 * `process`: run the notifier as its own process (tests that kill it); `natsUrl`: a NATS of the file's own instead
 * of the shared one (a test that restarts NATS), read when beforeAll runs.
 */
export function notifierUnderTest(name: string, options: { process?: boolean; env?: Record<string, string>; natsUrl?: () => string } = {}): NotifierHarness {
  const suffix = randomUUID().slice(0, 8);
  const logDir = mkdtempSync(join(tmpdir(), `venuebook-notifier-${name}-`));
  const clients: { close(): void }[] = [];
  const user = (role: string): Caller => ({ userId: randomUUID(), email: `${role}-${suffix}@example.com`, role, requestId: `${name}-${role}` });
  const harness = {
    infra: testInfra(),
    userContextKey: randomBytes(32).toString('base64url'),
    hook: `${name}-${suffix}`,
    user,
    notifierAs(role: string) {
      const address = harness.notifierProcess?.address ?? `127.0.0.1:${harness.notifier!.port}`;
      const client = createClient(NotifierService, address, { deadlineMs: 15_000, metadata: userContextSigner(user(role), harness.userContextKey) });
      clients.push(client);
      return client;
    },
    identityAs(role: string) {
      const client = createClient(IdentityService, harness.identityService!.address, {
        deadlineMs: 15_000,
        metadata: userContextSigner(role ? user(role) : { userId: '', email: '', role: '', requestId: name }, harness.userContextKey),
      });
      clients.push(client);
      return client;
    },
  } as { -readonly [K in keyof NotifierHarness]?: NotifierHarness[K] } & Pick<
    NotifierHarness,
    'infra' | 'userContextKey' | 'hook' | 'user' | 'notifierAs' | 'identityAs'
  >;
  let mint: ((claims: { email: string }) => Promise<string>) | undefined;
  let anonymousIdentity: Client<typeof IdentityService> | undefined;

  beforeAll(async () => {
    const standIns = await sharedStandIns();
    const infra = options.natsUrl ? { ...harness.infra, natsUrl: options.natsUrl() } : harness.infra;
    mint = idTokenMinter(standIns.oidc);
    harness.identityService = await startGrpcService({
      name: 'identity',
      env: {
        MONGODB_URI: infra.mongoUri,
        NATS_URL: infra.natsUrl,
        MONGODB_DB: `venuebook_test_notifier_identity_${suffix}`,
        USER_CONTEXT_KEY: harness.userContextKey,
        COMPANY_DOMAIN: 'example.com',
        SMTP_URL: standIns.smtpUrl,
        OIDC_ISSUER: standIns.oidc.issuer,
        GOOGLE_CLIENT_ID: standIns.oidc.clientId,
        OIDC_JWKS_URL: '',
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        AUDIT_CONSUMER_NAME: `identity-audit-${suffix}`,
      },
      logDir,
      logLevel: 'warn',
    });
    const env = {
      ...TEST_NOTIFIER_ENV,
      IDENTITY_GRPC_URL: harness.identityService.address,
      FIRST_LOGIN_CONSUMER_NAME: `notifier-first-logins-${suffix}`,
      NOTIFIER_JOBS_CONSUMER_NAME: `notifier-jobs-${suffix}`,
      ...options.env,
    };
    const db = `venuebook_test_notifier_${name.replaceAll('-', '_')}_${suffix}`;
    harness.config = serviceTestConfig(configSchema, infra, { db, userContextKey: harness.userContextKey, env });
    if (options.process) {
      harness.notifierProcess = await startGrpcService({
        name: 'notifier',
        env: { MONGODB_URI: infra.mongoUri, NATS_URL: infra.natsUrl, MONGODB_DB: db, USER_CONTEXT_KEY: harness.userContextKey, ...env },
        logDir,
        logLevel: process.env.NOTIFIER_TEST_LOG_LEVEL ?? 'warn',
      });
    } else {
      harness.notifier = await start(harness.config, { logger: createLogger(`notifier-${name}`, { level: 'warn' }) });
    }
    harness.receiver = webhookReceiver(standIns.webhookReceiverUrl);
    harness.hookUrl = harness.receiver.hookUrl(harness.hook);
    harness.db = await connectMongo(infra.mongoUri, db);
    harness.identityDb = await connectMongo(infra.mongoUri, `venuebook_test_notifier_identity_${suffix}`);
    anonymousIdentity = harness.identityAs('');
    const { secret } = await harness.notifierAs('admin').getSigningSecret({});
    await harness.receiver.setSecret(secret, harness.hook);
  }, 60_000);

  harness.firstLogin = async (prefix = 'new') => {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    const { grant } = await anonymousIdentity!.signInWithOidc({ idToken: await mint!({ email }), userAgent: 'notifier-int' });
    if (!grant?.user?.id || !grant.firstSignIn) throw new Error(`the first sign-in of ${email} was no first sign-in`);
    return { userId: grant.user.id, email };
  };
  harness.setWebhookUrl = async (url) => {
    await harness.identityAs('admin').setAdminSetting({ key: 'first_login_zapier_webhook_url', value: url });
  };
  harness.notified = async (userId) => {
    const row = await harness.identityDb!.collection<{ _id: string }>('user_first_logins').findOne({ _id: userId });
    if (!row) return undefined;
    return (await harness.identityDb!.collection<{ _id: string }>('user_first_login_notices').findOne({ _id: userId })) !== null;
  };

  afterAll(async () => {
    for (const client of clients) client.close();
    await harness.notifier?.stop();
    await harness.notifierProcess?.stop();
    await harness.identityService?.stop();
    await harness.db?.dropDatabase().catch(() => undefined);
    await harness.db?.close();
    await harness.identityDb?.dropDatabase().catch(() => undefined);
    await harness.identityDb?.close();
  });

  return harness as NotifierHarness;
}
