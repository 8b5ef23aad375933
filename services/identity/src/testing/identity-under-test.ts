// Test wiring (integration tests only): the identity service started in-process on real MongoDB-compatible
// storage and NATS, its confirmation mail going to the run's local SMTP sink, 'Continue with Google' against the
// run's local OpenID Connect provider (both shared stand-ins; its signing key is handed over, so that tests mint
// the ID tokens it would sign), and a gRPC client that calls it as the gateway would, with a signed user context.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@venuebook/domain';
import type { EventEnvelope, ParsedEventPayload, SubjectName } from '@venuebook/contracts/events';
import { createClient } from '@venuebook/grpc';
import type { CallOptions, Client } from '@venuebook/grpc';
import { IdentityService } from '@venuebook/contracts/identity/v1';
import type { SessionGrant } from '@venuebook/contracts/identity/v1';
import { connectMongo, connectNats, createLogger, userContextSigner } from '@venuebook/service-kit';
import type { NatsConnection, RunningServiceHandle } from '@venuebook/service-kit';
import type { Connection } from 'mongoose';
import { confirmationLink, eventsSince, idTokenMinter, serviceTestConfig, sharedStandIns } from '@venuebook/service-kit/testing';
import type { MintedClaims, TestInfra } from '@venuebook/service-kit/testing';
import { configSchema } from '../config.ts';
import type { IdentityConfig } from '../config.ts';
import { start } from '../main.ts';
import type { StartOptions } from '../main.ts';

export const TEST_DOMAIN = 'example.com';
export const STRONG_PASSWORD = 'Correct-horse-42';
export const APP_URL = 'http://app.example.test';

export interface IdentityUnderTest {
  config: IdentityConfig;
  address: string;
  userContextKey: string;
  mailboxUrl: string;
  /** The identity provider identity trusts (OIDC_ISSUER, GOOGLE_CLIENT_ID): mints ID tokens signed with its key. */
  oidc: { issuer: string; clientId: string; mintIdToken(claims: MintedClaims): Promise<string> };
  /** SignInWithOidc as the gateway calls it, with a fresh ID token of the provider for `email` (claims as given). */
  signInWithGoogle(email: string, claims?: Omit<MintedClaims, 'email'>): Promise<SessionGrant>;
  /** The client; pass `as(...)` or `anonymous()` as the call options. */
  identity: Client<typeof IdentityService>;
  /** The owner of OWNER_EMAILS (confirmed and signed in once, so it holds the owner role). */
  owner: { id: string; email: string };
  /** Call options of a call the gateway makes before sign-in (signed, no user). */
  anonymous(): CallOptions;
  /** Call options of a call on behalf of `user` with `role`, as the gateway vouches for it. */
  as(user: { id: string; email: string }, role: Role): CallOptions;
  /** A fresh company address. */
  newAddress(prefix?: string): string;
  /** The token of the newest confirmation link mailed to `email` (the link itself is checked by the tests). */
  confirmationToken(email: string): Promise<string>;
  /** Signs up and confirms `email` the way a user does (link from the mail, then the password). */
  confirmedUser(email?: string, password?: string): Promise<{ id: string; email: string }>;
  signIn(email: string, password?: string): Promise<SessionGrant>;
  /** The service's database, for checks of what is stored (and planting rows written by older versions). */
  db(): Promise<Connection>;
  /** Events of `subject` published since `since` (JetStream, identity stream), oldest first. */
  eventsSince<S extends SubjectName>(subject: S, since: Date): Promise<EventEnvelope<ParsedEventPayload<S>>[]>;
  stop(): Promise<void>;
}

// Awaits a call that must fail and returns its GrpcError (the kit's, for the identity tests that import it from here).
export { rejection } from '@venuebook/service-kit/testing';

/**
 * Starts the service. New password hashes cost N=2^12 here unless `env` says otherwise (the production
 * default, 2^17, takes a few hundred ms per hash, paid again for every test user and sign-in:
 * docs/decisions/0001-test-suite-time-budget.md).
 */
