import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { authUserFromProto } from '@venuebook/contracts/codecs/identity';
import { accessDeniedMessage, API_ERROR_CODES, AUTH_MESSAGES, isCompanyEmail } from '@venuebook/domain';
import type { AuthUser, Role } from '@venuebook/domain';
import { GrpcStatus, isGrpcError } from '@venuebook/grpc';
import { userContextSigner } from '@venuebook/service-kit';
import { EMBED_TOKEN_MESSAGES, EMBED_TOKEN_SCOPE } from '../../lib/embed.ts';
import { apiError, fromGrpcError, HttpError } from '../../lib/error-mapping.ts';
import type { AccessTokenClaims } from '../external/jwt.ts';
import type { CachedSession } from './user-cache.ts';

/** Who is calling, once the access token is verified and the user resolved. */
export interface AuthContext {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  user: AuthUser;
  /** The token's restriction (EMBED_TOKEN_SCOPE for an embed token); undefined for a full access token. */
  scope?: string;
  /** When the token expires (epoch seconds). */
  expiresAt: number;
}

/**
 * Per-route access (route `config.auth`): 'public' needs nothing; 'session' a valid session whatever the
 * e-mail domain (the Access Denied screen must still read the user and sign out); 'member' (the default
 * for all of /api) a valid session of a company-domain user.
 */
export type RouteAuth = 'public' | 'session' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * The embedded media library calls this route: an embed token (scope EMBED_TOKEN_SCOPE, lib/embed.ts) is
     * accepted here too. Unset (the default): only a full access token; a scoped one is refused with 403.
     */
    embed?: boolean;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyInstance {
    authn: {
      /** Verifies the bearer token and resolves the user and session (fastify.userCache, else identity); throws 401. */
      authenticate(request: FastifyRequest): Promise<AuthContext>;
      /**
       * authorize() for an access token that did not come in an Authorization header (the presence WebSocket's
       * `auth` message: a browser cannot set headers on a WebSocket). Same checks, same errors.
       */
      authorizeToken(token: string, access: Exclude<RouteAuth, 'public'>, requestId: string): Promise<AuthContext>;
      /**
       * authenticate(), and for 'member' a company-domain e-mail (else 403 with the Access Denied text): what
       * every /api route needs (routes/api/autohooks.ts), and the API docs when API_DOCS=signed-in.
       */
      authorize(request: FastifyRequest, access: Exclude<RouteAuth, 'public'>): Promise<AuthContext>;
      /**
       * authorize() as an onRequest hook that answers refusals in the API error format itself, for routes the
       * error handler does not reach (registered by plugins loaded before it, e.g. the API docs).
       */
      guard(access: Exclude<RouteAuth, 'public'>): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    };
  }
}

const BEARER = /^Bearer\s+\S+$/i;

const sessionMissing = (): HttpError => new HttpError(401, AUTH_MESSAGES.sessionMissing);

/** How many verified access tokens are remembered (least recently used out first). */
export const VERIFIED_TOKENS_MAX = 10_000;

type VerifiedClaims = AccessTokenClaims & { exp: number };

