// Support for the sdk's integration tests: the whole product started through the launcher (every service its
// own process, real FerretDB, MinIO and NATS), and what a browser adds to Node's fetch, a cookie jar. Files share
// one product per run (sharedSdkStack: started by tests/setup/product.global.ts on the first file that asks);
// a file that stops its gateway or needs other gateway settings starts its own (startSdkStack).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { OUTSIDE_DOMAIN_ACCOUNT, startStack, TEST_PASSWORD_HASH_LOG2_N } from '@venuebook/local';
import type { DemoAccount, RunningStack } from '@venuebook/local';
import { REFRESH_COOKIE_NAME } from '@venuebook/domain';
import type { Role } from '@venuebook/domain';
import { chooseAccount, confirmationLink, cookieJarFetch, requestStart } from '@venuebook/service-kit/testing';

/** The refresh cookie of the gateway (httpOnly, Path=/api/v1/auth). */
export const REFRESH_COOKIE = REFRESH_COOKIE_NAME;
export const REFRESH_PATH = '/api/v1/auth/token?grant_type=refresh_token';
export const STRONG_PASSWORD = 'Correct-horse-42';

/** What a file needs of a running product (plain data: the shared one is handed over by the global setup). */
export interface SdkProduct {
  /** The gateway's URL. */
  url: string;
  mailboxUrl: string;
  companyDomain: string;
  /** The demo accounts, one per role. */
  accounts: DemoAccount[];
  /** Whether 'Continue with Google' goes to the product's local OpenID Connect provider. */
  oidcStandIn: boolean;
  /** Ports on 127.0.0.1 whose origins the product's EMBED_ALLOWED_ORIGINS allow (shared product only; see product.global.ts). */
  hostPagePorts?: HostPagePorts;
}

/** Host pages of the shared product's embed files: embedAttack's origin on 127.0.0.1, embedBridge's on 127.0.0.1 and localhost. */
export type HostPagePorts = Record<'embedAttack' | 'embedBridge', number>;

/** The shared product's gateway settings: those its files need together. */
export function sharedProductGatewayEnv(ports: HostPagePorts): Record<string, string> {
  return {
    // Many sign-ins from one address; the limit itself is the gateway's own test.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    EMBED_ALLOWED_ORIGINS: [`http://127.0.0.1:${ports.embedAttack}`, `http://127.0.0.1:${ports.embedBridge}`, `http://localhost:${ports.embedBridge}`].join(
      ',',
    ),
  };
}

export interface SdkStack {
  product: SdkProduct;
  /** The sdk's baseUrl: `<gateway>/api/v1`. */
  apiUrl: string;
  account(role: Role): DemoAccount;
  /** A new confirmed company account (signed up through the API, confirmed with the link of its mail). */
  newAccount(prefix?: string): Promise<{ email: string; password: string }>;
  /**
   * A refresh token of a user outside the company domain (default OUTSIDE_DOMAIN_ACCOUNT, an account of the
   * stack's local OpenID Connect provider): 'Continue with Google' through the gateway as a browser runs it
   * (start, the provider's account chooser, the callback), since identity opens a session only for an ID
   * token the provider signed.
   */
  outsiderRefreshToken(email?: string): Promise<string>;
  /** Stops the file's own product (nothing for the shared one). */
  stop(): Promise<void>;
}

/** The product's description, for files and for the global setup that hands it over. */
export function productOf(stack: RunningStack): SdkProduct {
  if (!stack.mailboxUrl) throw new Error('the product has no local mailbox (SMTP_URL is configured)');
  return {
    url: stack.url,
    mailboxUrl: stack.mailboxUrl,
    companyDomain: stack.companyDomain,
    accounts: stack.accounts,
    oidcStandIn: Boolean(stack.services.oidc),
  };
}

/** A product of the file's own: `stack` holds its processes (e.g. to stop and start the gateway). */
export type OwnSdkStack = SdkStack & { stack: RunningStack };

