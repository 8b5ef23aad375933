import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { presenceChannelKey, presenceChannelSchema } from '@venuebook/domain';
import type { PresenceChannelRef, PresenceServerMessage } from '@venuebook/domain';
import { createEnvelope, encodeEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import type { PresenceChanged } from '@venuebook/contracts/events';
import { subscribeDomainEvents } from '@venuebook/service-kit';
import type { AppPluginOptions } from '../../app.ts';
import { PresenceChannels } from '../../lib/presence-channels.ts';
import type { PresenceIdentity } from '../../lib/presence-channels.ts';

/** One authenticated presence socket of this replica (routes/api/v1/presence). */
export interface PresenceClient {
  readonly identity: PresenceIdentity;
  /** Keys of the channels it joined. */
  readonly channels: Set<string>;
  push(message: PresenceServerMessage): void;
}

export interface PresenceHub {
  /** This replica's id on the presence subject. */
  readonly origin: string;
  /** Adds an authenticated socket; false when its user has PRESENCE_MAX_SOCKETS_PER_USER here already. */
  register(client: PresenceClient): boolean;
  /** The socket closed: it leaves every channel at once (everywhere, unless another socket of the user is still on it). */
  unregister(client: PresenceClient): void;
  join(client: PresenceClient, channel: PresenceChannelRef): void;
  leave(client: PresenceClient, channel: PresenceChannelRef): void;
  /** The socket is alive: its user stays on its channels (here and, through NATS, on the other replicas). */
  heartbeat(client: PresenceClient): void;
  /**
   * `listener` hears of every venue deleted or purged (venues stream events, on every replica), after this replica's
   * sockets left its channels (each told so with an error 'Venue not found' naming the channel).
   */
  onVenueGone(listener: (venueId: string) => void): void;
  /** The channel's editors as this replica knows them (tests). */
  editors(channel: PresenceChannelRef): ReturnType<PresenceChannels['editors']>;
}

/** What a socket hears for each of its channels of a venue deleted or purged meanwhile (the venues service's answer for it). */
export const PRESENCE_VENUE_GONE = 'Venue not found';

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceHub;
  }
}

/**
 * Live presence state of this gateway replica: its own sockets' channels and, through core NATS
 * (SUBJECTS.presenceChanged, nothing stored), every other replica's. Each replica publishes join / heartbeat / leave
 * of its own sockets' users and keeps the union per channel (PresenceChannels); every change is pushed to its sockets
 * on that channel. A replica that dies stops heartbeating: its editors time out on the others (PRESENCE_TIMEOUT_MS).
 * A replica's first socket on a channel asks the others (`sync`) to announce theirs at once. A venue deleted or purged
 * (venue.deleted / venue.purged on core NATS) takes its channels from this replica's sockets at once.
 */
