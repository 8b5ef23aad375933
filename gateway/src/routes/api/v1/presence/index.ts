import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { WebSocket } from '@fastify/websocket';
import { PRESENCE_CLOSE, presenceChannelKey, presenceClientMessageSchema } from '@venuebook/domain';
import type { PresenceChannelRef, PresenceClientMessage, PresenceServerMessage } from '@venuebook/domain';
import { isGrpcError } from '@venuebook/grpc';
import { userContextSigner } from '@venuebook/service-kit';
import { perClientRateLimit } from '../../../../lib/client-key.ts';
import { apiError, fieldOfInstancePath, fromGrpcError, HttpError } from '../../../../lib/error-mapping.ts';
import { presenceFullName } from '../../../../lib/presence-channels.ts';
import type { AuthContext } from '../../../../plugins/app/authn.ts';
import type { PresenceClient } from '../../../../plugins/app/presence.ts';

/** Refused messages a socket may send before it is closed (a client that keeps sending garbage is broken). */
const MAX_REFUSED_MESSAGES = 20;
/** How long a user's right to see a venue is remembered (joins after reconnects, prev/next in the dialog). */
const VENUE_ACCESS_TTL_MS = 60_000;
/** The longest timer Node accepts (a token expiring later than ~24.8 days is re-checked then). */
const MAX_TIMER_MS = 2_147_483_647;

const OPEN = 1;
/** Output a client has not read yet beyond which its socket is closed (a client that stops reading must not hold the gateway's memory). */
const MAX_BUFFERED_BYTES = 1_048_576;

/** A WebSocket close reason is at most 123 bytes. */
function closeReason(message: string): string {
  return Buffer.byteLength(message) <= 123
    ? message
    : `${Buffer.from(message)
        .subarray(0, 120)
        .toString('utf8')
        .replace(/\uFFFD$/, '')}...`;
}

/**
 * GET /api/v1/presence, upgraded to a WebSocket: live presence on card dialogs (spec §4 'Presence'). The protocol is
 * in @venuebook/domain presence.schema.ts. The upgrade itself needs no Authorization header (browsers cannot set
 * one on a WebSocket, and a token in the URL ends up in logs): the first message is `auth` with the access token,
 * checked like every /api call (signature, expiry, active session, company domain); until then nothing else is
 * accepted, and without it the socket is closed after PRESENCE_AUTH_TIMEOUT_MS. A refreshed token is sent the same
 * way; the socket is closed (4401) when the token expires without one, or when a heartbeat finds the session ended.
 * Plain HTTP GET answers 426 Upgrade Required; the route is hidden from the OpenAPI document.
 */
