import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { apiErrorResponses, domainSuffix, redirectResponse } from '@venuebook/domain';
import { perClientRateLimit } from '../../../../../../lib/client-key.ts';
import { GrpcError } from '@venuebook/grpc';
import type { SessionGrant } from '@venuebook/contracts/identity/v1';
import { grpcCallOptions } from '../../../../../../lib/grpc-call.ts';
import { HttpError, httpStatusOfGrpc } from '../../../../../../lib/error-mapping.ts';

const STATE_COOKIE = 'vb_oidc';
const STATE_COOKIE_PATH = '/api/v1/auth/google';

interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
}

/**
 * 'Continue with Google': OpenID Connect authorization code flow with PKCE through openid-client, with
 * `prompt=select_account` and `hd` = the company domain. The ID token (signature, issuer, audience, expiry,
 * nonce) is verified by openid-client; the e-mail must be verified and consistent with `hd`. The ID token
 * itself then goes to identity's SignInWithOidc, which verifies it again on its own (signature against the
 * issuer's JWKS, iss, aud, exp/iat, email_verified, hd) and takes the user from it, once per token: the
 * signed user context alone cannot open a session. The company domain itself is enforced on every API
 * call, so a user of another domain is signed in and shown Access Denied (spec §2). On success the refresh
 * cookie is set and the browser goes to /login, where the app's start-up refresh picks the session up.
 */
const googleRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, OIDC_ISSUER, PUBLIC_URL, COMPANY_DOMAIN, COOKIE_SECURE } = fastify.config;
  const redirectUri = new URL('/api/v1/auth/google/callback', PUBLIC_URL).toString();
  const issuer = new URL(OIDC_ISSUER);
  // Plain http is accepted only for a provider on this machine (the local stand-in).
  const insecureAllowed = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  let configuration: Promise<oidc.Configuration> | undefined;

  function client(): Promise<oidc.Configuration> {
    if (!GOOGLE_CLIENT_ID) throw new HttpError(404, 'Google sign-in is not configured');
    configuration ??= oidc
      .discovery(issuer, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, undefined, insecureAllowed ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  // Start and callback are limited per client like sign-in (each its own counter): every callback costs a
  // code exchange with the provider and a call to identity.
  const rateLimit = perClientRateLimit(fastify.config.AUTH_RATE_LIMIT_PER_MINUTE);
  const stateCookie = { httpOnly: true, sameSite: 'lax' as const, secure: COOKIE_SECURE, path: STATE_COOKIE_PATH, signed: true };

  fastify.get(
    '/start',
    {
      config: { auth: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: "'Continue with Google': redirects to the identity provider",
        response: { ...redirectResponse(302, "To the identity provider's sign-in"), ...apiErrorResponses(404, 429, 500, 503) },
      },
    },
    async (_request, reply) => {
      const config = await client();
      const pending: PendingSignIn = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        prompt: 'select_account',
        hd: domainSuffix(COMPANY_DOMAIN).slice(1),
      });
      reply.setCookie(STATE_COOKIE, JSON.stringify(pending), { ...stateCookie, maxAge: 600 });
      return reply.redirect(url.toString(), 302);
    },
  );

  fastify.get(
    '/callback',
    {
      config: { auth: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Where the identity provider sends the browser back',
        querystring: z.object({}).passthrough(),
        response: { ...redirectResponse(303, 'Into the app signed in (/login), or to /login?error=access_denied'), ...apiErrorResponses(429, 500, 503) },
      },
    },
    async (request, reply) => {
      const raw = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, stateCookie);
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const fail = (reason: string, error?: unknown): ReturnType<typeof reply.redirect> => {
        request.log.warn({ err: error, reason }, 'Google sign-in refused');
        return reply.redirect('/login?error=access_denied', 303);
      };
      if (!unsigned?.valid || !unsigned.value) return fail('missing or forged state cookie');
      let pending: PendingSignIn;
      try {
        pending = JSON.parse(unsigned.value) as PendingSignIn;
      } catch (error) {
        return fail('unreadable state cookie', error);
      }
      let claims: oidc.IDToken | undefined;
      let idToken: string | undefined;
      try {
        const config = await client();
        const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, PUBLIC_URL), {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        idToken = tokens.id_token;
      } catch (error) {
        return fail('code exchange or ID token check failed', error);
      }
      const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : '';
      if (!claims || !idToken || !email || claims.email_verified !== true) return fail('no verified e-mail in the ID token');
      if (typeof claims.hd === 'string' && claims.hd.toLowerCase() !== email.split('@')[1]) return fail('hd claim does not match the e-mail');
      // A company address must come from the company's Google Workspace (hd), not from a personal Google
      // account registered on that address (e.g. by a former employee): `hd` in the request is only a hint.
      const companyDomain = domainSuffix(COMPANY_DOMAIN).slice(1);
      if (email.endsWith(`@${companyDomain}`) && claims.hd !== companyDomain) return fail('company address without the company hd claim');
      const readAt = fastify.userCache.generation();
      let grant: SessionGrant | undefined;
      try {
        ({ grant } = await fastify.identity.signInWithOidc({ idToken, userAgent: request.headers['user-agent'] ?? '' }, grpcCallOptions(request, reply)));
      } catch (error) {
        // Identity refused the token (its own checks, or a second use): the browser learns no more than Access Denied.
        if (error instanceof GrpcError && httpStatusOfGrpc(error.code) < 500) return fail(`identity refused the ID token: ${error.message}`, error);
        throw error;
      }
      if (!grant) return fail('identity returned no session');
      await fastify.sessions.start(reply, grant, readAt);
      return reply.redirect('/login', 303);
    },
  );
};

export default googleRoutes;
