import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { PRESENCE, presenceChannelKey } from '@venuebook/domain';
import { backoff, sessionStore } from '@venuebook/sdk';
import { PRESENCE_RECONNECT, PresenceConnection, sessionTokens } from './presence-connection.ts';
import type { PresenceChannel, PresenceState } from './presence-types.ts';

/** The page's presence socket on the gateway's origin (ws: or wss: as the page). */
function presenceUrl(): string {
  const url = new URL(PRESENCE.path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** One socket for the page, whatever the number of card dialogs; the token is the sdk session's, sent again on every refresh. */
const connection = new PresenceConnection({
  url: presenceUrl,
  tokens: sessionTokens(sessionStore),
  reconnectDelay: (attempt) => backoff(attempt, PRESENCE_RECONNECT),
});

const IDLE: PresenceState = { editors: [], connected: false };
const noSubscription = () => () => {};

/**
 * Who has this card dialog open (spec §4 'Presence'), the user included; `channel` null: not joined (dialog
 * closed). Joins while mounted with a channel, leaves on unmount or when the channel changes.
 */
export function usePresence(channel: PresenceChannel | null): PresenceState {
  const key = channel ? presenceChannelKey(channel) : null;
  const venueId = channel?.venueId;
  const department = channel?.department;
  const cardId = channel?.cardId;

  useEffect(() => {
    if (!venueId || !department || !cardId) return undefined;
    return connection.acquire({ venueId, department, cardId });
  }, [venueId, department, cardId]);

  const subscribe = useCallback((listener: () => void) => (key ? connection.subscribe(key, listener) : noSubscription()), [key]);
  const getSnapshot = useCallback(() => (key ? connection.state(key) : IDLE), [key]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