/** Access-token verification: `fastify.authn.authenticate`, called by the /api hooks (routes/api/autohooks.ts). */
export default fp(
  async (fastify: FastifyInstance) => {
    const { USER_CONTEXT_KEY } = fastify.config;
    // Access tokens already verified (signature, algorithm, issuer, audience, required claims), by the exact
    // Authorization header, until their expiry: the same string verifies the same way every time, so a
    // token is checked once, not on every call (JWT verification is a sizeable share of the gateway's CPU on a
    // point read). The expiry is checked again on every use; the session itself is still checked (userCache).
    const verifiedTokens = new LRUCache<string, VerifiedClaims>({ max: VERIFIED_TOKENS_MAX });

    function verify(token: string): VerifiedClaims {
      const cached = verifiedTokens.get(token);
      if (cached && cached.exp * 1000 > Date.now()) return cached;
      const claims = fastify.jwt.verify<VerifiedClaims>(token);
      const ttl = claims.exp * 1000 - Date.now();
      if (ttl > 0) verifiedTokens.set(token, claims, { ttl });
      return claims;
    }

    /** Asks identity for the user and the state of their session (signed as the caller). */
    async function resolve(requestId: string, claims: AccessTokenClaims): Promise<CachedSession> {
      try {
        const response = await fastify.identity.getCurrentUser(
          { sessionId: claims.sid },
          { metadata: userContextSigner({ userId: claims.sub, email: claims.email, role: '', requestId }, USER_CONTEXT_KEY) },
        );
        if (!response.user) throw sessionMissing();
        return { user: authUserFromProto(response.user), active: response.sessionActive };
      } catch (error) {
        if (isGrpcError(error) && error.code === GrpcStatus.UNAUTHENTICATED) throw sessionMissing();
        throw error;
      }
    }

    /**
     * `embedRoute`: whether the route accepts an embed token (`config.embed`). A token with any other scope, or
     * a scoped token anywhere else, is refused (403) before the session is even looked up.
     */
    async function authenticateToken(token: string, requestId: string, embedRoute: boolean): Promise<AuthContext> {
      let claims: VerifiedClaims;
      try {
        claims = verify(token);
      } catch {
        throw sessionMissing();
      }
      if (claims.scope !== undefined && !(claims.scope === EMBED_TOKEN_SCOPE && embedRoute)) {
        throw new HttpError(403, EMBED_TOKEN_MESSAGES.routeRefused, API_ERROR_CODES.permissionDenied);
      }
      let entry = fastify.userCache.get(claims.sub, claims.sid);
      if (!entry) {
        const readAt = fastify.userCache.generation();
        entry = await resolve(requestId, claims);
        fastify.userCache.set(claims.sub, claims.sid, entry, readAt);
      }
      if (!entry.active) throw sessionMissing();
      const { user } = entry;
      return {
        userId: user.id,
        email: user.email,
        role: user.role,
        sessionId: claims.sid,
        user,
        expiresAt: claims.exp,
        ...(claims.scope === undefined ? {} : { scope: claims.scope }),
      };
    }

    async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      const header = request.headers.authorization;
      if (!header || !BEARER.test(header)) throw new HttpError(401, AUTH_MESSAGES.noSession);
      return authenticateToken(header.slice(header.search(/\s/)).trim(), String(request.id), request.routeOptions.config.embed === true);
    }

    function requireMember<A extends AuthContext>(auth: A, access: Exclude<RouteAuth, 'public'>): A {
      if (access === 'member' && !isCompanyEmail(auth.email, fastify.config.COMPANY_DOMAIN)) {
        throw new HttpError(403, accessDeniedMessage(fastify.config.COMPANY_DOMAIN), API_ERROR_CODES.domainNotAllowed);
      }
      return auth;
    }

    async function authorize(request: FastifyRequest, access: Exclude<RouteAuth, 'public'>): Promise<AuthContext> {
      return requireMember(await authenticate(request), access);
    }

    // No route here (the presence WebSocket): a scoped token is refused.
    async function authorizeToken(token: string, access: Exclude<RouteAuth, 'public'>, requestId: string): Promise<AuthContext> {
      return requireMember(await authenticateToken(token, requestId, false), access);
    }

    function guard(access: Exclude<RouteAuth, 'public'>) {
      return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        try {
          request.auth = await authorize(request, access);
        } catch (error) {
          if (error instanceof HttpError) {
            await reply
              .code(error.statusCode)
              .header('cache-control', 'no-store')
              .send(apiError(error.statusCode, error.message, undefined, error.apiCode));
          } else if (isGrpcError(error)) {
            const { status, body } = fromGrpcError(error);
            await reply.code(status).header('cache-control', 'no-store').send(body);
          } else {
            throw error;
          }
        }
      };
    }

    fastify.decorate('authn', { authenticate, authorize, authorizeToken, guard });
  },
  { name: 'authn', dependencies: ['jwt', 'grpc-clients', 'user-cache'] },
);
