import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authUserFromProto } from '@venuebook/proto/codecs/identity';
import { AUTH_MESSAGES } from '@venuebook/proto/domain';
import type { AuthUser, Role } from '@venuebook/proto/domain';
import { GrpcStatus, isGrpcError } from '@venuebook/proto/grpc';
import { signUserContext } from '@venuebook/service-kit';
import { HttpError } from '../../lib/error-mapping.ts';
import type { AccessTokenClaims } from '../external/jwt.ts';
import type { CachedSession } from './user-cache.ts';

/** Who is calling, once the access token is verified and the user resolved. */
export interface AuthContext {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  user: AuthUser;
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
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyInstance {
    authn: {
      /** Verifies the bearer token and resolves the user and session (fastify.userCache, else identity); throws 401. */
      authenticate(request: FastifyRequest): Promise<AuthContext>;
    };
  }
}

const BEARER = /^Bearer\s+\S+$/i;

const sessionMissing = (): HttpError => new HttpError(401, AUTH_MESSAGES.sessionMissing);

/** Access-token verification: `fastify.authn.authenticate`, called by the /api hooks (routes/api/autohooks.ts). */
export default fp(
  async (fastify: FastifyInstance) => {
    const { USER_CONTEXT_KEY } = fastify.config;

    /** Asks identity for the user and the state of their session (signed as the caller). */
    async function resolve(request: FastifyRequest, claims: AccessTokenClaims): Promise<CachedSession> {
      try {
        const response = await fastify.identity.getCurrentUser(
          { sessionId: claims.sid },
          { metadata: signUserContext({ userId: claims.sub, email: claims.email, role: '', requestId: String(request.id) }, USER_CONTEXT_KEY) },
        );
        if (!response.user) throw sessionMissing();
        return { user: authUserFromProto(response.user), active: response.sessionActive };
      } catch (error) {
        if (isGrpcError(error) && error.code === GrpcStatus.UNAUTHENTICATED) throw sessionMissing();
        throw error;
      }
    }

    async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      const header = request.headers.authorization;
      if (!header || !BEARER.test(header)) throw new HttpError(401, AUTH_MESSAGES.noSession);
      let claims: AccessTokenClaims;
      try {
        claims = await request.jwtVerify<AccessTokenClaims>();
      } catch {
        throw sessionMissing();
      }
      let entry = fastify.userCache.get(claims.sub, claims.sid);
      if (!entry) {
        entry = await resolve(request, claims);
        fastify.userCache.set(claims.sub, claims.sid, entry);
      }
      if (!entry.active) throw sessionMissing();
      const { user } = entry;
      return { userId: user.id, email: user.email, role: user.role, sessionId: claims.sid, user };
    }

    fastify.decorate('authn', { authenticate });
  },
  { name: 'authn', dependencies: ['jwt', 'grpc-clients', 'user-cache'] },
);
