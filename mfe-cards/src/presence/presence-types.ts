import type { Department } from '@venuebook/sdk';

/** One presence channel (spec §4 'Presence'): a card of a venue's department. */
export interface PresenceChannel {
  venueId: string;
  department: Department;
  cardId: string;
}

/** Someone with the card dialog open on that channel. */
export interface PresenceEditor {
  userId: string;
  email: string;
  fullName: string;
  /** ISO 8601: the last heartbeat the gateway saw. */
  lastSeen: string;
}

/** What `usePresence(channel)` (./use-presence.ts) answers: everyone on the channel, the user included. */
export interface PresenceState {
  editors: PresenceEditor[];
  connected: boolean;
}
