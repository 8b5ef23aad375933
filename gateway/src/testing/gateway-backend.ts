// Test wiring (integration tests only): the services behind a gateway under test. Every service of the registry
// and the local mail sink as their own processes (through the launcher, as in production), the local OpenID
// Connect provider of @venuebook/stand-ins in this process (identity trusts it), and the demo accounts created through
// the real sign-up path; on the test servers' MongoDB and S3 (databases and a bucket of their own) and a NATS
// server of their own. What a test file needs to build gateways on them is a GatewayBackend: plain data, so
// that the integration project's global setup (gateway-backend.global.ts) can start one set for
// the whole run and hand it to every file.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  demoAccounts,
  identityEnv,
  driveEnv,
  notifierEnv,
  provisionInfra,
  seedDemoAccounts,
  startServices,
  stopServices,
  TEST_PASSWORD_HASH_LOG2_N,
} from '@venuebook/local';
import type { DemoAccount, RunningServices } from '@venuebook/local';
import type { Role } from '@venuebook/domain';
import { SERVICE_NAMES } from '@venuebook/contracts/services';
import type { ServiceName } from '@venuebook/contracts/services';
import { connectMongo } from '@venuebook/service-kit';
import type { OidcSigningKey, TestInfra } from '@venuebook/service-kit/testing';
import { startGoogleDrive, startMailSink, startOidcStandIn } from '@venuebook/stand-ins';

export const TEST_DOMAIN = 'example.com';
/** The gateways under test answer as this URL (the demo accounts' confirmation links, the OIDC redirect URI). */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:8080';

/** What a test file needs to build gateways on a set of running services (plain data). */
export interface GatewayBackend {
  /** host:port of each service's gRPC server. */
  addresses: Record<ServiceName, string>;
  /** Each service's process id (e.g. to sample its memory). */
  pids: Record<ServiceName, number>;
  /** The services' NATS (their own: not the test servers'). */
  natsUrl: string;
  /** The local mail sink's HTTP mailbox (sign-up confirmations). */
  mailboxUrl: string;
  userContextKey: string;
  jwtSecret: string;
  /**
   * The OpenID Connect provider identity trusts (its OIDC_ISSUER and GOOGLE_CLIENT_ID), its client's secret (its
   * redirect URI is the gateway's Google callback) and the key its ID tokens are signed with (idTokenMinter).
   */
  oidc: OidcSigningKey & { clientSecret: string };
  /** The demo accounts, one per role, signed up and confirmed, with their roles assigned by the owner. */
  accounts: Record<Role, DemoAccount>;
}

export interface StartedGatewayBackend {
  backend: GatewayBackend;
  /** The service processes (a test that stops one needs its own backend). */
  services: RunningServices;
  /** Stops everything and drops the services' databases. */
  stop(): Promise<void>;
}

