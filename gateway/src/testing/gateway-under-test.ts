// Test wiring (integration tests only): the gateway built in-process so that tests can `inject` requests, on a
// GatewayBackend (gateway-backend.ts): either the run's shared one, started once by the integration project's
// global setup (gateway-backend.global.ts; sharedGatewayUnderTest), or a set of services of the file's own (startGatewayUnderTest), for a
// file that stops a service or needs them configured otherwise. Files on the shared backend see each other's
// data: they work on venues, users and settings of their own, never on global counts, and leave the demo
// accounts' roles, passwords and other sessions alone.
import { inject } from 'vitest';
import type { DemoAccount, RunningServices } from '@venuebook/local';
import { REFRESH_COOKIE_NAME } from '@venuebook/domain';
import type { Role } from '@venuebook/domain';
import { serviceUrlEnv } from '@venuebook/contracts/services';
import type { ServiceName } from '@venuebook/contracts/services';
import { createLogger, loadConfig } from '@venuebook/service-kit';
import { idTokenMinter, requestStart } from '@venuebook/service-kit/testing';
import type { MintedClaims, TestInfra } from '@venuebook/service-kit/testing';
import { buildApp } from '../app.ts';
import type { GatewayApp } from '../app.ts';
import { gatewayConfigSchema } from '../config.ts';
import { startGatewayBackend, TEST_DOMAIN, TEST_PUBLIC_URL } from './gateway-backend.ts';
import type { GatewayBackend } from './gateway-backend.ts';

export { TEST_DOMAIN } from './gateway-backend.ts';

/** The gateway under test and what it runs on. */
export interface GatewayUnderTest {
  app: GatewayApp;
  backend: GatewayBackend;
  mailboxUrl: string;
  userContextKey: string;
  /** Each service's process id. */
  pids: Record<ServiceName, number>;
  /**
   * The identity provider identity trusts (its OIDC_ISSUER and GOOGLE_CLIENT_ID); its client's redirect URI is
   * the gateway's Google callback. The gateway itself has Google sign-in off unless a test builds one with
   * `oidcGatewayEnv`. mintIdToken signs with the provider's own key (the one its JWKS endpoint publishes).
   */
  oidc: { issuer: string; clientId: string; mintIdToken(claims: MintedClaims): Promise<string> };
  /** GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and OIDC_ISSUER of a gateway that signs in with that provider. */
  oidcGatewayEnv: Record<string, string>;
  accounts: Record<Role, DemoAccount>;
  /** Signs in through the API; returns the access token, the refresh cookie and the session. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** Authorization header of a fresh session of the demo account with `role`. */
  as(role: Role): Promise<{ authorization: string }>;
  /** Builds another gateway on the same services (e.g. with other limits); closed by stop(). */
  buildAnother(env: Record<string, string>): Promise<GatewayApp>;
  /** Closes the gateways (and stops the file's own services, if it has them). */
  stop(): Promise<void>;
}

export interface SignedIn {
  accessToken: string;
  refreshCookie: string;
  userId: string;
  headers: { authorization: string };
}

export interface GatewayOptions {
  /** Settings of the gateway `app` (buildAnother takes its own). */
  gatewayEnv?: Record<string, string>;
}

/** The gateway on services of the file's own (`under.venues`, `under.identity`, ...: their processes). */
export async function startGatewayUnderTest(infra: TestInfra, options: GatewayOptions = {}): Promise<GatewayUnderTest & RunningServices> {
  const started = await startGatewayBackend(infra);
  try {
    const under = await gatewayOn(started.backend, options, started.stop);
    return { ...started.services, ...under };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

let shared: Promise<GatewayBackend> | undefined;

/** The run's shared backend: started by the global setup on the first file that asks, then handed to every file. */
export function sharedGatewayBackend(): Promise<GatewayBackend> {
  shared ??= requestStart<GatewayBackend>((inject as unknown as (key: string) => unknown)('gatewayBackendUrl'), 'shared gateway services');
  return shared;
}

/** The gateway on the run's shared services. */
export async function sharedGatewayUnderTest(options: GatewayOptions = {}): Promise<GatewayUnderTest> {
  return gatewayOn(await sharedGatewayBackend(), options);
}

/** Builds the gateway on `backend`; stop() closes the gateways built, then calls `stopBackend`. */
async function gatewayOn(backend: GatewayBackend, options: GatewayOptions, stopBackend?: () => Promise<void>): Promise<GatewayUnderTest> {
  const quiet = createLogger('gateway-int-test', { level: 'silent' });
  const apps: GatewayApp[] = [];
  const baseEnv = {
    ...serviceUrlEnv(backend.addresses),
    NATS_URL: backend.natsUrl,
    USER_CONTEXT_KEY: backend.userContextKey,
    JWT_SECRET: backend.jwtSecret,
    COMPANY_DOMAIN: TEST_DOMAIN,
    PUBLIC_URL: TEST_PUBLIC_URL,
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
  const stop = async (): Promise<void> => {
    for (const built of apps) await built.close();
    await stopBackend?.();
  };
  let app: GatewayApp;
  try {
    app = await build(options.gatewayEnv ?? {});
  } catch (error) {
    await stop();
    throw error;
  }
  const { accounts } = backend;

  async function signIn(email: string, password: string): Promise<SignedIn> {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=password', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    const session = response.json<{ accessToken: string; user: { id: string } }>();
    const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_COOKIE_NAME);
    if (!cookie) throw new Error('no refresh cookie');
    return {
      accessToken: session.accessToken,
      refreshCookie: cookie.value,
      userId: session.user.id,
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
  }

  return {
    app,
    backend,
    mailboxUrl: backend.mailboxUrl,
    userContextKey: backend.userContextKey,
    pids: backend.pids,
    oidc: { issuer: backend.oidc.issuer, clientId: backend.oidc.clientId, mintIdToken: idTokenMinter(backend.oidc) },
    oidcGatewayEnv: { GOOGLE_CLIENT_ID: backend.oidc.clientId, GOOGLE_CLIENT_SECRET: backend.oidc.clientSecret, OIDC_ISSUER: backend.oidc.issuer },
    accounts,
    signIn,
    async as(role) {
      return (await signIn(accounts[role].email, accounts[role].password)).headers;
    },
    buildAnother: build,
    stop,
  };
}
