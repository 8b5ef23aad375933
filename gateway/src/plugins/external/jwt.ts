import jwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const ACCESS_TOKEN_ISSUER = 'venuebook';
export const ACCESS_TOKEN_AUDIENCE = 'venuebook-web';

/**
 * The claims of an access token: the user, their e-mail and the session (refresh-token family). `scope` only on
 * a restricted token (the embed token, lib/embed.ts EMBED_TOKEN_SCOPE): plugin authn accepts it on the routes
 * marked for it only.
 */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  sid: string;
  scope?: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims & { iat: number; exp: number; iss: string; aud: string };
  }
}

/**
 * Access tokens: HS256 only (an `alg: none` or RS/HS-confusion token is refused), issuer, audience and
 * expiry always checked. They are short-lived and kept in the browser's memory; the refresh token is a
 * separate opaque secret in an httpOnly cookie.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(jwt, {
      secret: fastify.config.JWT_SECRET,
      sign: { algorithm: 'HS256', iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, expiresIn: fastify.config.ACCESS_TOKEN_TTL_SECONDS },
      verify: {
        algorithms: ['HS256'],
        allowedIss: ACCESS_TOKEN_ISSUER,
        allowedAud: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp', 'iss', 'aud'],
      },
    });
  },
  { name: 'jwt' },
);
