// Test support (Node only, never bundled): a real HTTP server on loopback that speaks the gateway's
// /api/v1/auth contract and guards /api/v1/venues with bearer tokens, for the sdk's unit tests.
import { domainNotAllowedMessage, isCompanyEmail, weakPasswordReasons, type AuthUser, type Session } from '@venuebook/proto/domain';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_DOMAIN = '@example.com';
export const FAKE_PASSWORD = 'correct-horse-7';

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

export interface FakeGateway {
  /** e.g. http://127.0.0.1:41234/api/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests whose path starts with `prefix` (query included in the match). */
  calls(prefix: string): RecordedRequest[];
  /** Whether the browser holds a valid refresh cookie (the fake does not parse cookies: node's fetch keeps none). */
  signedIn: boolean;
  /** Statuses the next refresh calls answer with before behaving normally. */
  refreshFailures: number[];
  /** Lifetime of issued access tokens, in seconds. */
  expiresIn: number;
  /** The user that signs in. */
  user: AuthUser;
  /** Status of POST /auth/welcome (204 = success). */
  welcomeStatus: number;
  /** Forgets every issued access token (as if they had expired). */
  expireAccessTokens(): void;
  /** Issues a session as a successful sign-in would (cookie set). */
  issueSession(): Session;
  close(): Promise<void>;
}

export function sampleAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'user-1',
    email: `jane.doe${FAKE_DOMAIN}`,
    role: 'viewer',
    welcomeShown: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

export async function startFakeGateway(): Promise<FakeGateway> {
  let issued = 0;
  const validTokens = new Set<string>();

  const gateway: FakeGateway = {
    baseUrl: '',
    requests: [],
    calls: (prefix) => gateway.requests.filter((r) => r.url.startsWith(prefix)),
    signedIn: false,
    refreshFailures: [],
    expiresIn: 3600,
    user: sampleAuthUser(),
    welcomeStatus: 204,
    expireAccessTokens: () => validTokens.clear(),
    issueSession() {
      gateway.signedIn = true;
      const accessToken = `at-${++issued}`;
      validTokens.add(accessToken);
      return {
        accessToken,
        tokenType: 'bearer',
        expiresIn: gateway.expiresIn,
        expiresAt: Math.floor(Date.now() / 1000) + gateway.expiresIn,
        user: gateway.user,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = req.url ?? '';
      const method = req.method ?? '';
      gateway.requests.push({ method, url, authorization: req.headers.authorization, body });
      const json = (status: number, payload?: unknown) => {
        if (payload === undefined) {
          res.writeHead(status);
          return res.end();
        }
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const error = (status: number, code: string, message: string, details?: unknown) =>
        json(status, { error: { code, message, ...(details === undefined ? {} : { details }) } });
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      const authorized = bearer !== undefined && validTokens.has(bearer);

      if (method === 'GET' && url === '/api/v1/auth/config') return json(200, { companyDomain: FAKE_DOMAIN, google: { enabled: true } });

      if (method === 'POST' && url === '/api/v1/auth/signup') {
        const { email = '', password = '' } = JSON.parse(body || '{}') as { email?: string; password?: string };
        if (!isCompanyEmail(email, FAKE_DOMAIN)) return error(403, 'domain_not_allowed', domainNotAllowedMessage(FAKE_DOMAIN));
        const reasons = weakPasswordReasons(password, email);
        if (reasons.length > 0) {
          return error(400, 'weak_password', reasons.join(' '), reasons.map((message) => ({ field: 'password', message })));
        }
        return json(201, { message: 'Check your email for the confirmation link!' });
      }

      if (method === 'POST' && url === '/api/v1/auth/token?grant_type=password') {
        const { email = '', password = '' } = JSON.parse(body || '{}') as { email?: string; password?: string };
        if (email !== gateway.user.email || password !== FAKE_PASSWORD) return error(400, 'invalid_grant', 'Invalid login credentials');
        return json(200, gateway.issueSession());
      }

      if (method === 'POST' && url === '/api/v1/auth/token?grant_type=refresh_token') {
        const failure = gateway.refreshFailures.shift();
        if (failure !== undefined) return error(failure, 'unavailable', `refresh failed with ${failure}`);
        if (!gateway.signedIn) return error(401, 'unauthenticated', 'Auth session missing!');
        return json(200, gateway.issueSession());
      }

      if (!authorized) return error(401, 'unauthenticated', 'Invalid or expired access token');

      if (method === 'POST' && url.startsWith('/api/v1/auth/logout?scope=')) {
        gateway.signedIn = false;
        validTokens.clear();
        return json(204);
      }
      if (method === 'GET' && url === '/api/v1/auth/user') return json(200, gateway.user);
      if (method === 'POST' && url === '/api/v1/auth/welcome') {
        if (gateway.welcomeStatus !== 204) return error(gateway.welcomeStatus, 'internal', 'Could not save');
        gateway.user = { ...gateway.user, welcomeShown: true };
        return json(204);
      }
      if (method === 'GET' && url.startsWith('/api/v1/venues')) {
        if (!isCompanyEmail(gateway.user.email, FAKE_DOMAIN)) {
          return error(403, 'domain_not_allowed', `Only ${FAKE_DOMAIN} email addresses are allowed to access this application.`);
        }
        return json(200, { items: [], total: 0, page: 1, pageSize: 50 });
      }
      return error(404, 'not_found', 'Not found');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return gateway;
}
