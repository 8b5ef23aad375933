import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, resolveRole } from '@venuebook/proto/domain';
import type { AuthUser, Role, Session } from '@venuebook/proto/domain';
import { isGrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { MessageShape } from '@bufbuild/protobuf';
import type { SessionGrantSchema, UserSchema } from '@venuebook/proto/identity/v1';
import { connectNats, signUserContext } from '@venuebook/service-kit';
import { HttpError } from '../../lib/error-mapping.ts';

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
      /** Verifies the bearer token and resolves the user (cached ≤ 30 s); throws 401. */
      authenticate(request: FastifyRequest): Promise<AuthContext>;
      /** Drops cached users (after a role change or removal). */
      forget(userId: string): void;
      /** Mints the access token, sets the refresh cookie and builds the Session JSON. */
      startSession(reply: FastifyReply, grant: MessageShape<typeof SessionGrantSchema>): Promise<Session>;
      clearRefreshCookie(reply: FastifyReply): void;
    };
  }
}

export const REFRESH_COOKIE = 'vb_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';
/** How long a resolved user (role, session state) is reused: at most 30 s (issue: role cache). */
export const USER_CACHE_MS = 30_000;

export function authUserFromProto(user: MessageShape<typeof UserSchema>): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: resolveRole(user.role),
    welcomeShown: user.welcomeShown,
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt || null,
  };
}

const sessionMissing = (): HttpError => new HttpError(401, AUTH_MESSAGES.sessionMissing);

export default fp(
  async (fastify: FastifyInstance) => {
    const config = fastify.config;
    const cache = new Map<string, { user: AuthUser; active: boolean; at: number }>();

    const forget = (userId: string): void => {
      for (const key of cache.keys()) if (key.startsWith(`${userId}:`)) cache.delete(key);
    };

    // Role changes and removals anywhere (any gateway replica) drop this replica's cache at once.
    const nc = await connectNats(config.NATS_URL, { name: 'gateway' });
    const subscription = nc.subscribe('venuebook.identity.user.>', {
      callback: (error, message) => {
        if (error) return;
        try {
          const userId = (message.json() as { data?: { userId?: unknown } }).data?.userId;
          if (typeof userId === 'string') forget(userId);
        } catch {
          // not an envelope: ignore
        }
      },
    });
    fastify.addHook('onClose', async () => {
      subscription.unsubscribe();
      await nc.drain();
    });

    async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      const header = request.headers.authorization;
      if (!header || !/^Bearer\s+\S+$/i.test(header)) throw new HttpError(401, AUTH_MESSAGES.noSession);
      let claims: Awaited<ReturnType<FastifyRequest['jwtVerify']>> & { sub: string; email: string; sid: string };
      try {
        claims = await request.jwtVerify();
      } catch {
        throw sessionMissing();
      }
      const key = `${claims.sub}:${claims.sid}`;
      let entry = cache.get(key);
      if (!entry || Date.now() - entry.at > USER_CACHE_MS) {
        try {
          const response = await fastify.identity.getCurrentUser(
            { sessionId: claims.sid },
            { metadata: signUserContext({ userId: claims.sub, email: claims.email, role: '', requestId: String(request.id) }, config.USER_CONTEXT_KEY) },
          );
          if (!response.user) throw sessionMissing();
          entry = { user: authUserFromProto(response.user), active: response.sessionActive, at: Date.now() };
        } catch (error) {
          if (isGrpcError(error) && error.code === GrpcStatus.UNAUTHENTICATED) throw sessionMissing();
          throw error;
        }
        cache.set(key, entry);
        if (cache.size > 10_000) cache.delete(cache.keys().next().value as string);
      }
      if (!entry.active) throw sessionMissing();
      return { userId: entry.user.id, email: entry.user.email, role: entry.user.role, sessionId: claims.sid, user: entry.user };
    }

    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: config.COOKIE_SECURE,
      path: REFRESH_COOKIE_PATH,
    };

    fastify.decorate('authn', {
      authenticate,
      forget,
      async startSession(reply, grant) {
        if (!grant.user) throw new HttpError(500, 'Sign-in returned no user');
        const user = authUserFromProto(grant.user);
        const accessToken = await reply.jwtSign({ sub: user.id, email: user.email, sid: grant.sessionId });
        reply.setCookie(REFRESH_COOKIE, grant.refreshToken, { ...cookieOptions, maxAge: Math.round(config.SESSION_TTL_DAYS * 86_400) });
        cache.set(`${user.id}:${grant.sessionId}`, { user, active: true, at: Date.now() });
        const expiresIn = config.ACCESS_TOKEN_TTL_SECONDS;
        return { accessToken, tokenType: 'bearer', expiresIn, expiresAt: Math.floor(Date.now() / 1000) + expiresIn, user };
      },
      clearRefreshCookie(reply) {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      },
    });

  },
  { name: 'auth', dependencies: ['grpc-clients', 'jwt', 'error-handler'] },
);
