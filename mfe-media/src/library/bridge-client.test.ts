import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridgeClient, type BridgeMessage } from './bridge-client.ts';

const ORIGIN = 'http://venuebook.test:8080';

/**
 * A stand-in for the /embed/session frame: records the requests posted to it and answers through the client's
 * message listener, as the real frame does with postMessage.
 */
function stubFrame() {
  const requests: { message: { type: string; id: string; fresh?: boolean }; targetOrigin: string }[] = [];
  const frameWindow = {
    postMessage: (message: unknown, targetOrigin: string) => requests.push({ message: message as { type: string; id: string; fresh?: boolean }, targetOrigin }),
  };
  let handler: ((message: BridgeMessage) => void) | null = null;
  const opened: string[] = [];
  let removed = 0;
  let ids = 0;
  const client = createBridgeClient({
    apiOrigin: ORIGIN,
    timeoutMs: 1000,
    openFrame: (url) => {
      opened.push(url);
      return { window: frameWindow, remove: () => void removed++ };
    },
    listen: (next) => {
      handler = next;
      return () => {
        handler = null;
      };
    },
    newId: () => `id-${++ids}`,
    now: () => Date.parse('2026-11-27T08:00:00Z'),
  });
  const deliver = (data: unknown, { origin = ORIGIN, source = frameWindow as unknown } = {}) => handler?.({ origin, source, data });
  return { client, requests, opened, deliver, removed: () => removed, listening: () => handler !== null };
}

const nowS = Date.parse('2026-11-27T08:00:00Z') / 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('the session bridge client', () => {
  it('opens the frame once, waits for it to be ready, then asks with an id and the gateway as target origin', async () => {
    const bridge = stubFrame();
    const token = bridge.client.getAccessToken();
    expect(bridge.opened).toEqual([`${ORIGIN}/embed/session`]);
    expect(bridge.requests).toEqual([]);
    bridge.deliver({ type: 'venuebook:bridge-ready' });
    expect(bridge.requests).toEqual([{ message: { type: 'venuebook:token-request', id: 'id-1' }, targetOrigin: ORIGIN }]);
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'token-1', expiresAt: nowS + 900 });
    await expect(token).resolves.toBe('token-1');
  });

  it('caches the token until a minute before it expires; invalidate asks again', async () => {
    const bridge = stubFrame();
    const first = bridge.client.getAccessToken();
    bridge.deliver({ type: 'venuebook:bridge-ready' });
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'token-1', expiresAt: nowS + 61 });
    await first;
    await expect(bridge.client.getAccessToken()).resolves.toBe('token-1');
    expect(bridge.requests).toHaveLength(1);
    bridge.client.invalidate();
    const second = bridge.client.getAccessToken();
    // After invalidate (the API refused the token) the frame is asked to skip its own cache, once.
    expect(bridge.requests.map((request) => request.message)).toEqual([
      { type: 'venuebook:token-request', id: 'id-1' },
      { type: 'venuebook:token-request', id: 'id-2', fresh: true },
    ]);
    bridge.deliver({ type: 'venuebook:token', id: 'id-2', accessToken: 'token-2', expiresAt: nowS + 60 });
    await expect(second).resolves.toBe('token-2');
    // Within the minute before expiry: asked again (the frame's cache applies again).
    const third = bridge.client.getAccessToken();
    expect(bridge.requests[2]?.message).toEqual({ type: 'venuebook:token-request', id: 'id-3' });
    // Nothing is left waiting on the request's timer after the test.
    bridge.client.dispose();
    await expect(third).rejects.toThrow('unmounted');
  });

  it('shares one request between concurrent callers', async () => {
    const bridge = stubFrame();
    const both = Promise.all([bridge.client.getAccessToken(), bridge.client.getAccessToken()]);
    bridge.deliver({ type: 'venuebook:bridge-ready' });
    expect(bridge.requests).toHaveLength(1);
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'token-1', expiresAt: nowS + 900 });
    await expect(both).resolves.toEqual(['token-1', 'token-1']);
  });

  it('answers null when signed out and rejects with the frame message on token-error', async () => {
    const bridge = stubFrame();
    const out = bridge.client.getAccessToken();
    bridge.deliver({ type: 'venuebook:bridge-ready' });
    bridge.deliver({ type: 'venuebook:signed-out', id: 'id-1' });
    await expect(out).resolves.toBeNull();
    const failing = bridge.client.getAccessToken();
    bridge.deliver({ type: 'venuebook:token-error', id: 'id-2', message: 'The server failed' });
    await expect(failing).rejects.toThrow("Venue Book's session bridge failed: The server failed");
  });

  it('ignores messages from another origin or window, with an unknown id or a malformed body', async () => {
    const bridge = stubFrame();
    const token = bridge.client.getAccessToken();
    bridge.deliver({ type: 'venuebook:bridge-ready' }, { origin: 'http://evil.test' });
    expect(bridge.requests).toHaveLength(0);
    bridge.deliver({ type: 'venuebook:bridge-ready' });
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'forged', expiresAt: nowS + 900 }, { origin: 'http://evil.test' });
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'forged', expiresAt: nowS + 900 }, { source: {} });
    bridge.deliver({ type: 'venuebook:token', id: 'id-9', accessToken: 'other', expiresAt: nowS + 900 });
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: '', expiresAt: nowS + 900 });
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'x' });
    bridge.deliver('venuebook:token');
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'token-1', expiresAt: nowS + 900 });
    await expect(token).resolves.toBe('token-1');
  });

  it('times out when the frame never starts (an origin Venue Book does not allow), naming the setting', async () => {
    vi.useFakeTimers();
    const bridge = stubFrame();
    const token = bridge.client.getAccessToken();
    const outcome = expect(token).rejects.toThrow(/did not start within 1 s: is this page's origin in Venue Book's EMBED_ALLOWED_ORIGINS\?/);
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    // A late frame does not answer the timed-out request; the next call asks again.
    bridge.deliver({ type: 'venuebook:bridge-ready' });
    expect(bridge.requests).toHaveLength(0);
  });

  it('times out a request the ready frame never answers; a late answer is ignored', async () => {
    vi.useFakeTimers();
    const bridge = stubFrame();
    const token = bridge.client.getAccessToken();
    bridge.deliver({ type: 'venuebook:bridge-ready' });
    const outcome = expect(token).rejects.toThrow("Venue Book's session bridge did not answer within 1 s.");
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    bridge.deliver({ type: 'venuebook:token', id: 'id-1', accessToken: 'late', expiresAt: nowS + 900 });
    const next = bridge.client.getAccessToken();
    bridge.deliver({ type: 'venuebook:token', id: 'id-2', accessToken: 'token-2', expiresAt: nowS + 900 });
    await expect(next).resolves.toBe('token-2');
  });

  it('dispose removes the frame and the listener and rejects what is pending', async () => {
    const bridge = stubFrame();
    const token = bridge.client.getAccessToken();
    bridge.client.dispose();
    await expect(token).rejects.toThrow('unmounted');
    expect(bridge.removed()).toBe(1);
    expect(bridge.listening()).toBe(false);
  });
});
