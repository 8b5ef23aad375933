import { z } from 'zod';
import { departmentSchema } from '../shared/enums.schema.ts';

/**
 * Live presence (spec §4 'Presence'): who has a card dialog open. The browser holds one WebSocket per page on
 * GET /api/v1/presence (the gateway) and joins one channel per open card dialog: a (venue, department, card).
 * The gateway replicas share what their sockets joined through core NATS (ephemeral, nothing stored).
 *
 * Protocol (JSON text frames):
 * - client → server: `auth` first (the access token; again whenever the session refreshes), then `join` /
 *   `leave` a channel, and `heartbeat` every PRESENCE.heartbeatMs while anything is joined.
 * - server → client: `ready` after each accepted `auth`; `presence` with a channel's editors after every change
 *   (join, leave, heartbeat, time-out, on any replica); `error` for a message that was refused (the socket stays open).
 * - The server closes the socket with one of PRESENCE_CLOSE (a missing, invalid or expired token, too many sockets
 *   or messages, a message too big).
 */
export const PRESENCE = {
  /** How often the client sends a heartbeat while it has channels joined. */
  heartbeatMs: 10_000,
  /** The spec names no timeout: an editor not heard of for 30 s (three heartbeats) leaves the channel. The gateway's PRESENCE_TIMEOUT_MS. */
  timeoutMs: 30_000,
  /** The path of the WebSocket. */
  path: '/api/v1/presence',
} as const;

/** WebSocket close codes of the presence socket (4000–4999: the application's own). */
export const PRESENCE_CLOSE = {
  /** No `auth` in time, or a token that is invalid, expired, of an ended session: sign in / refresh, then reconnect. */
  unauthorized: 4401,
  /** Signed in with an e-mail outside the company domain: do not reconnect. */
  forbidden: 4403,
  /** Too many sockets of this user, or too many messages on this one: reconnect later. */
  tooMany: 4429,
  /** Too many refused messages: a client bug, reconnecting will not help. */
  badClient: 4400,
} as const;

/** A channel: one card of a venue's department. Ids are UUIDs (venue and card ids are). */
export const presenceChannelSchema = z.strictObject({
  venueId: z.guid(),
  department: departmentSchema,
  cardId: z.guid(),
});
export type PresenceChannelRef = z.infer<typeof presenceChannelSchema>;

/** The key of a channel in maps and on the wire between replicas. */
export function presenceChannelKey(channel: PresenceChannelRef): string {
  return `${channel.venueId}|${channel.department}|${channel.cardId}`;
}

export const presenceEditorSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  /** ISO 8601: the last heartbeat any gateway saw from this user on the channel. */
  lastSeen: z.string(),
});
export type PresenceEditorInfo = z.infer<typeof presenceEditorSchema>;

/** Client → server. An access token is a JWT of a few hundred characters; 4,096 bounds it. */
export const presenceClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.strictObject({ type: z.literal('join'), channel: presenceChannelSchema }),
  z.strictObject({ type: z.literal('leave'), channel: presenceChannelSchema }),
  z.strictObject({ type: z.literal('heartbeat') }),
]);
export type PresenceClientMessage = z.infer<typeof presenceClientMessageSchema>;

/** Server → client. */
export type PresenceServerMessage =
  | { type: 'ready'; userId: string; heartbeatMs: number; timeoutMs: number; expiresAt: number }
  | { type: 'presence'; channel: PresenceChannelRef; editors: PresenceEditorInfo[] }
  | { type: 'error'; message: string; channel?: PresenceChannelRef; details?: { path: string; message: string }[] };