/** Starts a product of the file's own with fresh data and the demo accounts and venues. */
export async function startSdkStack(options: { gatewayEnv?: Record<string, string> } = {}): Promise<OwnSdkStack> {
  const { stack, stop } = await startSdkProduct(options.gatewayEnv ?? {});
  return { ...sdkStackOn(productOf(stack), stop), stack };
}

/** startStack with fresh data, the demo accounts and venues; stop() also removes its data folder. */
export async function startSdkProduct(gatewayEnv: Record<string, string>): Promise<{ stack: RunningStack; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-sdk-int-'));
  let stack: RunningStack;
  try {
    stack = await startStack({ dataDir, port: 0, seed: true, env: {}, logLevel: 'warn', passwordHashLog2N: TEST_PASSWORD_HASH_LOG2_N, gatewayEnv });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    stack,
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<SdkStack> | undefined;

/** The run's shared product (sharedProductGatewayEnv), started by the global setup on the first call of the run. */
export function sharedSdkStack(): Promise<SdkStack> {
  shared ??= requestStart<SdkProduct>((inject as unknown as (key: string) => unknown)('sharedProductUrl'), 'shared product').then((product) =>
    sdkStackOn(product, async () => undefined),
  );
  return shared;
}

function sdkStackOn(product: SdkProduct, stop: () => Promise<void>): SdkStack {
  const apiUrl = `${product.url}/api/v1`;
  const domain = product.companyDomain.replace(/^@/, '');

  return {
    product,
    apiUrl,
    account(role) {
      const found = product.accounts.find((candidate) => candidate.role === role);
      if (!found) throw new Error(`no demo account with role ${role}`);
      return found;
    },
    async newAccount(prefix = 'user') {
      const email = `${prefix}-${randomUUID().slice(0, 8)}@${domain}`;
      const signUp = await fetch(`${apiUrl}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
      if (signUp.status !== 201) throw new Error(`sign-up of ${email} failed: ${signUp.status} ${await signUp.text()}`);
      // The mail's link leads to /auth?confirm=<token>; signing in with that token confirms the address.
      const opened = await fetch(await confirmationLink(product.mailboxUrl, email), { redirect: 'manual' });
      const token = new URL(opened.headers.get('location') ?? '', 'http://app').searchParams.get('confirm');
      const confirmed = await fetch(`${apiUrl}/auth/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: STRONG_PASSWORD, confirmationToken: token }),
      });
      if (confirmed.status !== 200) throw new Error(`confirmation of ${email} failed: ${confirmed.status} ${await confirmed.text()}`);
      return { email, password: STRONG_PASSWORD };
    },
    async outsiderRefreshToken(email = OUTSIDE_DOMAIN_ACCOUNT) {
      if (!product.oidcStandIn) throw new Error('the stack has no local OpenID Connect provider (GOOGLE_CLIENT_ID is configured)');
      const hop = cookieJarFetch();
      const locationOf = (response: Response, from: URL): URL => {
        if (response.status < 300 || response.status > 399) throw new Error(`Google sign-in: ${from.pathname} answered ${response.status}`);
        return new URL(response.headers.get('location') ?? '', from);
      };
      const started = new URL('/api/v1/auth/google/start', product.url);
      const url = await chooseAccount(locationOf(await hop(started), started), email);
      if (url.pathname !== '/api/v1/auth/google/callback') throw new Error(`Google sign-in: the provider sent the browser to ${url.pathname}`);
      const callback = await hop(url);
      const landed = locationOf(callback, url);
      const refreshToken = hop.jar(new URL(product.url).origin).get(REFRESH_COOKIE_NAME);
      if (landed.pathname !== '/login' || landed.search || !refreshToken)
        throw new Error(`Google sign-in of ${email} failed: ${landed.pathname}${landed.search}`);
      return refreshToken;
    },
    stop,
  };
}

// ---- a browser's cookie jar around Node's fetch ---------------------------------------------------

export interface SentRequest {
  method: string;
  /** Path and query, e.g. /api/v1/auth/token?grant_type=refresh_token */
  path: string;
  authorization: string | null;
  cookie: string | null;
  /** The status of the answer: null while pending, 0 when the server could not be reached. */
  status: number | null;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  /** Epoch ms; undefined for a session cookie. */
  expiresAt: number | undefined;
}

