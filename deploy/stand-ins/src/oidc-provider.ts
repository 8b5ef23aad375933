// A real OpenID Connect provider (the `oidc-provider` package) standing in for Google in local mode and
// tests: authorization code flow with PKCE, signed ID tokens with `email`, `email_verified` and `hd`, and
// an account chooser listing demo accounts (prompt=select_account is honoured). Its signing key is made at
// start (or handed in) and published at its JWKS endpoint, as a real provider's.
//   As a process (local mode, the launcher, the integration tests' shared stand-ins: oidc-process.ts):
//   OIDC_PORT=<port> OIDC_CLIENT_ID=… OIDC_CLIENT_SECRET=… OIDC_REDIRECT_URI=… OIDC_ACCOUNTS=a@x.com,b@y.org
//   [OIDC_SIGNING_JWK=<private JWK as JSON>] node deploy/stand-ins/src/oidc-provider.ts
//   In a test's own process: startOidcStandIn(…), whose mintIdToken signs an ID token with the provider's key
//   (what its token endpoint would hand out, with the claims a test needs: another e-mail, no hd, …). A test
//   process other than the provider's mints with idTokenMinter(signingKey) of @venuebook/service-kit/stand-ins.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idTokenMinter, subjectOf } from '@venuebook/service-kit/stand-ins';
import type { MintedClaims, OidcSigningKey } from '@venuebook/service-kit/stand-ins';
import { exportJWK, generateKeyPair } from 'jose';
import type { JWK } from 'jose';
import Provider, { interactionPolicy } from 'oidc-provider';

import { STAND_IN_HOST as host } from './host.ts';

export interface OidcStandInOptions {
  /** 0 (default) = any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris?: readonly string[];
  /** The accounts of the chooser (lower-cased). */
  accounts?: readonly string[];
  /** The private signing key (with its kid), when the caller made it; default: a new one. */
  signingJwk?: JWK;
}

/** A new RS256 signing key for the provider, as a private JWK with its kid. */
export async function newSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  /** An ID token signed with the provider's own key (the one its JWKS endpoint publishes). */
  mintIdToken(claims: MintedClaims): Promise<string>;
  /** The key mintIdToken signs with, as data: for idTokenMinter in another process. */
  signingKey: OidcSigningKey;
  close(): Promise<void>;
}

/** Starts the provider on loopback in this process. */
export async function startOidcStandIn(options: OidcStandInOptions = {}): Promise<OidcStandIn> {
  const accounts = (options.accounts ?? []).map((email) => email.trim().toLowerCase()).filter(Boolean);
  const clientId = options.clientId ?? 'venuebook-local';
  const emailOf = (subject: string): string | undefined => accounts.find((email) => subjectOf(email) === subject);
  const signingJwk: JWK = options.signingJwk ?? (await newSigningJwk());
  if (!signingJwk.kid || !signingJwk.d) throw new Error('the signing key must be a private RSA JWK with a kid');
  const kid = signingJwk.kid;

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const signingKey: OidcSigningKey = { issuer, clientId, kid, privateJwk: signingJwk };

  const policy = interactionPolicy.base();
  // Google supports prompt=select_account; register it so that the request is accepted and the chooser shows.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(issuer, {
    jwks: { keys: [signingJwk] },
    clients: [
      {
        client_id: clientId,
        client_secret: options.clientSecret ?? 'venuebook-local-secret',
        redirect_uris: [...(options.redirectUris ?? [])],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, subject) {
      const email = emailOf(subject);
      if (!email) return undefined;
      return {
        accountId: subject,
        async claims() {
          return { sub: subject, email, email_verified: true, hd: email.split('@')[1], name: email.split('@')[0] };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'hd'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    extraParams: ['hd'],
    // Like Google: the ID token itself carries email, email_verified and hd (not only the userinfo endpoint).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Plain-http issuer on loopback only (local mode and tests).
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AuthorizationCode: 60, IdToken: 600, AccessToken: 600 },
  });
  provider.proxy = false;

  const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function chooserPage(uid: string, hint: string | undefined): string {
    const buttons = accounts
      .map(
        (email) =>
          `<form method="post" action="/interaction/${uid}/select"><input type="hidden" name="email" value="${escapeHtml(email)}"><button type="submit" data-email="${escapeHtml(email)}">${escapeHtml(email)}</button></form>`,
      )
      .join('');
    return `<!doctype html><meta charset="utf-8"><title>Choose an account</title>
  <style>body{font:15px system-ui;max-width:26rem;margin:4rem auto;padding:0 1rem}button{display:block;width:100%;padding:.7rem;margin:.4rem 0;border:1px solid #ccc;border-radius:8px;background:#fff;cursor:pointer;text-align:left}p.note{color:#a15c00;background:#fff4e0;padding:.5rem;border-radius:6px}</style>
  <p class="note">Local test identity provider — a stand-in for Google sign-in (development and tests only).</p>
  <h1>Choose an account</h1>${hint ? `<p>The app asked for an account of <b>${escapeHtml(hint)}</b>.</p>` : ''}${buttons}`;
  }

  async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
    let body = '';
    for await (const chunk of request) body += chunk;
    return new URLSearchParams(body);
  }

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (!action && request.method === 'GET') {
      const hd = typeof details.params.hd === 'string' ? details.params.hd : undefined;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(chooserPage(uid, hd));
      return;
    }
    if (action === 'select' && request.method === 'POST') {
      const email = (await readForm(request)).get('email')?.toLowerCase() ?? '';
      if (!accounts.includes(email)) {
        response.writeHead(400).end('unknown account');
        return;
      }
      const accountId = subjectOf(email);
      const requestingClient = String(details.params.client_id);
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: requestingClient });
      if (!grant) throw new Error('grant not found');
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { select_account: {}, login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    response.writeHead(404).end();
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(\w+))?$/.exec((request.url ?? '').split('?')[0] ?? '');
    if (match) {
      interaction(request, response, match[1]!, match[2]).catch((error: unknown) => {
        console.error('[oidc] interaction failed', error);
        if (!response.headersSent) response.writeHead(500).end('interaction failed');
      });
      return;
    }
    void provider.callback()(request, response);
  });

  return {
    issuer,
    clientId,
    mintIdToken: idTokenMinter(signingKey),
    signingKey,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

if (import.meta.main) {
  const standIn = await startOidcStandIn({
    port: Number(process.env.OIDC_PORT ?? 0),
    clientId: process.env.OIDC_CLIENT_ID ?? 'venuebook-local',
    clientSecret: process.env.OIDC_CLIENT_SECRET ?? 'venuebook-local-secret',
    redirectUris: (process.env.OIDC_REDIRECT_URI ?? '').split(',').filter(Boolean),
    accounts: (process.env.OIDC_ACCOUNTS ?? '').split(','),
    signingJwk: process.env.OIDC_SIGNING_JWK ? (JSON.parse(process.env.OIDC_SIGNING_JWK) as JWK) : undefined,
  });
  console.log(`[oidc] local identity provider at ${standIn.issuer}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void standIn.close().then(() => process.exit(0));
      setTimeout(() => process.exit(0), 1000).unref();
    });
  }
}
