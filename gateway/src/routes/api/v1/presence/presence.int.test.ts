import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PRESENCE, PRESENCE_CLOSE } from '@venuebook/domain';
import type { PresenceChannelRef, PresenceEditorInfo, PresenceServerMessage } from '@venuebook/domain';
import { createEnvelope, encodeEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import { connectNats } from '@venuebook/service-kit';
import type { GatewayApp } from '../../../../app.ts';
import { sharedGatewayUnderTest } from '../../../../testing/gateway-under-test.ts';
import type { GatewayUnderTest, SignedIn } from '../../../../testing/gateway-under-test.ts';

// Live presence on the real gateway, services and NATS: two gateway replicas (A and B) on one NATS, with
// short timings so that time-outs take a second or two.
const TIMEOUT_MS = 1500;
const PRESENCE_ENV = {
  PRESENCE_TIMEOUT_MS: String(TIMEOUT_MS),
  PRESENCE_HEARTBEAT_MS: '400',
  PRESENCE_AUTH_TIMEOUT_MS: '1000',
  PRESENCE_MAX_CHANNELS_PER_SOCKET: '3',
  PRESENCE_MAX_SOCKETS_PER_USER: '3',
  PRESENCE_MAX_MESSAGE_BYTES: '8192',
};
/** The seeded 'general notes' template: any card id works, presence does not look cards up. */
const CARD = 'b96c4ec3-94e7-48ca-adb1-51d8b8904847';

let under: GatewayUnderTest;
let replicaB: GatewayApp;
const urls = { a: '', b: '' };
let editor: SignedIn;
let surveyor: SignedIn;
let venueId: string;

beforeAll(async () => {
  under = await sharedGatewayUnderTest({ gatewayEnv: PRESENCE_ENV });
  replicaB = await under.buildAnother(PRESENCE_ENV);
  for (const [name, app] of [
    ['a', under.app],
    ['b', replicaB],
  ] as const) {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    urls[name] = `${address.replace(/^http/, 'ws')}${PRESENCE.path}`;
  }
  editor = await under.signIn(under.accounts.editor.email, under.accounts.editor.password);
  surveyor = await under.signIn(under.accounts.surveyor.email, under.accounts.surveyor.password);
  const created = await under.app.inject({
    method: 'POST',
    url: '/api/v1/venues',
    payload: { name: `Presence ${randomUUID().slice(0, 8)} Arena` },
    headers: editor.headers,
  });
  expect(created.statusCode, created.body).toBe(201);
  venueId = created.json<{ id: string }>().id;
}, 120_000);

afterAll(async () => {
  await under?.stop();
});

const channelOf = (overrides: Partial<PresenceChannelRef> = {}): PresenceChannelRef => ({ venueId, department: 'IT', cardId: CARD, ...overrides });

/** A presence socket as a browser tab holds it (Node's WebSocket), heartbeating every 300 ms unless told not to. */
class Tab {
  readonly messages: PresenceServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly #socket: WebSocket;
  readonly #waiters = new Set<() => void>();
  #heartbeat: NodeJS.Timeout | undefined;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      this.messages.push(JSON.parse(String(event.data)) as PresenceServerMessage);
      for (const wake of this.#waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.addEventListener('close', (event) => {
        clearInterval(this.#heartbeat);
        resolve({ code: event.code, reason: event.reason });
        for (const wake of this.#waiters) wake();
      });
    });
  }

  static async open(url: string): Promise<Tab> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not open ${url}`)), { once: true });
    });
    return new Tab(socket);
  }

  /** Opens, authenticates with `token` and waits for `ready`; heartbeats unless `silent`. */
  static async signedIn(url: string, token: string, { silent = false } = {}): Promise<Tab> {
    const tab = await Tab.open(url);
    tab.send({ type: 'auth', token });
    await tab.next((message) => message.type === 'ready');
    if (!silent) tab.#heartbeat = setInterval(() => tab.send({ type: 'heartbeat' }), 300);
    return tab;
  }

  send(message: unknown): void {
    this.#socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  sendRaw(data: string | ArrayBuffer): void {
    this.#socket.send(data);
  }

  /** The first message from `from` on that matches (default: only messages arriving from now on). */
  async next(match: (message: PresenceServerMessage) => boolean, { from = this.messages.length, ms = 5000 } = {}): Promise<PresenceServerMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (this.#socket.readyState === WebSocket.CLOSED) throw new Error(`closed while waiting; messages: ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message in ${ms} ms; messages: ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
  }

  /** Waits until the channel's editor list (the latest push) satisfies `check`; answers it. */
  async editors(channel: PresenceChannelRef, check: (editors: PresenceEditorInfo[]) => boolean, ms = 5000): Promise<PresenceEditorInfo[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const latest = this.latest(channel);
      if (latest && check(latest)) return latest;
      if (Date.now() > deadline) throw new Error(`editors never matched; latest: ${JSON.stringify(latest)}`);
      await this.next((message) => message.type === 'presence', { ms: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
    }
  }

  latest(channel: PresenceChannelRef): PresenceEditorInfo[] | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i]!;
      if (
        message.type === 'presence' &&
        message.channel.venueId === channel.venueId &&
        message.channel.department === channel.department &&
        message.channel.cardId === channel.cardId
      ) {
        return message.editors;
      }
    }
    return undefined;
  }

  join(channel: PresenceChannelRef): void {
    this.send({ type: 'join', channel });
  }

  silence(): void {
    clearInterval(this.#heartbeat);
  }

  close(): void {
    clearInterval(this.#heartbeat);
    this.#socket.close(1000);
  }
}

const ids = (editors: PresenceEditorInfo[]) => editors.map((editor) => editor.userId).sort();

describe('GET /api/v1/presence (WebSocket)', () => {
  it('answers a plain HTTP GET with 426 in the API error format', async () => {
    const response = await under.app.inject({ method: 'GET', url: PRESENCE.path });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toEqual({ error: { code: 'upgrade_required', message: 'GET /api/v1/presence is a WebSocket: send Upgrade: websocket' } });
  });

  it('closes a socket that sends no token, or a bad one, with 4401 and the reason', async () => {
    const silent = await Tab.open(urls.a);
    expect(await silent.closed).toEqual({ code: PRESENCE_CLOSE.unauthorized, reason: 'No access token sent' });

    const bad = await Tab.open(urls.a);
    bad.send({ type: 'auth', token: 'not.a.jwt' });
    expect(await bad.closed).toEqual({ code: PRESENCE_CLOSE.unauthorized, reason: AUTH_MESSAGES.sessionMissing });

    // Signed with another key.
    const forged = await Tab.open(urls.a);
    const [header, payload] = editor.accessToken.split('.');
    forged.send({ type: 'auth', token: `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}` });
    expect((await forged.closed).code).toBe(PRESENCE_CLOSE.unauthorized);

    // Anything before the token is refused, not obeyed.
    const early = await Tab.open(urls.a);
    early.join(channelOf());
    expect(await early.next((message) => message.type === 'error', { from: 0 })).toMatchObject({
      message: "Send the access token first: { type: 'auth', token }",
    });
    early.close();
  });

  it('shows who joined a channel: two users, a user with two tabs once, on both gateway replicas', async () => {
    const channel = channelOf({ department: 'Events' });
    const onA = await Tab.signedIn(urls.a, editor.accessToken);
    onA.join(channel);
    const alone = await onA.editors(channel, (editors) => editors.length === 1);
    expect(alone[0]).toMatchObject({ userId: editor.userId, email: under.accounts.editor.email, fullName: expect.any(String) });
    expect(Date.parse(alone[0]!.lastSeen)).toBeGreaterThan(Date.now() - 10_000);

    // The surveyor on the other replica: both see both.
    const onB = await Tab.signedIn(urls.b, surveyor.accessToken);
    onB.join(channel);
    expect(ids(await onB.editors(channel, (editors) => editors.length === 2))).toEqual([editor.userId, surveyor.userId].sort());
    expect(ids(await onA.editors(channel, (editors) => editors.length === 2))).toEqual([editor.userId, surveyor.userId].sort());

    // The editor's second tab, on B: still two editors.
    const secondTab = await Tab.signedIn(urls.b, editor.accessToken);
    secondTab.join(channel);
    await secondTab.editors(channel, (editors) => editors.length === 2);
    await sleep(500);
    expect(onA.latest(channel)).toHaveLength(2);

    // One of the editor's tabs closes: the editor stays (the other tab); the surveyor's closes: gone at once.
    secondTab.close();
    await sleep(300);
    expect(ids(onA.latest(channel)!)).toEqual([editor.userId, surveyor.userId].sort());
    const closedAt = Date.now();
    onB.close();
    await onA.editors(channel, (editors) => editors.length === 1, 1000);
    expect(Date.now() - closedAt).toBeLessThan(TIMEOUT_MS);

    // Another channel (other department, same card) is separate.
    expect(onA.latest(channelOf({ department: 'Security' }))).toBeUndefined();
    onA.close();
  });

  it('drops a silent editor after the time-out, and a leave at once', async () => {
    const channel = channelOf({ department: 'Operations' });
    const watcher = await Tab.signedIn(urls.a, editor.accessToken);
    watcher.join(channel);
    const quiet = await Tab.signedIn(urls.b, surveyor.accessToken, { silent: true });
    quiet.join(channel);
    await watcher.editors(channel, (editors) => editors.length === 2);
    const silentSince = Date.now();
    await watcher.editors(channel, (editors) => editors.length === 1, TIMEOUT_MS + 3000);
    expect(Date.now() - silentSince).toBeGreaterThanOrEqual(TIMEOUT_MS - 600);

    // Back with a heartbeat: on again; a leave: off at once.
    quiet.send({ type: 'heartbeat' });
    await watcher.editors(channel, (editors) => editors.length === 2);
    quiet.send({ type: 'leave', channel });
    await watcher.editors(channel, (editors) => editors.length === 1, 1000);
    watcher.close();
    quiet.close();
  });

  it('times out the editors of a replica that died (it published sightings, then nothing)', async () => {
    const channel = channelOf({ department: 'Production Management' });
    const watcher = await Tab.signedIn(urls.a, editor.accessToken);
    watcher.join(channel);
    await watcher.editors(channel, (editors) => editors.length === 1);
    // A third replica, as NATS carries it: one join of a user, and then it is gone (no leave, no heartbeat).
    const nc = await connectNats(under.backend.natsUrl);
    const ghost = { userId: randomUUID(), email: 'ghost@example.com', fullName: 'Ghost' };
    nc.publish(
      SUBJECTS.presenceChanged,
      encodeEnvelope(createEnvelope(SUBJECTS.presenceChanged, { origin: 'dead-replica', kind: 'join', channel, editor: ghost })),
    );
    await nc.drain();
    expect(ids(await watcher.editors(channel, (editors) => editors.length === 2))).toContain(ghost.userId);
    const diedAt = Date.now();
    expect(ids(await watcher.editors(channel, (editors) => editors.length === 1, TIMEOUT_MS + 3000))).toEqual([editor.userId]);
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 600);
    watcher.close();
  });

  it('closes the socket when the token expires without a refresh, and keeps it open with one', async () => {
    const claims = under.app.jwt.decode<{ sub: string; email: string; sid: string }>(editor.accessToken)!;
    const shortLived = (seconds: number) => under.app.jwt.sign({ sub: claims.sub, email: claims.email, sid: claims.sid }, { expiresIn: seconds });

    const expiring = await Tab.signedIn(urls.a, shortLived(2));
    expect(await expiring.closed).toEqual({ code: PRESENCE_CLOSE.unauthorized, reason: 'Session expired' });

    const refreshed = await Tab.signedIn(urls.b, shortLived(2));
    refreshed.join(channelOf());
    await sleep(1000);
    refreshed.send({ type: 'auth', token: shortLived(60) });
    await refreshed.next((message) => message.type === 'ready', { from: 1 });
    await sleep(1800);
    refreshed.join(channelOf({ department: 'Facilities' }));
    await refreshed.editors(channelOf({ department: 'Facilities' }), (editors) => editors.length === 1);

    // A token of another user on the same socket: closed.
    refreshed.send({ type: 'auth', token: surveyor.accessToken });
    expect(await refreshed.closed).toEqual({ code: PRESENCE_CLOSE.unauthorized, reason: 'The access token is of another user' });
  });

  it('closes the socket at the next heartbeat once the session was signed out', async () => {
    const session = await under.signIn(under.accounts.editor.email, under.accounts.editor.password);
    const tab = await Tab.signedIn(urls.a, session.accessToken);
    const logout = await under.app.inject({ method: 'POST', url: '/api/v1/auth/logout?scope=local', headers: session.headers });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect(await tab.closed).toEqual({ code: PRESENCE_CLOSE.unauthorized, reason: AUTH_MESSAGES.sessionMissing });
  });

  it('closes a signed-out session whose client sends no heartbeat (the gateway re-checks it itself), so it stops hearing the channel', async () => {
    // A modified client joins, never heartbeats and only listens. Guards against it hearing the channel's editors
    // (names, e-mails) after sign-out until its access token expires, when the gateway does not re-check it itself.
    const channel = channelOf({ department: 'Production/Broadcast' });
    const session = await under.signIn(under.accounts.surveyor.email, under.accounts.surveyor.password);
    const listener = await Tab.signedIn(urls.a, session.accessToken, { silent: true });
    listener.join(channel);
    await listener.editors(channel, (editors) => editors.length === 1);
    const logout = await under.app.inject({ method: 'POST', url: '/api/v1/auth/logout?scope=local', headers: session.headers });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    const closed = await Promise.race([listener.closed, sleep(5000).then(() => null)]);
    expect(closed).toEqual({ code: PRESENCE_CLOSE.unauthorized, reason: AUTH_MESSAGES.sessionMissing });
  });

  it("drops a deleted venue's channels at once and refuses joining them (no 60 s venue cache)", async () => {
    const created = await under.app.inject({
      method: 'POST',
      url: '/api/v1/venues',
      payload: { name: `Presence ${randomUUID().slice(0, 8)} Hall` },
      headers: editor.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const doomed = created.json<{ id: string }>().id;
    const channel = channelOf({ venueId: doomed, department: 'IT' });
    const tab = await Tab.signedIn(urls.b, surveyor.accessToken);
    tab.join(channel);
    await tab.editors(channel, (editors) => editors.length === 1);
    const deleted = await under.app.inject({ method: 'DELETE', url: `/api/v1/venues/${doomed}`, headers: editor.headers });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    // The socket hears that the channel is gone (every replica, from venue.deleted), and no longer hears its editors.
    expect(await tab.next((message) => message.type === 'error' && message.channel?.venueId === doomed, { from: 0 })).toEqual({
      type: 'error',
      message: 'Venue not found',
      channel,
    });
    // Another channel of the venue: refused now, although the venue was found a moment ago.
    const other = channelOf({ venueId: doomed, department: 'Events' });
    tab.join(other);
    expect(await tab.next((message) => message.type === 'error' && message.channel?.department === 'Events')).toEqual({
      type: 'error',
      message: 'Venue not found',
      channel: other,
    });
    tab.join(channel);
    expect(await tab.next((message) => message.type === 'error' && message.channel?.department === 'IT')).toEqual({
      type: 'error',
      message: 'Venue not found',
      channel,
    });
    tab.close();
  });

  it('answers bad messages with a clear error and goes on; refuses venues the user cannot see', async () => {
    const tab = await Tab.signedIn(urls.a, editor.accessToken);
    tab.send('{not json');
    expect(await tab.next((message) => message.type === 'error', { from: 0 })).toEqual({ type: 'error', message: 'Invalid presence message: not JSON' });
    tab.send({ type: 'dance' });
    expect(await tab.next((message) => message.type === 'error')).toMatchObject({ message: 'Invalid presence message', details: [{ path: 'type' }] });
    tab.send({ type: 'join', channel: { venueId: 'x'.repeat(5000), department: 'Kitchen', cardId: CARD } });
    const invalid = await tab.next((message) => message.type === 'error');
    expect(invalid).toMatchObject({ message: 'Invalid presence message' });
    expect((invalid as { details: { path: string }[] }).details.map((detail) => detail.path).sort()).toEqual(['channel.department', 'channel.venueId']);
    tab.send({ type: 'join', channel: channelOf(), extra: true });
    expect(await tab.next((message) => message.type === 'error')).toMatchObject({ message: 'Invalid presence message' });
    tab.sendRaw(new Uint8Array([1, 2, 3]).buffer);
    expect(await tab.next((message) => message.type === 'error')).toMatchObject({ message: 'Presence messages are JSON text' });

    const unknownVenue = channelOf({ venueId: randomUUID() });
    tab.join(unknownVenue);
    expect(await tab.next((message) => message.type === 'error')).toMatchObject({ message: 'Venue not found', channel: unknownVenue });

    // Still working.
    tab.join(channelOf({ department: 'Security' }));
    await tab.editors(channelOf({ department: 'Security' }), (editors) => editors.length === 1);

    // A frame above PRESENCE_MAX_MESSAGE_BYTES: closed (1009), the gateway goes on.
    tab.send({ type: 'auth', token: 'x'.repeat(10_000) });
    expect((await tab.closed).code).toBe(1009);
    const after = await Tab.signedIn(urls.a, editor.accessToken);
    after.close();
  });

  it('limits socket openings per client address (429 before the upgrade)', async () => {
    const limited = await under.buildAnother({ ...PRESENCE_ENV, PRESENCE_CONNECTS_PER_MINUTE: '2' });
    const url = `${(await limited.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}${PRESENCE.path}`;
    const tabs = [await Tab.open(url), await Tab.open(url)];
    await expect(Tab.open(url)).rejects.toThrow(/could not open/);
    const refused = await limited.inject({ method: 'GET', url: PRESENCE.path });
    expect(refused.statusCode).toBe(429);
    for (const tab of tabs) tab.close();
  });

  it('bounds channels per socket and sockets per user', async () => {
    const tab = await Tab.signedIn(urls.a, surveyor.accessToken);
    const departments = ['IT', 'Events', 'Facilities', 'Security'] as const;
    for (const department of departments) tab.join(channelOf({ department }));
    expect(await tab.next((message) => message.type === 'error', { from: 0 })).toMatchObject({
      message: 'At most 3 channels per connection',
      channel: channelOf({ department: 'Security' }),
    });

    const more = [await Tab.signedIn(urls.a, surveyor.accessToken), await Tab.signedIn(urls.a, surveyor.accessToken)];
    const tooMany = await Tab.open(urls.a);
    tooMany.send({ type: 'auth', token: surveyor.accessToken });
    expect(await tooMany.closed).toEqual({ code: PRESENCE_CLOSE.tooMany, reason: 'Too many presence connections of this user' });
    // The limit is per replica and per user: B and other users are not affected.
    const onB = await Tab.signedIn(urls.b, surveyor.accessToken);
    for (const socket of [tab, ...more, onB]) socket.close();
  });
});
