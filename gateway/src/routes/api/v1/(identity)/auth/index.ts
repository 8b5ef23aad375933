import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUserFromProto, logoutScopeToProto } from '@venuebook/contracts/codecs/identity';
import {
  API_ERROR_CODES,
  apiErrorResponses,
  AUTH_MESSAGES,
  authConfigSchema,
  authUserSchema,
  credentialsSchema,
  domainNotAllowedMessage,
  domainSuffix,
  isCompanyEmail,
  LOGOUT_SCOPES,
  redirectResponse,
  sessionSchema,
  signUpResultSchema,
} from '@venuebook/domain';
import { GrpcStatus, isGrpcError } from '@venuebook/grpc';
import { clientKey, perClientRateLimit, RATE_LIMIT_KEYS } from '../../../../../lib/client-key.ts';
import { EMBED_TOKEN_MESSAGES, EMBED_TOKEN_SCOPE } from '../../../../../lib/embed.ts';
import { HttpError } from '../../../../../lib/error-mapping.ts';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

/** POST /auth/embed-token's answer: a token restricted to the embedded media library's routes. */
const embedTokenSchema = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('bearer'),
    scope: z.literal(EMBED_TOKEN_SCOPE),
    /** Seconds until it expires (when the access token it was exchanged for does). */
    expiresIn: z.number().int().positive(),
    /** Epoch seconds. */
    expiresAt: z.number().int().positive(),
  })
  .meta({ id: 'EmbedToken' });

/** The grant a /token request is counted under: refresh_token, or password for anything else. */
function grantOf(query: unknown): 'password' | 'refresh_token' {
  return (query as { grant_type?: unknown } | undefined)?.grant_type === 'refresh_token' ? 'refresh_token' : 'password';
}