export async function startIdentityUnderTest(
  infra: TestInfra,
  env: Record<string, string> = {},
  options: Omit<StartOptions, 'logger'> = {},
): Promise<IdentityUnderTest> {
  const dbName = `venuebook_test_identity_${randomUUID().slice(0, 8)}`;
  const userContextKey = randomBytes(32).toString('base64url');
  const ownerEmail = `owner-${randomUUID().slice(0, 8)}@${TEST_DOMAIN}`;
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne();
  };

  try {
    const standIns = await sharedStandIns();
    const oidc = { issuer: standIns.oidc.issuer, clientId: standIns.oidc.clientId, mintIdToken: idTokenMinter(standIns.oidc) };
    const config = serviceTestConfig(configSchema, infra, {
      db: dbName,
      userContextKey,
      env: {
        COMPANY_DOMAIN: TEST_DOMAIN,
        OWNER_EMAILS: ownerEmail,
        SMTP_URL: standIns.smtpUrl,
        PASSWORD_SCRYPT_LOG2_N: '12',
        OIDC_ISSUER: oidc.issuer,
        GOOGLE_CLIENT_ID: oidc.clientId,
        // Its own durable consumer of the shared test NATS' audit stream (replicas of one name share the work).
        AUDIT_CONSUMER_NAME: `identity-audit-${dbName.slice(-8)}`,
        ...env,
      },
    });
    const service: RunningServiceHandle = await start(config, { ...options, logger: createLogger('identity-test', { level: 'error' }) });
    stops.push(async () => {
      await service.stop();
      const connection = await connectMongo(infra.mongoUri, dbName);
      await connection.dropDatabase();
      await connection.close();
    });
    const address = `127.0.0.1:${service.port}`;
    const identity = createClient(IdentityService, address, { deadlineMs: 15_000 });
    stops.push(async () => identity.close());
    const nc: NatsConnection = await connectNats(infra.natsUrl, { name: 'identity-test' });
    stops.push(() => nc.drain());

    const anonymous = (): CallOptions => ({ metadata: userContextSigner({ userId: '', email: '', role: '', requestId: 'identity-int' }, userContextKey) });
    const as = (user: { id: string; email: string }, role: Role): CallOptions => ({
      metadata: userContextSigner({ userId: user.id, email: user.email, role, requestId: 'identity-int' }, userContextKey),
    });
    const confirmationToken = async (email: string): Promise<string> =>
      new URL(await confirmationLink(standIns.mailboxUrl, email)).searchParams.get('token') ?? '';
    const signIn = async (email: string, password = STRONG_PASSWORD): Promise<SessionGrant> => {
      const { grant } = await identity.signInWithPassword({ email, password, userAgent: 'identity-int' }, anonymous());
      if (!grant?.user) throw new Error(`sign-in of ${email} returned no grant`);
      return grant;
    };
    const confirmedUser = async (email = `user-${randomUUID().slice(0, 8)}@${TEST_DOMAIN}`, password = STRONG_PASSWORD) => {
      await identity.signUp({ email, password, appUrl: APP_URL }, anonymous());
      const { user } = await identity.confirmEmail({ token: await confirmationToken(email), email, password }, anonymous());
      if (!user) throw new Error(`confirmation of ${email} returned no user`);
      return { id: user.id, email };
    };

    const signInWithGoogle = async (email: string, claims: Omit<MintedClaims, 'email'> = {}): Promise<SessionGrant> => {
      const { grant } = await identity.signInWithOidc({ idToken: await oidc.mintIdToken({ email, ...claims }), userAgent: 'identity-int' }, anonymous());
      if (!grant?.user) throw new Error(`Google sign-in of ${email} returned no grant`);
      return grant;
    };

    let connection: Promise<Connection> | undefined;
    const db = (): Promise<Connection> => (connection ??= connectMongo(infra.mongoUri, dbName));
    stops.push(async () => {
      if (connection) await (await connection).close();
    });

    const owner = await confirmedUser(ownerEmail);
    await signIn(ownerEmail);

    return {
      config,
      address,
      userContextKey,
      mailboxUrl: standIns.mailboxUrl,
      oidc,
      signInWithGoogle,
      identity,
      owner,
      anonymous,
      as,
      newAddress: (prefix = 'new') => `${prefix}-${randomUUID().slice(0, 8)}@${TEST_DOMAIN}`,
      confirmationToken,
      confirmedUser,
      signIn,
      db,
      async eventsSince(subject, since) {
        return (await eventsSince(nc, subject, since)).map((event) => event.envelope);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
