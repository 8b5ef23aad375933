// The local stand-ins as their clients see them (no server code here): the OpenID Connect provider's subjects
// and ID tokens, its account chooser driven as a browser would, and the mail sink's mailbox. Tests use them
// beside the stand-ins that the launcher runs (@venuebook/stand-ins), and the stand-ins themselves sign with
// idTokenMinter, so that a test's token and the provider's are made the same way.
import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { JWK } from 'jose';

/** Stable subject per address, as Google's `sub` is per account. */
export const subjectOf = (email: string): string => Buffer.from(email.toLowerCase()).toString('base64url');

/** The claims of a minted ID token; unset ones get what the provider would put there. */
export interface MintedClaims {
  email: string;
  /** Default true. */
  emailVerified?: boolean;
  /** Default: the e-mail's domain (as Google's hd for a Workspace account); null leaves it out (a personal account). */
  hd?: string | null;
  /** Default: the provider's client id. */
  audience?: string | string[];
  /** Default: the provider's issuer. */
  issuer?: string;
  /** Default: subjectOf(email). */
  subject?: string;
  /** Seconds since the epoch; default now. */
  issuedAt?: number;
  /** Seconds since the epoch; default issuedAt + 600. */
  expiresAt?: number;
  /** Default: a random nonce, as the gateway sends one with every authorization request. */
  nonce?: string;
  /** Further claims (azp, …). */
  extra?: Record<string, unknown>;
}

/** What signs the provider's ID tokens: its issuer, its client and its private key (tests only). */
export interface OidcSigningKey {
  issuer: string;
  clientId: string;
  kid: string;
  privateJwk: JWK;
}

/** mintIdToken of the provider whose signing key this is (e.g. handed over from the process that runs it). */
export function idTokenMinter(key: OidcSigningKey): (claims: MintedClaims) => Promise<string> {
  let privateKey: ReturnType<typeof importJWK> | undefined;
  return async (claims) => {
    const issuedAt = claims.issuedAt ?? Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = {
      email: claims.email,
      email_verified: claims.emailVerified ?? true,
      nonce: claims.nonce ?? randomBytes(16).toString('base64url'),
      ...claims.extra,
    };
    const hd = claims.hd === undefined ? claims.email.split('@')[1] : claims.hd;
    if (hd !== null) payload.hd = hd;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(claims.issuer ?? key.issuer)
      .setAudience(claims.audience ?? key.clientId)
      .setSubject(claims.subject ?? subjectOf(claims.email))
      .setIssuedAt(issuedAt)
      .setExpirationTime(claims.expiresAt ?? issuedAt + 600)
      .sign(await (privateKey ??= importJWK(key.privateJwk, 'RS256')));
  };
}

/**
 * Node's fetch with a browser's cookie jar, one jar per origin (paths ignored: each origin sees only its own
 * cookies, which is enough for the tests), redirects not followed. `jar(origin)` reads a jar.
 */
export function cookieJarFetch(): ((url: URL, init?: RequestInit) => Promise<Response>) & { jar(origin: string): Map<string, string> } {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (origin: string): Map<string, string> => {
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    return jar;
  };
  const browse = async (url: URL, init: RequestInit = {}): Promise<Response> => {
    const jar = jarOf(url.origin);
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const equals = pair.indexOf('=');
      if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    return response;
  };
  return Object.assign(browse, { jar: jarOf });
}

/**
 * A browser at the stand-in's account chooser: follows the provider's redirects from `authorizationUrl`
 * (the location the app's 'Continue with Google' answered), picks `email` on the chooser, and returns where
 * the provider sends the browser back (the app's callback URL with code and state). Keeps the provider's
 * cookies in a jar of its own.
 */
export async function chooseAccount(authorizationUrl: URL, email: string): Promise<URL> {
  const issuer = authorizationUrl.origin;
  const browse = cookieJarFetch();
  const hop = async (url: URL, init: RequestInit = {}): Promise<URL> => {
    const response = await browse(url, init);
    if (response.status < 300 || response.status > 399) throw new Error(`account chooser: ${url.pathname} answered ${response.status}`);
    return new URL(response.headers.get('location') ?? '', url);
  };
  let next = authorizationUrl;
  for (let step = 0; step < 6 && next.origin === issuer; step++) {
    next = next.pathname.startsWith('/interaction/')
      ? await hop(new URL(`${next.pathname}/select`, next), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }).toString(),
        })
      : await hop(next);
  }
  if (next.origin === issuer) throw new Error(`account chooser: still at the provider (${next.pathname}) after 6 steps`);
  return next;
}

/** Finds the newest confirmation link sent to `email` in the local mailbox. */
export async function confirmationLink(mailboxUrl: string | undefined, email: string): Promise<string> {
  if (!mailboxUrl) throw new Error('no local mailbox: SMTP_URL is configured, confirmation mails go to that relay');
  const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { text: string }[];
  const link = messages.at(-1)?.text.match(/https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  return link;
}

/**
 * What the integration project's stand-ins are (tests/setup/stand-ins.global.ts, started on the first request):
 * the mail sink (SMTP and its mailbox) and two OpenID Connect providers whose signing keys are handed over, so
 * that tests mint ID tokens they would sign: `oidc`, the one a service under test trusts, and `otherOidc`, a
 * provider it must not trust.
 */
export interface SharedStandIns {
  smtpUrl: string;
  mailboxUrl: string;
  /** The local webhook receiver (see webhookReceiver). */
  webhookReceiverUrl: string;
  oidc: OidcSigningKey;
  otherOidc: OidcSigningKey;
}

/** A request the local webhook receiver got. */
export interface ReceivedWebhook {
  id: number;
  hook: string;
  deliveryId: string;
  event: string;
  /** Checked with the secret it was given; null when it was given none. */
  signatureValid: boolean | null;
  body: Record<string, unknown>;
  /** The body as sent (what the signature covers) and the signature header. */
  rawBody: string;
  signature: string;
  answeredStatus: number;
  receivedAt: string;
}

/** What the local webhook receiver answers a hook's next requests (then 200 again). */
export interface ScriptedWebhookAnswer {
  status: number;
  /** Answer only after this long (a receiver that hangs). */
  delayMs?: number;
  headers?: Record<string, string>;
}

/** The client of the local webhook receiver at `url` (deploy/stand-ins/src/webhook-receiver.ts). */
export function webhookReceiver(url: string) {
  const call = async (path: string, init?: RequestInit): Promise<Response> => {
    const response = await fetch(`${url}${path}`, init);
    if (!response.ok) throw new Error(`webhook receiver ${path}: ${response.status}`);
    return response;
  };
  return {
    url,
    /** A webhook URL whose requests it records under `name`. */
    hookUrl: (name: string): string => `${url}/hooks/${name}`,
    async received(hook?: string): Promise<ReceivedWebhook[]> {
      return (await (await call(`/deliveries${hook ? `?hook=${encodeURIComponent(hook)}` : ''}`)).json()) as ReceivedWebhook[];
    },
    async script(hook: string, answers: readonly ScriptedWebhookAnswer[]): Promise<void> {
      await call(`/hooks/${hook}/script`, { method: 'PUT', body: JSON.stringify(answers) });
    },
    /** The signing secret to check `hook`'s signatures with (every hook's, when none is named). */
    async setSecret(secret: string, hook?: string): Promise<void> {
      await call(hook ? `/hooks/${hook}/secret` : '/secret', { method: 'PUT', body: secret });
    },
  };
}
