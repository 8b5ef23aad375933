import { presenceChannelKey } from '@venuebook/domain';
import type { PresenceChannelRef, PresenceEditorInfo } from '@venuebook/domain';

/** Who an editor is (from the verified session). */
export interface PresenceIdentity {
  userId: string;
  email: string;
  fullName: string;
}

interface Sighting extends PresenceIdentity {
  origin: string;
  /** Epoch ms, by this replica's clock when it heard of it (replicas' clocks may differ: none is trusted for expiry). */
  lastSeen: number;
}

interface ChannelEntry {
  channel: PresenceChannelRef;
  /** By `${origin}\n${userId}`: one sighting per user and gateway replica. */
  sightings: Map<string, Sighting>;
}

/**
 * The editors of every presence channel this replica knows of, its own sockets' and the other replicas'
 * (heard through NATS): one sighting per (replica, user), a user with several tabs or on several replicas counts
 * once (the newest sighting wins). Sightings older than `timeoutMs` are dropped by `expire`. Pure: time comes in.
 */
export class PresenceChannels {
  readonly #channels = new Map<string, ChannelEntry>();
  readonly #timeoutMs: number;

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
  }

  /** `editor` is on `channel` at replica `origin`, seen at `now`. True when the channel's editor list changed (a new user or a newer lastSeen). */
  seen(channel: PresenceChannelRef, origin: string, editor: PresenceIdentity, now: number): boolean {
    const key = presenceChannelKey(channel);
    let entry = this.#channels.get(key);
    if (!entry) {
      entry = { channel: { venueId: channel.venueId, department: channel.department, cardId: channel.cardId }, sightings: new Map() };
      this.#channels.set(key, entry);
    }
    const before = this.#newest(entry, editor.userId);
    entry.sightings.set(`${origin}\n${editor.userId}`, { userId: editor.userId, email: editor.email, fullName: editor.fullName, origin, lastSeen: now });
    return !before || before.lastSeen < now || before.email !== editor.email || before.fullName !== editor.fullName;
  }

  /** The user left `channel` on replica `origin` (they may still be there through another one). True when the list changed. */
  left(channel: PresenceChannelRef, origin: string, userId: string): boolean {
    const key = presenceChannelKey(channel);
    const entry = this.#channels.get(key);
    if (!entry?.sightings.delete(`${origin}\n${userId}`)) return false;
    if (entry.sightings.size === 0) this.#channels.delete(key);
    return !this.#newest(entry, userId);
  }

  /** Drops every sighting not renewed within the timeout; answers the channels whose list changed. */
  expire(now: number): PresenceChannelRef[] {
    const changed: PresenceChannelRef[] = [];
    for (const [key, entry] of this.#channels) {
      const gone = new Set<string>();
      for (const [sightingKey, sighting] of entry.sightings) {
        if (now - sighting.lastSeen >= this.#timeoutMs) {
          entry.sightings.delete(sightingKey);
          gone.add(sighting.userId);
        }
      }
      if (gone.size > 0 && [...gone].some((userId) => !this.#newest(entry, userId))) changed.push(entry.channel);
      if (entry.sightings.size === 0) this.#channels.delete(key);
    }
    return changed;
  }

  /** The channel's editors, one per user (the newest sighting), by name then e-mail. */
  editors(channel: PresenceChannelRef): PresenceEditorInfo[] {
    const entry = this.#channels.get(presenceChannelKey(channel));
    if (!entry) return [];
    const byUser = new Map<string, Sighting>();
    for (const sighting of entry.sightings.values()) {
      const known = byUser.get(sighting.userId);
      if (!known || known.lastSeen < sighting.lastSeen) byUser.set(sighting.userId, sighting);
    }
    return [...byUser.values()]
      .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.email.localeCompare(b.email) || a.userId.localeCompare(b.userId))
      .map(({ userId, email, fullName, lastSeen }) => ({ userId, email, fullName, lastSeen: new Date(lastSeen).toISOString() }));
  }

  /** How many channels have anyone on them (for tests and metrics). */
  get size(): number {
    return this.#channels.size;
  }

  #newest(entry: ChannelEntry, userId: string): Sighting | undefined {
    let newest: Sighting | undefined;
    for (const sighting of entry.sightings.values()) {
      if (sighting.userId === userId && (!newest || newest.lastSeen < sighting.lastSeen)) newest = sighting;
    }
    return newest;
  }
}

/**
 * The name presence shows for a user. Profiles hold no full name (identity stores the e-mail, role and dates only),
 * so it is made from the e-mail's local part: 'ann.smith@example.com' → 'Ann Smith'.
 */
export function presenceFullName(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local.split(/[._+-]+/).filter(Boolean);
  if (words.length === 0) return email;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
