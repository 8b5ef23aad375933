// A real OpenID Connect provider (the `oidc-provider` package) standing in for Google in local mode and
// tests: authorization code flow with PKCE, signed ID tokens with `email`, `email_verified` and `hd`, and
// an account chooser listing demo accounts (prompt=select_account is honoured).
//   OIDC_PORT=<port> OIDC_CLIENT_ID=… OIDC_CLIENT_SECRET=… OIDC_REDIRECT_URI=… OIDC_ACCOUNTS=a@x.com,b@y.org
//   node tests/fakes/oidc-provider.ts
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { interactionPolicy } from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 0);
// Loopback only, whatever HOST the launcher was given: a stand-in is never reachable from other machines.
const host = '127.0.0.1';
const issuer = `http://${host}:${port}`;
const accounts = (process.env.OIDC_ACCOUNTS ?? '')
  .split(',')
  .map((email) => email.trim().toLowerCase())
  .filter(Boolean);

/** Stable subject per address, as Google's `sub` is per account. */
const subjectOf = (email: string): string => Buffer.from(email).toString('base64url');
const emailOf = (subject: string): string | undefined => accounts.find((email) => subjectOf(email) === subject);

const policy = interactionPolicy.base();
// Google supports prompt=select_account; register it so that the request is accepted and the chooser shows.
policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? 'venuebook-local',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? 'venuebook-local-secret',
      redirect_uris: (process.env.OIDC_REDIRECT_URI ?? '').split(',').filter(Boolean),
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
    const clientId = String(details.params.client_id);
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
    if (!grant) throw new Error('grant not found');
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { select_account: {}, login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    return;
  }
  response.writeHead(404).end();
}

const server = createServer((request, response) => {
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

server.listen(port, host, () => console.log(`[oidc] local identity provider at ${issuer} with ${accounts.length} accounts`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