/** Starts the mail sink, the OIDC stand-in and every service on `infra` (databases of their own), and seeds the demo accounts. */
export async function startGatewayBackend(infra: TestInfra): Promise<StartedGatewayBackend> {
  const suffix = randomUUID().slice(0, 8);
  const dbs = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `venuebook_test_${name}_${suffix}`])) as Record<ServiceName, string>;
  const logDir = mkdtempSync(join(tmpdir(), 'venuebook-gateway-int-'));
  const userContextKey = randomBytes(32).toString('base64url');
  const s3Env = {
    S3_ENDPOINT: `${infra.s3.useSSL ? 'https' : 'http'}://${infra.s3.endPoint}:${infra.s3.port}`,
    S3_ACCESS_KEY: infra.s3.accessKey,
    S3_SECRET_KEY: infra.s3.secretKey,
  };
  const list = demoAccounts(TEST_DOMAIN);
  const accounts = Object.fromEntries(list.map((account) => [account.role, account])) as Record<Role, DemoAccount>;
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async (): Promise<void> => {
    for (const stopOne of stops.reverse()) await stopOne();
    rmSync(join(logDir, 'nats'), { recursive: true, force: true });
    for (const db of Object.values(dbs)) {
      const connection = await connectMongo(infra.mongoUri, db);
      await connection.dropDatabase();
      await connection.close();
    }
  };

  try {
    // NATS of its own (MongoDB and S3 are the given ones): services on one NATS share its streams and durable
    // consumers (the cards service tests' default-named venue-purge consumer lost events to the shared set's cards),
    // and hear each other's news (an identity's identity.audit_entry.stored makes every other identity re-read the
    // entry, and two identities store the same audit events: a service test's audit list lost entries that way).
    const servers = await provisionInfra({ dataDir: logDir, logDir, env: { ...process.env, MONGODB_URI: infra.mongoUri, ...s3Env, NATS_URL: '' } });
    stops.push(servers.stop);
    const serviceInfra = { env: { MONGODB_URI: infra.mongoUri, NATS_URL: servers.natsUrl, ...s3Env } };
    const mail = await startMailSink(logDir);
    stops.push(mail.stop);
    // Documents sync to a local Google Drive of the set's own.
    const googleDrive = await startGoogleDrive(logDir);
    stops.push(googleDrive.stop);
    const oidcClientSecret = randomBytes(16).toString('base64url');
    const oidc = await startOidcStandIn({
      clientId: 'venuebook-gateway-test',
      clientSecret: oidcClientSecret,
      redirectUris: [new URL('/api/v1/auth/google/callback', TEST_PUBLIC_URL).toString()],
      accounts: [...list.map((account) => account.email), 'guest@partner.org'],
    });
    stops.push(() => oidc.close());
    const services = await startServices({
      infra: serviceInfra,
      userContextKey,
      logDir,
      logLevel: 'warn',
      env: {
        identity: {
          ...identityEnv({
            companyDomain: TEST_DOMAIN,
            smtpUrl: mail.smtpUrl,
            ownerEmails: accounts.owner.email,
            oidc,
            passwordHashLog2N: TEST_PASSWORD_HASH_LOG2_N,
            allowLoopbackWebhook: true,
          }),
          MONGODB_DB: dbs.identity,
          AUDIT_CONSUMER_NAME: `identity-audit-${suffix}`,
        },
        venues: { MONGODB_DB: dbs.venues },
        cards: { MONGODB_DB: dbs.cards },
        media: { MONGODB_DB: dbs.media, S3_BUCKET: `media-${suffix}` },
        notifier: {
          ...notifierEnv({ appUrl: TEST_PUBLIC_URL, allowLoopback: true }),
          MONGODB_DB: dbs.notifier,
          FIRST_LOGIN_CONSUMER_NAME: `notifier-first-logins-${suffix}`,
          NOTIFIER_JOBS_CONSUMER_NAME: `notifier-jobs-${suffix}`,
          WEBHOOK_RETRY_BASE_MS: '200',
          WEBHOOK_TIMEOUT_MS: '2000',
        },
        drive: {
          ...driveEnv(TEST_DOMAIN, googleDrive),
          MONGODB_DB: dbs.drive,
          DRIVE_JOBS_CONSUMER_NAME: `drive-jobs-${suffix}`,
          DRIVE_DOCUMENTS_CONSUMER_NAME: `drive-documents-${suffix}`,
          DRIVE_VENUES_CONSUMER_NAME: `drive-venues-${suffix}`,
        },
      },
    });
    stops.push(() => stopServices(services));
    await seedDemoAccounts({
      identityAddress: services.identity.address,
      userContextKey,
      mailboxUrl: mail.mailboxUrl,
      appUrl: TEST_PUBLIC_URL,
      accounts: list,
    });
    const backend: GatewayBackend = {
      addresses: Object.fromEntries(SERVICE_NAMES.map((name) => [name, services[name].address])) as Record<ServiceName, string>,
      pids: Object.fromEntries(SERVICE_NAMES.map((name) => [name, services[name].process.child.pid ?? 0])) as Record<ServiceName, number>,
      natsUrl: servers.natsUrl,
      mailboxUrl: mail.mailboxUrl,
      userContextKey,
      jwtSecret: randomBytes(32).toString('base64url'),
      oidc: { ...oidc.signingKey, clientSecret: oidcClientSecret },
      accounts,
    };
    return { backend, services, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