export default fp(
  async (fastify: FastifyInstance, { connectNats }: AppPluginOptions) => {
    const { PRESENCE_TIMEOUT_MS, PRESENCE_HEARTBEAT_MS, PRESENCE_MAX_SOCKETS_PER_USER } = fastify.config;
    const origin = randomUUID();
    const state = new PresenceChannels(PRESENCE_TIMEOUT_MS);
    /** This replica's sockets by channel key. */
    const local = new Map<string, Set<PresenceClient>>();
    const socketsByUser = new Map<string, Set<PresenceClient>>();
    /** When this replica last published a sighting of `${channelKey}\n${userId}` (heartbeats are sent on at most every half heartbeat). */
    const lastPublished = new Map<string, number>();

    const nc = await connectNats(fastify.config.NATS_URL, { name: 'gateway-presence' });

    function publish(kind: PresenceChanged['kind'], channel: PresenceChannelRef, editor: PresenceIdentity, sync = false): void {
      const key = `${presenceChannelKey(channel)}\n${editor.userId}`;
      if (kind === 'leave') lastPublished.delete(key);
      else lastPublished.set(key, Date.now());
      try {
        const data: PresenceChanged = {
          origin,
          kind,
          channel,
          editor: { userId: editor.userId, email: editor.email, fullName: editor.fullName },
          ...(sync ? { sync } : {}),
        };
        nc.publish(
          SUBJECTS.presenceChanged,
          encodeEnvelope(createEnvelope(SUBJECTS.presenceChanged, data, { actor: { userId: editor.userId, email: editor.email } })),
        );
      } catch (error) {
        // NATS closed or reconnecting: the other replicas hear of the user with the next heartbeat.
        fastify.log.warn({ err: error }, 'presence publish failed');
      }
    }

    function push(channel: PresenceChannelRef): void {
      const clients = local.get(presenceChannelKey(channel));
      if (!clients || clients.size === 0) return;
      const message: PresenceServerMessage = { type: 'presence', channel, editors: state.editors(channel) };
      for (const client of clients) client.push(message);
    }

    /** Whether another socket of this client's user (on this replica) is on the channel. */
    function userStillOn(key: string, client: PresenceClient): boolean {
      for (const other of local.get(key) ?? []) {
        if (other !== client && other.identity.userId === client.identity.userId) return true;
      }
      return false;
    }

    function leaveKey(client: PresenceClient, key: string, channel: PresenceChannelRef): void {
      const clients = local.get(key);
      if (!clients?.delete(client)) return;
      client.channels.delete(key);
      if (clients.size === 0) local.delete(key);
      if (userStillOn(key, client)) return;
      publish('leave', channel, client.identity);
      if (state.left(channel, origin, client.identity.userId)) push(channel);
    }

    const channelRefs = new Map<string, PresenceChannelRef>();
    const venueGoneListeners: ((venueId: string) => void)[] = [];

    /** A deleted or purged venue: this replica's sockets leave its channels at once (they must not go on hearing who edits it). */
    function venueGone(venueId: string): void {
      for (const [key, clients] of [...local]) {
        const channel = channelRefs.get(key);
        if (channel?.venueId !== venueId) continue;
        for (const client of [...clients]) {
          leaveKey(client, key, channel);
          client.push({ type: 'error', message: PRESENCE_VENUE_GONE, channel });
        }
      }
      for (const listener of venueGoneListeners) listener(venueId);
    }

    const hub: PresenceHub = {
      origin,
      register(client) {
        let sockets = socketsByUser.get(client.identity.userId);
        if (!sockets) {
          sockets = new Set();
          socketsByUser.set(client.identity.userId, sockets);
        }
        if (sockets.size >= PRESENCE_MAX_SOCKETS_PER_USER) return false;
        sockets.add(client);
        return true;
      },
      unregister(client) {
        for (const key of [...client.channels]) {
          const channel = channelRefs.get(key);
          if (channel) leaveKey(client, key, channel);
        }
        const sockets = socketsByUser.get(client.identity.userId);
        sockets?.delete(client);
        if (sockets?.size === 0) socketsByUser.delete(client.identity.userId);
      },
      join(client, channel) {
        const key = presenceChannelKey(channel);
        let clients = local.get(key);
        const firstHere = !clients;
        if (!clients) {
          clients = new Set();
          local.set(key, clients);
          channelRefs.set(key, channel);
        }
        clients.add(client);
        client.channels.add(key);
        state.seen(channel, origin, client.identity, Date.now());
        publish('join', channel, client.identity, firstHere);
        // Always pushed: the joining socket needs the list even when it did not change (another tab of the user).
        push(channel);
      },
      leave(client, channel) {
        leaveKey(client, presenceChannelKey(channel), channel);
      },
      heartbeat(client) {
        const now = Date.now();
        for (const key of client.channels) {
          const channel = channelRefs.get(key);
          if (!channel) continue;
          if (state.seen(channel, origin, client.identity, now)) push(channel);
          const published = lastPublished.get(`${key}\n${client.identity.userId}`) ?? 0;
          if (now - published >= PRESENCE_HEARTBEAT_MS / 2) publish('heartbeat', channel, client.identity);
        }
      },
      onVenueGone(listener) {
        venueGoneListeners.push(listener);
      },
      editors: (channel) => state.editors(channel),
    };

    const venueSubscriptions = [SUBJECTS.venueDeleted, SUBJECTS.venuePurged].map((subject) =>
      subscribeDomainEvents(nc, subject, (event) => venueGone(event.data.venueId), { logger: fastify.log }),
    );

    const subscription = subscribeDomainEvents(
      nc,
      SUBJECTS.presenceChanged,
      (event) => {
        const { data } = event;
        if (data.origin === origin) return;
        const parsed = presenceChannelSchema.safeParse(data.channel);
        if (!parsed.success) return;
        const channel = parsed.data;
        const changed =
          data.kind === 'leave' ? state.left(channel, data.origin, data.editor.userId) : state.seen(channel, data.origin, data.editor, Date.now());
        if (changed) push(channel);
        // Another replica's first socket on a channel we have sockets on: tell it who is here now, not at the next heartbeat.
        if (data.sync) {
          const seen = new Set<string>();
          for (const client of local.get(presenceChannelKey(channel)) ?? []) {
            if (seen.has(client.identity.userId)) continue;
            seen.add(client.identity.userId);
            publish('heartbeat', channel, client.identity);
          }
        }
      },
      { logger: fastify.log },
    );

    // Time-outs: editors not heard of for PRESENCE_TIMEOUT_MS (a silent tab, a replica that died) leave their channels.
    const sweep = setInterval(
      () => {
        for (const channel of state.expire(Date.now())) push(channel);
        for (const key of channelRefs.keys()) if (!local.has(key)) channelRefs.delete(key);
      },
      Math.max(100, Math.min(5000, Math.floor(PRESENCE_TIMEOUT_MS / 5))),
    );
    sweep.unref();

    fastify.decorate('presence', hub);
    fastify.addHook('onClose', async () => {
      clearInterval(sweep);
      // Shutting down: the other replicas drop this one's editors now rather than after the time-out.
      for (const [key, clients] of local) {
        const channel = channelRefs.get(key);
        const users = new Map([...clients].map((client) => [client.identity.userId, client.identity]));
        if (channel) for (const identity of users.values()) publish('leave', channel, identity);
      }
      subscription.unsubscribe();
      for (const venueSubscription of venueSubscriptions) venueSubscription.unsubscribe();
      await nc.drain();
    });
  },
  { name: 'presence', dependencies: ['websocket'] },
);
