// Test wiring (integration tests only): every service of the registry and the local mail sink as their own
// processes (through the launcher, as in production), the demo accounts created through the real sign-up
// path, the local OpenID Connect provider of tests/fakes in this process (identity trusts it; tests can have
// it sign ID tokens), and the gateway built in-process so that tests can `inject` requests.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts, gatewayServiceEnv, identityEnv, seedDemoAccounts, startMailSink, startServices, stopServices, TEST_PASSWORD_HASH_LOG2_N } from '@venuebook/local';
import type { DemoAccount, RunningServices } from '@venuebook/local';
import { REFRESH_COOKIE_NAME } from '@venuebook/proto/domain';
import type { Role } from '@venuebook/proto/domain';
import { SERVICE_NAMES } from '@venuebook/proto/services';
import type { ServiceName } from '@venuebook/proto/services';
import { connectMongo, createLogger, loadConfig } from '@venuebook/service-kit';
import type { TestInfra } from '@venuebook/service-kit/testing';
import { startOidcStandIn } from '../../../tests/fakes/oidc-provider.ts';
import type { OidcStandIn } from '../../../tests/fakes/oidc-provider.ts';
import { buildApp } from '../app.ts';
import type { GatewayApp } from '../app.ts';
import { gatewayConfigSchema } from '../config.ts';

export const TEST_DOMAIN = 'example.com';

/** The gateway under test and every service behind it (`under.venues`, `under.identity`, ...). */
export interface GatewayUnderTest extends RunningServices {
  app: GatewayApp;
  mailboxUrl: string;
  userContextKey: string;
  /**
   * The identity provider identity trusts (its OIDC_ISSUER and GOOGLE_CLIENT_ID); its client's redirect URI is
   * the gateway's Google callback. The gateway itself has Google sign-in off unless a test builds one with
   * `oidcGatewayEnv`.
   */
  oidc: OidcStandIn;
  /** GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and OIDC_ISSUER of a gateway that signs in with that provider. */
  oidcGatewayEnv: Record<string, string>;
  accounts: Record<Role, DemoAccount>;
  /** Signs in through the API; returns the access token, the refresh cookie and the session. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** Authorization header of a fresh session of the demo account with `role`. */
  as(role: Role): Promise<{ authorization: string }>;
  /** Builds another gateway on the same services (e.g. with other limits); closed by stop(). */
  buildAnother(env: Record<string, string>): Promise<GatewayApp>;
  stop(): Promise<void>;
}

export interface SignedIn {
  accessToken: string;
  refreshCookie: string;
  userId: string;
  headers: { authorization: string };
}

export async function startGatewayUnderTest(infra: TestInfra, options: { gatewayEnv?: Record<string, string> } = {}): Promise<GatewayUnderTest> {
  const suffix = randomUUID().slice(0, 8);
  const dbs = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `venuebook_test_${name}_${suffix}`])) as Record<ServiceName, string>;
  const logDir = mkdtempSync(join(tmpdir(), 'venuebook-gateway-int-'));
  const userContextKey = randomBytes(32).toString('base64url');
  const serviceInfra = { env: { MONGODB_URI: infra.mongoUri, NATS_URL: infra.natsUrl, S3_ENDPOINT: `${infra.s3.useSSL ? 'https' : 'http'}://${infra.s3.endPoint}:${infra.s3.port}`, S3_ACCESS_KEY: infra.s3.accessKey, S3_SECRET_KEY: infra.s3.secretKey } };
  const list = demoAccounts(TEST_DOMAIN);
  const accounts = Object.fromEntries(list.map((account) => [account.role, account])) as Record<Role, DemoAccount>;
  const apps: GatewayApp[] = [];
  const stops: (() => Promise<unknown>)[] = [];

  const publicUrl = 'http://127.0.0.1:8080';
  const mail = await startMailSink(logDir);
  stops.push(mail.stop);
  const oidcClientSecret = randomBytes(16).toString('base64url');
  const oidc = await startOidcStandIn({
    clientId: 'venuebook-gateway-test',
    clientSecret: oidcClientSecret,
    redirectUris: [new URL('/api/v1/auth/google/callback', publicUrl).toString()],
    accounts: [...list.map((account) => account.email), 'guest@partner.org'],
  });
  stops.push(() => oidc.close());
  const services = await startServices({
    infra: serviceInfra,
    userContextKey,
    logDir,
    logLevel: 'warn',
    env: {
      identity: { ...identityEnv({ companyDomain: TEST_DOMAIN, smtpUrl: mail.smtpUrl, ownerEmails: accounts.owner.email, oidc, passwordHashLog2N: TEST_PASSWORD_HASH_LOG2_N }), MONGODB_DB: dbs.identity, AUDIT_CONSUMER_NAME: `identity-audit-${suffix}` },
      venues: { MONGODB_DB: dbs.venues },
      cards: { MONGODB_DB: dbs.cards },
      media: { MONGODB_DB: dbs.media, S3_BUCKET: `media-${suffix}` },
    },
  });
  stops.push(() => stopServices(services));
  await seedDemoAccounts({ identityAddress: services.identity.address, userContextKey, mailboxUrl: mail.mailboxUrl, appUrl: publicUrl, accounts: list });

  const quiet = createLogger('gateway-int-test', { level: 'silent' });
  const baseEnv = {
    ...gatewayServiceEnv(services),
    NATS_URL: infra.natsUrl,
    USER_CONTEXT_KEY: userContextKey,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    COMPANY_DOMAIN: TEST_DOMAIN,
    PUBLIC_URL: publicUrl,
    COOKIE_SECURE: 'false',
    GRPC_DEADLINE_MS: '5000',
    // Every test signs in many times from one address; the limit itself is tested on its own gateway.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  };
  const build = async (env: Record<string, string>): Promise<GatewayApp> => {
    const built = await buildApp(loadConfig(gatewayConfigSchema, { ...baseEnv, ...env }), { logger: quiet });
    apps.push(built);
    return built;
  };
  const app = await build(options.gatewayEnv ?? {});

  async function signIn(email: string, password: string): Promise<SignedIn> {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=password', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    const session = response.json<{ accessToken: string; user: { id: string } }>();
    const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_COOKIE_NAME);
    if (!cookie) throw new Error('no refresh cookie');
    return { accessToken: session.accessToken, refreshCookie: cookie.value, userId: session.user.id, headers: { authorization: `Bearer ${session.accessToken}` } };
  }

  return {
    ...services,
    app,
    mailboxUrl: mail.mailboxUrl,
    userContextKey,
    oidc,
    oidcGatewayEnv: { GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidcClientSecret, OIDC_ISSUER: oidc.issuer },
    accounts,
    signIn,
    async as(role) {
      return (await signIn(accounts[role].email, accounts[role].password)).headers;
    },
    buildAnother: build,
    async stop() {
      for (const built of apps) await built.close();
      for (const stopOne of stops.reverse()) await stopOne();
      for (const db of Object.values(dbs)) {
        const connection = await connectMongo(infra.mongoUri, db);
        await connection.dropDatabase();
        await connection.close();
      }
    },
  };
}