export interface Browser {
  /** Give this to `createApiClient({ fetch })`: sends and stores cookies as a browser does for one origin. */
  fetch: typeof globalThis.fetch;
  /** Every request sent, in order (including those that found no server). */
  requests: SentRequest[];
  /** The requests whose path and query start with `prefix`. */
  calls(prefix: string): SentRequest[];
  /** The value of a stored cookie, or undefined. */
  cookie(name: string): string | undefined;
  /** Stores a cookie as a Set-Cookie from the server would. */
  setCookie(name: string, value: string, path: string): void;
  /** The origin's localStorage (kept across page loads of this browser). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** RFC 6265 §5.1.4 path-match. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** RFC 6265 §5.1.4 default-path: the request path up to its last '/'. */
function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf('/');
  return last <= 0 ? '/' : requestPath.slice(0, last);
}

/**
 * What the browser does around the sdk's fetch and Node's fetch does not: keep the cookies the server sets
 * (the httpOnly refresh cookie) and send them back on requests to their path. One origin only; expiry by
 * Max-Age / Expires, so a cleared cookie is gone.
 */
export function createBrowser(): Browser {
  const jar = new Map<string, StoredCookie>();
  const local = new Map<string, string>();
  const requests: SentRequest[] = [];

  const live = (now: number): StoredCookie[] => {
    for (const [key, stored] of jar) if (stored.expiresAt !== undefined && stored.expiresAt <= now) jar.delete(key);
    return [...jar.values()];
  };

  function store(setCookie: string, requestPath: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const cookie: StoredCookie = {
      name: pair.slice(0, equals).trim(),
      value: pair.slice(equals + 1).trim(),
      path: defaultPath(requestPath),
      expiresAt: undefined,
    };
    let maxAge: number | undefined;
    for (const attribute of attributes) {
      const [rawKey = '', ...rest] = attribute.split('=');
      const key = rawKey.trim().toLowerCase();
      const value = rest.join('=').trim();
      if (key === 'path' && value.startsWith('/')) cookie.path = value;
      else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
      else if (key === 'expires' && !Number.isNaN(Date.parse(value))) cookie.expiresAt = Date.parse(value);
    }
    // Max-Age wins over Expires.
    if (maxAge !== undefined) cookie.expiresAt = Date.now() + maxAge * 1000;
    const key = `${cookie.name};${cookie.path}`;
    if (cookie.expiresAt !== undefined && cookie.expiresAt <= Date.now()) jar.delete(key);
    else jar.set(key, cookie);
  }

  const browserFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(init.headers);
    // Longer paths first (RFC 6265 §5.4).
    const cookies = live(Date.now())
      .filter((stored) => pathMatches(url.pathname, stored.path))
      .sort((a, b) => b.path.length - a.path.length);
    if (cookies.length > 0) headers.set('cookie', cookies.map((stored) => `${stored.name}=${stored.value}`).join('; '));
    const sent: SentRequest = {
      method: init.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      authorization: headers.get('authorization'),
      cookie: headers.get('cookie'),
      status: null,
    };
    requests.push(sent);
    let response: Response;
    try {
      response = await globalThis.fetch(url, { ...init, headers });
    } catch (error) {
      sent.status = 0;
      throw error;
    }
    sent.status = response.status;
    for (const setCookie of response.headers.getSetCookie()) store(setCookie, url.pathname);
    return response;
  };

  return {
    fetch: browserFetch as typeof globalThis.fetch,
    requests,
    calls: (prefix) => requests.filter((request) => request.path.startsWith(prefix)),
    cookie: (name) => live(Date.now()).find((stored) => stored.name === name)?.value,
    setCookie(name, value, path) {
      jar.set(`${name};${path}`, { name, value, path, expiresAt: undefined });
    },
    storage: {
      getItem: (key) => local.get(key) ?? null,
      setItem: (key, value) => void local.set(key, String(value)),
      removeItem: (key) => void local.delete(key),
    },
  };
}
