import cookie from '@fastify/cookie';
import type { FastifyCookieOptions } from '@fastify/cookie';

/** Cookie parsing; the refresh-token cookie (httpOnly, SameSite=Strict) is set by the auth routes. */
export const autoConfig: FastifyCookieOptions = {};

export default cookie;