/** /api/v1/auth: sign-up, e-mail confirmation, sign-in, refresh, logout, current user (spec §7, Authentication). */
const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { COMPANY_DOMAIN, AUTH_RATE_LIMIT_PER_MINUTE, PUBLIC_URL } = fastify.config;
  const rateLimit = perClientRateLimit(AUTH_RATE_LIMIT_PER_MINUTE);
  // Password attempts are limited per client address; refreshes (which need a valid cookie anyway) are
  // counted apart and allowed ten times as often, so that reloads and several tabs never hit the limit.
  // The limit runs before validation, so the key holds the grant as validated: any other grant_type is
  // counted as a password attempt (two keys per client at most; made-up values cannot evict the counter).
  const tokenRateLimit = {
    timeWindow: 60_000,
    keyGenerator: (request: { ip: string; query: unknown }) => `${clientKey(request.ip)}:${grantOf(request.query)}`,
    max: (request: { query: unknown }) => (grantOf(request.query) === 'refresh_token' ? AUTH_RATE_LIMIT_PER_MINUTE * 10 : AUTH_RATE_LIMIT_PER_MINUTE),
    cache: RATE_LIMIT_KEYS * 2,
  };

  function requireCompanyEmail(email: string): void {
    if (!isCompanyEmail(email, COMPANY_DOMAIN)) throw new HttpError(403, domainNotAllowedMessage(COMPANY_DOMAIN), API_ERROR_CODES.domainNotAllowed);
  }

  fastify.get(
    '/config',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], summary: 'What the sign-in page needs', response: { 200: authConfigSchema, ...apiErrorResponses(500) } },
    },
    async () => ({ companyDomain: domainSuffix(COMPANY_DOMAIN), google: { enabled: Boolean(fastify.config.GOOGLE_CLIENT_ID) } }),
  );

  fastify.post(
    '/signup',
    {
      config: { auth: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign up with e-mail and password',
        body: credentialsSchema,
        response: { 201: signUpResultSchema, ...apiErrorResponses(400, 403, 409, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      requireCompanyEmail(request.body.email);
      await fastify.identity.signUp({ email: request.body.email, password: request.body.password, appUrl: PUBLIC_URL }, grpcCallOptions(request, reply));
      return reply.code(201).send({ message: AUTH_MESSAGES.signUpSuccess });
    },
  );

  fastify.get(
    '/confirm',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The link of the confirmation mail: opens the sign-in page, where signing in with the password confirms the address',
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { ...redirectResponse(303, 'To the sign-in page, /auth?confirm=<token>'), ...apiErrorResponses(400, 500) },
      },
    },
    // Opening the link changes nothing (mail scanners open links too); the sign-in with it confirms.
    async (request, reply) => reply.redirect(`/auth?${new URLSearchParams({ confirm: request.query.token }).toString()}`, 303),
  );

  fastify.post(
    '/token',
    {
      config: { auth: 'public', rateLimit: tokenRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (grant_type=password) or refresh the session (grant_type=refresh_token, refresh cookie)',
        querystring: z.object({ grant_type: z.enum(['password', 'refresh_token']) }),
        // Credentials for grant_type=password (checked below); refresh sends no body.
        body: credentialsSchema.partial().nullish(),
        response: { 200: sessionSchema, ...apiErrorResponses(400, 401, 403, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      if (request.query.grant_type === 'password') {
        const credentials = credentialsSchema.safeParse(request.body ?? {});
        if (!credentials.success) throw new HttpError(400, credentials.error.issues[0]?.message ?? 'Email and password are required');
        requireCompanyEmail(credentials.data.email);
        const { email, password } = credentials.data;
        // Failed passwords per account from unknown browsers, and of everyone together; a browser that signed
        // in to the account before (device cookie) has its own count instead (plugin account-limits). Held
        // back, even with the right password, until the window ends.
        const device = fastify.sessions.trustedDevice(request, email);
        const refusal = fastify.accountLimits.refusal(email, device);
        if (refusal) {
          reply.header('retry-after', String(refusal.retryAfterSeconds));
          throw new HttpError(429, refusal.message);
        }
        const countRefusal = (error: unknown): never => {
          if (isGrpcError(error) && error.code === GrpcStatus.UNAUTHENTICATED) fastify.accountLimits.recordFailure(email, device);
          throw error;
        };
        const readAt = fastify.userCache.generation();
        let confirmationError: unknown;
        if (credentials.data.confirmationToken) {
          try {
            await fastify.identity
              .confirmEmail({ token: credentials.data.confirmationToken, email, password }, grpcCallOptions(request, reply))
              .catch(countRefusal);
          } catch (error) {
            // A link used before (the address is confirmed already) must not stand in the way of signing in.
            if (!isGrpcError(error) || error.code !== GrpcStatus.INVALID_ARGUMENT) throw error;
            confirmationError = error;
          }
        }
        const { grant } = await fastify.identity
          .signInWithPassword({ email, password, userAgent: request.headers['user-agent'] ?? '' }, grpcCallOptions(request, reply))
          .catch(countRefusal)
          .catch((error: unknown) => {
            throw confirmationError && isGrpcError(error) && error.code === GrpcStatus.FAILED_PRECONDITION ? confirmationError : error;
          });
        if (!grant) throw new HttpError(500, 'Sign-in returned no session');
        return fastify.sessions.start(reply, grant, readAt);
      }
      const refreshToken = fastify.sessions.refreshToken(request);
      if (!refreshToken) throw new HttpError(401, AUTH_MESSAGES.sessionMissing);
      try {
        const readAt = fastify.userCache.generation();
        const { grant } = await fastify.identity.refreshSession({ refreshToken }, grpcCallOptions(request, reply));
        if (!grant) throw new HttpError(500, 'Refresh returned no session');
        return await fastify.sessions.start(reply, grant, readAt);
      } catch (error) {
        // Only a refused session ends the cookie; while identity is unreachable (503) the client retries.
        if (isGrpcError(error) && error.code === GrpcStatus.UNAUTHENTICATED) fastify.sessions.end(reply);
        throw error;
      }
    },
  );

  fastify.post(
    '/logout',
    {
      config: { auth: 'session' },
      // Signing out of this browser never fails to end the cookie: also when the session cannot be resolved
      // or revoked (identity unreachable), the refresh cookie is cleared, so the next page load does not sign
      // the user back in; the error still says that the server-side revocation did not happen.
      onError: async (request, reply) => {
        if ((request.query as { scope?: unknown } | undefined)?.scope !== 'others') fastify.sessions.end(reply);
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: this session (local), every session (global) or every other session (others)',
        querystring: z.object({ scope: z.enum(LOGOUT_SCOPES).default('global') }),
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 500, 503) },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await fastify.identity.logout({ sessionId: auth.sessionId, scope: logoutScopeToProto(request.query.scope) }, grpcCallOptions(request, reply));
      fastify.userCache.forget(auth.userId);
      if (request.query.scope !== 'others') fastify.sessions.end(reply);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/embed-token',
    {
      // 'session' as /user: the library shows a signed-in user of another domain its Access Denied text, from the
      // routes' own 403. An embed token is refused here (no `config.embed`): it cannot renew or widen itself.
      config: { auth: 'session' },
      schema: {
        tags: ['auth'],
        summary:
          'Exchange the access token (bearer) for an embed token: the same user and session, accepted only by the routes the embedded media library calls, expiring with the access token',
        description:
          "Called by Venue Book's session bridge (/embed/session) on its own origin, never cross-origin (no CORS; a request a browser marks Sec-Fetch-Site other than same-origin is refused with 403). " +
          `The embed token carries scope '${EMBED_TOKEN_SCOPE}'; elsewhere the API answers it 403 '${EMBED_TOKEN_MESSAGES.routeRefused}'. Roles apply to it as to the access token, and it ends with the session (sign-out).`,
        response: { 200: embedTokenSchema, ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') throw new HttpError(403, EMBED_TOKEN_MESSAGES.crossOrigin, API_ERROR_CODES.permissionDenied);
      const auth = request.auth!;
      const now = Math.floor(Date.now() / 1000);
      const expiresIn = Math.max(1, auth.expiresAt - now);
      const accessToken = await reply.jwtSign({ sub: auth.userId, email: auth.email, sid: auth.sessionId, scope: EMBED_TOKEN_SCOPE }, { expiresIn });
      return { accessToken, tokenType: 'bearer' as const, scope: EMBED_TOKEN_SCOPE, expiresIn, expiresAt: now + expiresIn };
    },
  );

  fastify.get(
    '/user',
    {
      config: { auth: 'session', embed: true },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: authUserSchema, ...apiErrorResponses(401, 500, 503) } },
    },
    async (request, reply) => {
      const response = await fastify.identity.getCurrentUser({ sessionId: request.auth!.sessionId }, grpcCallOptions(request, reply));
      if (!response.user || !response.sessionActive) throw new HttpError(401, AUTH_MESSAGES.sessionMissing);
      return authUserFromProto(response.user);
    },
  );

  fastify.post(
    '/welcome',
    {
      schema: {
        tags: ['auth'],
        summary: "Mark the first-use welcome dialog as shown ('Got it')",
        response: { 204: z.null(), ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      await fastify.identity.markWelcomeShown({}, grpcCallOptions(request, reply));
      fastify.userCache.forget(request.auth!.userId);
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