export default async function presenceRoutes(fastify: FastifyInstance): Promise<void> {
  const config = fastify.config;
  const venueAccess = new LRUCache<string, true>({ max: 10_000, ttl: VENUE_ACCESS_TTL_MS });
  /** Counts venues gone (deleted or purged): a check under way meanwhile does not remember its (maybe older) answer. */
  let venuesGone = 0;
  // A deleted venue is not joinable for the rest of the cache time: its entries go at once (a rare event: one walk).
  fastify.presence.onVenueGone((venueId) => {
    venuesGone += 1;
    for (const key of [...venueAccess.keys()]) if (key.endsWith(`\n${venueId}`)) venueAccess.delete(key);
  });

  /** Whether the user may see the venue (the venues service decides: an unknown or deleted venue is 404). */
  async function venueError(auth: AuthContext, venueId: string, requestId: string, retried = false): Promise<string | null> {
    const cacheKey = `${auth.userId}\n${venueId}`;
    if (venueAccess.get(cacheKey)) return null;
    const goneAtStart = venuesGone;
    try {
      await fastify.venues.getVenue(
        { id: venueId },
        { metadata: userContextSigner({ userId: auth.userId, email: auth.email, role: auth.role, requestId }, config.USER_CONTEXT_KEY) },
      );
      // A venue was deleted while this was asked: the answer may predate it, asked once more (not remembered either way).
      if (venuesGone !== goneAtStart) return retried ? null : venueError(auth, venueId, requestId, true);
      venueAccess.set(cacheKey, true);
      return null;
    } catch (error) {
      if (isGrpcError(error)) return fromGrpcError(error).body.error.message;
      throw error;
    }
  }

  fastify.route({
    method: 'GET',
    url: '/',
    // The token comes in the first message; openings are limited per client address (429 before the upgrade).
    config: { auth: 'public', rateLimit: perClientRateLimit(config.PRESENCE_CONNECTS_PER_MINUTE) },
    // Not an HTTP operation: kept out of the OpenAPI document (docs/api.md describes the protocol).
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send(apiError(426, 'GET /api/v1/presence is a WebSocket: send Upgrade: websocket')),
    wsHandler: (socket: WebSocket, request: FastifyRequest) => acceptPresenceSocket(socket, request),
  });

  function acceptPresenceSocket(socket: WebSocket, request: FastifyRequest): void {
    const requestId = String(request.id);
    let auth: (AuthContext & { expiresAt: number }) | null = null;
    let token: string | null = null;
    let client: PresenceClient | null = null;
    let refused = 0;
    let expiryTimer: NodeJS.Timeout | undefined;
    /** The gateway's own session re-check (a client that never heartbeats must not go on listening after sign-out). */
    let sessionTimer: NodeJS.Timeout | undefined;
    const received: number[] = [];
    let queue: Promise<void> = Promise.resolve();

    const send = (message: PresenceServerMessage): void => {
      if (socket.readyState !== OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(message));
    };

    function close(code: number, reason: string): void {
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      clearInterval(sessionTimer);
      if (socket.readyState === OPEN) socket.close(code, closeReason(reason));
    }

    const authTimer = setTimeout(() => close(PRESENCE_CLOSE.unauthorized, 'No access token sent'), config.PRESENCE_AUTH_TIMEOUT_MS);

    function refuse(message: string, extra: Omit<Extract<PresenceServerMessage, { type: 'error' }>, 'type' | 'message'> = {}): void {
      refused++;
      send({ type: 'error', message, ...extra });
      if (refused > MAX_REFUSED_MESSAGES) close(PRESENCE_CLOSE.badClient, 'Too many invalid presence messages');
    }

    /** An auth failure as a close: 401 → 4401, 403 → 4403, anything else (identity unreachable) → 1011, try again. */
    function closeForAuthError(error: unknown): void {
      if (error instanceof HttpError) {
        close(error.statusCode === 403 ? PRESENCE_CLOSE.forbidden : PRESENCE_CLOSE.unauthorized, error.message);
      } else {
        request.log.warn({ err: error }, 'presence authentication failed');
        close(1011, 'Service temporarily unavailable. Please try again.');
      }
    }

    function scheduleExpiry(expiresAt: number): void {
      clearTimeout(expiryTimer);
      const delay = Math.max(0, Math.min(MAX_TIMER_MS, expiresAt * 1000 - Date.now()));
      expiryTimer = setTimeout(() => {
        if (auth && auth.expiresAt * 1000 <= Date.now()) close(PRESENCE_CLOSE.unauthorized, 'Session expired');
        else if (auth) scheduleExpiry(auth.expiresAt);
      }, delay);
    }

    async function authenticate(newToken: string): Promise<void> {
      let checked: AuthContext & { expiresAt: number };
      try {
        checked = await fastify.authn.authorizeToken(newToken, 'member', requestId);
      } catch (error) {
        closeForAuthError(error);
        return;
      }
      if (auth && checked.userId !== auth.userId) {
        close(PRESENCE_CLOSE.unauthorized, 'The access token is of another user');
        return;
      }
      if (socket.readyState !== OPEN) return;
      auth = checked;
      token = newToken;
      clearTimeout(authTimer);
      scheduleExpiry(checked.expiresAt);
      // Every heartbeat interval, whatever the client sends: in the message queue, after any auth under way.
      sessionTimer ??= setInterval(() => {
        queue = queue
          .then(async () => {
            await recheckSession();
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'presence session re-check failed'));
      }, config.PRESENCE_HEARTBEAT_MS);
      if (!client) {
        client = { identity: { userId: checked.userId, email: checked.email, fullName: presenceFullName(checked.email) }, channels: new Set(), push: send };
        if (!fastify.presence.register(client)) {
          client = null;
          close(PRESENCE_CLOSE.tooMany, 'Too many presence connections of this user');
          return;
        }
      }
      send({
        type: 'ready',
        userId: checked.userId,
        heartbeatMs: config.PRESENCE_HEARTBEAT_MS,
        timeoutMs: config.PRESENCE_TIMEOUT_MS,
        expiresAt: checked.expiresAt,
      });
    }

    /** Whether the session is still on (sign-out, removal: identity's events drop the gateway's cached answer); else the socket is closed. */
    async function recheckSession(): Promise<boolean> {
      if (!token || socket.readyState !== OPEN) return false;
      try {
        await fastify.authn.authorizeToken(token, 'member', requestId);
        return socket.readyState === OPEN;
      } catch (error) {
        closeForAuthError(error);
        return false;
      }
    }

    async function join(channel: PresenceChannelRef): Promise<void> {
      if (!auth || !client) return;
      if (client.channels.has(presenceChannelKey(channel))) {
        fastify.presence.join(client, channel);
        return;
      }
      if (client.channels.size >= config.PRESENCE_MAX_CHANNELS_PER_SOCKET) {
        refuse(`At most ${config.PRESENCE_MAX_CHANNELS_PER_SOCKET} channels per connection`, { channel });
        return;
      }
      let error: string | null;
      try {
        error = await venueError(auth, channel.venueId, requestId);
      } catch (failure) {
        request.log.warn({ err: failure }, 'presence venue check failed');
        error = 'Service temporarily unavailable. Please try again.';
      }
      if (error) {
        refuse(error, { channel });
        return;
      }
      if (socket.readyState === OPEN && client) fastify.presence.join(client, channel);
    }

    async function handle(message: PresenceClientMessage): Promise<void> {
      if (message.type === 'auth') {
        await authenticate(message.token);
        return;
      }
      if (!auth || !client) {
        refuse("Send the access token first: { type: 'auth', token }");
        return;
      }
      if (message.type === 'join') {
        await join(message.channel);
      } else if (message.type === 'leave') {
        fastify.presence.leave(client, message.channel);
      } else {
        // The session may have ended since (sign-out, removal): checked again, from the gateway's caches.
        const current = client;
        if ((await recheckSession()) && client === current) fastify.presence.heartbeat(current);
      }
    }

    socket.on('message', (data, isBinary) => {
      const now = Date.now();
      received.push(now);
      while (received.length > 0 && now - received[0]! >= 60_000) received.shift();
      if (received.length > config.PRESENCE_MAX_MESSAGES_PER_MINUTE) {
        close(PRESENCE_CLOSE.tooMany, 'Too many presence messages');
        return;
      }
      if (isBinary) {
        refuse('Presence messages are JSON text');
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));
      } catch {
        refuse('Invalid presence message: not JSON');
        return;
      }
      const result = presenceClientMessageSchema.safeParse(parsed);
      if (!result.success) {
        refuse('Invalid presence message', {
          details: result.error.issues.map((issue) => ({ path: fieldOfInstancePath(`/${issue.path.join('/')}`) || 'type', message: issue.message })),
        });
        return;
      }
      // One message at a time, in order (auth is asynchronous; a join must see it).
      queue = queue
        .then(() => handle(result.data))
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'presence message failed');
          send({ type: 'error', message: 'Internal server error' });
        });
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      clearInterval(sessionTimer);
      if (client) fastify.presence.unregister(client);
      client = null;
    });
  }
}
