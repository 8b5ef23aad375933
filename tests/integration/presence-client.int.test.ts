// The card dialog's presence client (mfe-cards PresenceConnection, what usePresence runs on) against the running
// product (gateway and services as their own processes, real NATS): the sdk's session store gives the token, Node's
// WebSocket stands in for the browser's. Joins, the shared socket, a refresh re-sent on the open socket, reconnect
// and re-join after the gateway was down, sign-out.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRESENCE_RECONNECT, PresenceConnection, sessionTokens } from '../../mfe-cards/src/presence/presence-connection.ts';
import type { PresenceState } from '../../mfe-cards/src/presence/presence-connection.ts';
import { createApiClient } from '../../shell/sdk/src/api/api-client.ts';
import { backoff } from '../../shell/sdk/src/session/refresh-timing.ts';
import { createSessionStore } from '../../shell/sdk/src/session/session-store.ts';
import type { SessionStore } from '../../shell/sdk/src/session/session-store.ts';
import { createBrowser, startSdkStack } from './sdk-support.ts';
import type { OwnSdkStack } from './sdk-support.ts';

// A product of its own: a test stops and starts its gateway (and presence runs on short timings).
let sdk: OwnSdkStack;
const stops: (() => void)[] = [];

beforeAll(async () => {
  sdk = await startSdkStack({ gatewayEnv: { PRESENCE_HEARTBEAT_MS: '300', PRESENCE_TIMEOUT_MS: '1500', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
}, 180_000);

afterAll(async () => {
  for (const stop of stops) stop();
  await sdk?.stop();
});

/** The sockets a connection opened and the messages it sent (Node's WebSocket, recorded). */
function recordingWebSocket() {
  const opened: WebSocket[] = [];
  const sent: unknown[] = [];
  class Recorded extends WebSocket {
    constructor(url: string | URL) {
      super(url);
      opened.push(this);
    }
    override send(data: string): void {
      sent.push(JSON.parse(data));
      super.send(data);
    }
  }
  return { WebSocketImpl: Recorded as typeof WebSocket, opened, sent };
}

interface Page {
  store: SessionStore;
  connection: PresenceConnection;
  opened: WebSocket[];
  sent: unknown[];
}

/** A signed-in page of `role` with its presence connection. */
async function openPage(role: 'editor' | 'surveyor'): Promise<Page> {
  const browser = createBrowser();
  const api = createApiClient({ baseUrl: sdk.apiUrl, fetch: browser.fetch });
  const store = createSessionStore({ api, crossTab: false, storage: browser.storage });
  stops.push(store.start());
  await vi.waitFor(() => expect(store.getSnapshot().status).not.toBe('loading'));
  await store.signIn(sdk.account(role));
  const recorded = recordingWebSocket();
  const connection = new PresenceConnection({
    url: `${sdk.stack.url.replace(/^http/, 'ws')}/api/v1/presence`,
    tokens: sessionTokens(store),
    WebSocketImpl: recorded.WebSocketImpl,
    lingerMs: 200,
    reconnectDelay: (attempt) => backoff(attempt, PRESENCE_RECONNECT),
  });
  stops.push(() => connection.close());
  return { store, connection, opened: recorded.opened, sent: recorded.sent };
}

const names = (state: PresenceState) => state.editors.map((editor) => editor.email).sort();

describe('PresenceConnection (usePresence) on the running product', () => {
  it('shares presence between users, re-sends a refreshed token, rejoins after the gateway was down, leaves on sign-out', async () => {
    const editor = await openPage('editor');
    const surveyor = await openPage('surveyor');
    const token = editor.store.getSnapshot().session!.accessToken;
    const page = (await (await fetch(`${sdk.apiUrl}/venues?pageSize=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      items: { id: string }[];
    };
    const venueId = page.items[0]!.id;
    const channel = { venueId, department: 'IT' as const, cardId: 'b96c4ec3-94e7-48ca-adb1-51d8b8904847' };
    const key = `${venueId}|IT|${channel.cardId}`;
    const both = [sdk.account('editor').email, sdk.account('surveyor').email].sort();

    // Two dialogs of one card in the editor's page share the channel; the surveyor opens it too.
    const releaseFirst = editor.connection.acquire(channel);
    const releaseSecond = editor.connection.acquire(channel);
    const releaseSurveyor = surveyor.connection.acquire(channel);
    await vi.waitFor(() => expect(names(editor.connection.state(key))).toEqual(both), { timeout: 5000 });
    await vi.waitFor(() => expect(surveyor.connection.state(key)).toMatchObject({ connected: true, editors: [{}, {}] }), { timeout: 5000 });
    expect(editor.opened).toHaveLength(1);
    releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(surveyor.connection.state(key).editors).toHaveLength(2);

    // A refresh: the new token goes over the open socket (no new socket), and the socket goes on. Access tokens
    // are stamped to the second (iat, exp), so the refresh waits for the next second to get a token of its own.
    const before = editor.store.getSnapshot().session!.accessToken;
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
    await editor.store.refresh();
    const after = editor.store.getSnapshot().session!.accessToken;
    expect(after).not.toBe(before);
    await vi.waitFor(() => expect(editor.sent).toContainEqual({ type: 'auth', token: after }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(editor.opened).toHaveLength(1);
    expect(editor.connection.state(key).connected).toBe(true);

    // The gateway goes down: not connected, nobody known; back up: both reconnect (back-off) and rejoin.
    await sdk.stack.services.gateway.stop();
    await vi.waitFor(() => expect(editor.connection.state(key)).toEqual({ editors: [], connected: false }), { timeout: 5000 });
    await sdk.stack.services.gateway.start();
    await vi.waitFor(() => expect(names(editor.connection.state(key))).toEqual(both), { timeout: 20_000 });
    await vi.waitFor(() => expect(names(surveyor.connection.state(key))).toEqual(both), { timeout: 20_000 });
    expect(editor.opened.length).toBeGreaterThan(1);

    // The surveyor signs out: their socket closes and they leave at once (well before the 1.5 s time-out).
    await surveyor.store.signOut();
    await vi.waitFor(() => expect(names(editor.connection.state(key))).toEqual([sdk.account('editor').email]), { timeout: 1200 });
    expect(surveyor.connection.state(key).connected).toBe(false);

    // The last holder lets go: the socket closes after the linger.
    releaseSecond();
    releaseSurveyor();
    const last = editor.opened.at(-1)!;
    await vi.waitFor(() => expect(last.readyState).toBe(WebSocket.CLOSED), { timeout: 3000 });
  });
});
