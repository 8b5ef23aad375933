// The first-login notifier against real identity, NATS, FerretDB and the local webhook receiver: delivery with a
// valid signature, retries with back-off and Retry-After, the failures a receiver can cause, the admin API.
import { setTimeout as sleep } from 'node:timers/promises';
import { GrpcStatus } from '@venuebook/grpc';
import { verifyWebhookSignature } from '@venuebook/service-kit';
import { freePort } from '@venuebook/service-kit/processes';
import { eventually, rejection } from '@venuebook/service-kit/testing';
import type { ReceivedWebhook } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { createWebhookSender } from './adapters/webhook-sender.ts';
import { counterModel, deliveryLogModel } from './repositories/delivery-log.model.ts';
import { DELIVERY_LOG_BATCHES, DeliveryLogRepository } from './repositories/delivery-log.repository.ts';
import { notifierUnderTest, TEST_NOTIFIER_ENV } from './testing/notifier-under-test.ts';

/** Four attempts (production: eight), so that a test sees a delivery fail for good within seconds. */
const MAX_ATTEMPTS = 4;
const under = notifierUnderTest('notifier', { env: { WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS) } });
/** The webhook URL cache of the notifier (a change reaches the deliveries within it). */
const URL_CACHE_MS = 1100;

/** A hook of this test on the shared receiver, saved as the webhook URL; its secret is the notifier's. */
async function useHook(name: string): Promise<string> {
  const hook = `${under.hook}-${name}`;
  const { secret } = await under.notifierAs('admin').getSigningSecret({});
  await under.receiver.setSecret(secret, hook);
  await under.setWebhookUrl(under.receiver.hookUrl(hook));
  await sleep(URL_CACHE_MS);
  return hook;
}

const receivedFor = async (hook: string, deliveryId: string): Promise<ReceivedWebhook[]> =>
  (await under.receiver.received(hook)).filter((entry) => entry.deliveryId === deliveryId);

const attemptsOf = async (deliveryId: string) =>
  (await under.notifierAs('admin').getWebhookOverview({})).deliveries.filter((entry) => entry.deliveryId === deliveryId).reverse();

describe('the first-login notifier', () => {
  it('delivers a first login once, signed, with the user, the time, the app and a stable delivery id; then identity marks it notified', async () => {
    const hook = await useHook('once');
    const { userId, email } = await under.firstLogin('once');
    const deliveryId = `first_login:${userId}`;
    await eventually(async () => expect(await under.notified(userId)).toBe(true), 15_000);
    const received = await receivedFor(hook, deliveryId);
    expect(received).toHaveLength(1);
    const [request] = received as [ReceivedWebhook];
    expect(request.event).toBe('first_login');
    expect(request.signatureValid).toBe(true);
    const { secret } = await under.notifierAs('owner').getSigningSecret({});
    expect(verifyWebhookSignature(secret, request.rawBody, request.signature)).toBe(true);
    expect(verifyWebhookSignature('whsec_not-the-secret', request.rawBody, request.signature)).toBe(false);
    expect(request.body).toMatchObject({
      type: 'first_login',
      delivery_id: deliveryId,
      user_id: userId,
      email,
      name: email.split('@')[0],
      app_url: TEST_NOTIFIER_ENV.APP_URL,
    });
    expect(Date.parse(String(request.body.first_login_at))).toBeGreaterThan(Date.now() - 60_000);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((entry) => [entry.attempt, entry.statusCode, entry.outcome])).toEqual([[1, 200, 'delivered']]);
    // Signing in again is no first login: nothing more is sent.
    await sleep(1500);
    expect(await receivedFor(hook, deliveryId)).toHaveLength(1);
  });

  it('retries a receiver that answers 500 three times with a growing back-off, then delivers: four attempts logged', async () => {
    const hook = await useHook('flaky');
    await under.receiver.script(hook, [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const { userId } = await under.firstLogin('flaky');
    const deliveryId = `first_login:${userId}`;
    await eventually(async () => expect(await under.notified(userId)).toBe(true), 20_000);
    const received = await receivedFor(hook, deliveryId);
    expect(received.map((entry) => entry.answeredStatus)).toEqual([500, 500, 500, 200]);
    // Waits of at least half of 200 ms · 2^(n−1) (jitter keeps between half and all of it).
    const times = received.map((entry) => Date.parse(entry.receivedAt));
    for (let n = 1; n < times.length; n++) expect(times[n]! - times[n - 1]!, `wait before attempt ${n + 1}`).toBeGreaterThanOrEqual(100 * 2 ** (n - 1) - 20);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((entry) => [entry.attempt, entry.statusCode, entry.outcome])).toEqual([
      [1, 500, 'retrying'],
      [2, 500, 'retrying'],
      [3, 500, 'retrying'],
      [4, 200, 'delivered'],
    ]);
    expect(attempts[0]!.error).toBe('the receiver answered 500');
  });

  it("honours the receiver's Retry-After", async () => {
    const hook = await useHook('busy');
    await under.receiver.script(hook, [{ status: 503, headers: { 'retry-after': '2' } }]);
    const { userId } = await under.firstLogin('busy');
    await eventually(async () => expect(await under.notified(userId)).toBe(true), 20_000);
    const times = (await receivedFor(hook, `first_login:${userId}`)).map((entry) => Date.parse(entry.receivedAt));
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1950);
  });

  it('gives up a receiver that hangs after the deadline, and retries it', async () => {
    const hook = await useHook('hangs');
    await under.receiver.script(hook, [{ status: 200, delayMs: 4000 }]);
    const { userId } = await under.firstLogin('hangs');
    const deliveryId = `first_login:${userId}`;
    await eventually(async () => expect(await under.notified(userId)).toBe(true), 20_000);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts[0]).toMatchObject({ attempt: 1, statusCode: 0, error: `no answer within ${TEST_NOTIFIER_ENV.WEBHOOK_TIMEOUT_MS} ms`, outcome: 'retrying' });
    expect(attempts[0]!.latencyMs).toBeGreaterThanOrEqual(Number(TEST_NOTIFIER_ENV.WEBHOOK_TIMEOUT_MS) - 50);
    expect(attempts.at(-1)).toMatchObject({ outcome: 'delivered', statusCode: 200 });
  });

  it('refuses a redirect to this machine, even where a receiver on it is allowed', async () => {
    const hook = await useHook('redirects');
    // A name that resolves to this machine (over https, so that only the address can refuse it), then an address.
    const target = `${under.receiver.url.replace('http://127.0.0.1', 'https://localhost')}/hooks/${hook}-target`;
    const redirect = { status: 302, headers: { location: target } };
    await under.receiver.script(hook, [redirect, { status: 307, headers: { location: `${under.receiver.url}/hooks/${hook}-target` } }]);
    const { userId } = await under.firstLogin('redirects');
    const deliveryId = `first_login:${userId}`;
    await eventually(async () => expect(await under.notified(userId)).toBe(true), 20_000);
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.slice(0, 2).map((entry) => entry.error)).toEqual([
      'refused: localhost resolves to an address that is not public',
      'refused: 127.0.0.1 is a loopback address, not a public one',
    ]);
    expect(await under.receiver.received(`${hook}-target`)).toEqual([]);
  });

  it('keeps a delivery that used up its attempts as failed, with its last error, until an admin retries it', async () => {
    const hook = await useHook('down');
    await under.receiver.script(
      hook,
      Array.from({ length: MAX_ATTEMPTS }, () => ({ status: 502 })),
    );
    const { userId, email } = await under.firstLogin('down');
    const deliveryId = `first_login:${userId}`;
    const admin = under.notifierAs('admin');
    await eventually(async () => expect((await admin.getWebhookOverview({})).failedJobs.map((job) => job.deliveryId)).toContain(deliveryId), 20_000);
    const overview = await admin.getWebhookOverview({});
    expect(overview.failedJobs.find((job) => job.deliveryId === deliveryId)).toMatchObject({
      email,
      attempts: MAX_ATTEMPTS,
      lastError: 'the receiver answered 502',
    });
    expect((await attemptsOf(deliveryId)).map((entry) => entry.outcome)).toEqual([...Array.from({ length: MAX_ATTEMPTS - 1 }, () => 'retrying'), 'failed']);
    expect(await under.notified(userId)).toBe(false);
    // Nothing more happens by itself (the sweep leaves a failed job alone).
    await sleep(1500);
    expect(await receivedFor(hook, deliveryId)).toHaveLength(MAX_ATTEMPTS);

    await admin.retryWebhookJob({ deliveryId });
    await eventually(async () => expect(await under.notified(userId)).toBe(true), 15_000);
    expect((await receivedFor(hook, deliveryId)).map((request) => request.answeredStatus)).toEqual([...Array.from({ length: MAX_ATTEMPTS }, () => 502), 200]);
    expect((await admin.getWebhookOverview({})).failedJobs.map((job) => job.deliveryId)).not.toContain(deliveryId);
    // A delivery that has not failed cannot be retried.
    expect((await rejection(admin.retryWebhookJob({ deliveryId }))).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('skips a first login while no webhook URL is configured, and leaves it not notified', async () => {
    await under.setWebhookUrl('');
    await sleep(URL_CACHE_MS);
    const { userId } = await under.firstLogin('unset');
    const deliveryId = `first_login:${userId}`;
    await eventually(async () => expect((await attemptsOf(deliveryId)).map((entry) => entry.outcome)).toEqual(['skipped']), 15_000);
    expect((await attemptsOf(deliveryId))[0]!.error).toBe('No webhook URL configured');
    expect(await under.notified(userId)).toBe(false);
    // Over for good: recorded as done, so sweeps (every second here) do not bring it back, not even once a URL is saved.
    expect(await under.db.collection<{ _id: string }>('webhook_jobs').findOne({ _id: deliveryId })).toMatchObject({
      status: 'done',
      lastError: 'No webhook URL configured',
    });
    await useHook('later');
    await sleep(2500);
    expect((await attemptsOf(deliveryId)).map((entry) => entry.outcome)).toEqual(['skipped']);
  });
});

describe('the sender, where no receiver on this machine is allowed (a real deployment)', () => {
  it('refuses a host name that resolves to a loopback address, an address literal of any private range, and never connects', async () => {
    const sender = createWebhookSender({ policy: { allowLoopback: false }, timeoutMs: 2000 });
    try {
      const hook = `${under.hook}-strict`;
      const port = new URL(under.receiver.url).port;
      const request = (url: string) => sender.send({ url, body: '{}', headers: {} });
      expect(await request(`https://localhost:${port}/hooks/${hook}`)).toMatchObject({
        delivered: false,
        refused: true,
        error: 'refused: localhost resolves to an address that is not public',
      });
      for (const [url, error] of [
        [`http://127.0.0.1:${port}/hooks/${hook}`, 'refused: 127.0.0.1 is a loopback address, not a public one'],
        ['https://10.1.2.3/x', 'refused: 10.1.2.3 is a private address, not a public one'],
        ['https://[::ffff:192.168.0.10]/x', 'refused: 192.168.0.10 is a private address, not a public one'],
        ['https://169.254.169.254/latest/meta-data/', 'refused: 169.254.169.254 is a link-local (cloud metadata) address, not a public one'],
        ['ftp://hooks.example.com/x', 'refused: ftp: URLs are not allowed'],
      ] as const) {
        expect(await request(url), url).toMatchObject({ delivered: false, refused: true, error });
      }
      expect(await under.receiver.received(hook)).toEqual([]);
    } finally {
      await sender.close();
    }
  });
});

describe('Send Test', () => {
  it("answers the receiver's real result: delivered with its status and latency, or the reason it failed", async () => {
    const admin = under.notifierAs('admin');
    const hook = `${under.hook}-test`;
    const ok = await admin.sendTestWebhook({ url: under.receiver.hookUrl(hook), appUrl: 'https://venuebook.example.com' });
    expect(ok).toMatchObject({ delivered: true, statusCode: 200, error: '' });
    expect(ok.latencyMs).toBeGreaterThan(0);
    const [received] = await under.receiver.received(hook);
    expect(received?.body).toMatchObject({ type: 'test_first_login', triggered_from: 'https://venuebook.example.com', delivery_id: ok.deliveryId });
    expect(typeof received?.body.timestamp).toBe('string');
    expect(typeof received?.body.note).toBe('string');

    await under.receiver.script(hook, [{ status: 500 }]);
    expect(await admin.sendTestWebhook({ url: under.receiver.hookUrl(hook), appUrl: '' })).toMatchObject({
      delivered: false,
      statusCode: 500,
      error: 'the receiver answered 500',
    });
    const unreachable = await admin.sendTestWebhook({ url: `http://127.0.0.1:${await freePort()}/hooks/none`, appUrl: '' });
    expect(unreachable).toMatchObject({ delivered: false, statusCode: 0, error: 'could not reach the receiver (ECONNREFUSED)' });
    const tests = (await admin.getWebhookOverview({})).deliveries.filter((entry) => entry.kind === 'test');
    expect(tests.slice(0, 3).map((entry) => entry.outcome)).toEqual(['failed', 'failed', 'delivered']);
  });

  it('refuses an empty URL, a private address and plain http to a public host, with the reason', async () => {
    const admin = under.notifierAs('admin');
    const empty = await rejection(admin.sendTestWebhook({ url: ' ', appUrl: '' }));
    expect([empty.code, empty.message]).toEqual([GrpcStatus.INVALID_ARGUMENT, 'Please enter your Zapier webhook URL']);
    for (const url of [
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data/',
      'http://hooks.zapier.com/x',
      'https://metadata.google.internal/',
    ]) {
      const refused = await rejection(admin.sendTestWebhook({ url, appUrl: '' }));
      expect(refused.code, url).toBe(GrpcStatus.INVALID_ARGUMENT);
    }
  });
});

describe('who may use the webhook API', () => {
  it('admins and owners; nobody else, and no user at all may call identity as the notifier', async () => {
    for (const role of ['editor', 'surveyor', 'viewer']) {
      expect((await rejection(under.notifierAs(role).getWebhookOverview({}))).code, role).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await rejection(under.notifierAs(role).getSigningSecret({}))).code, role).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await rejection(under.notifierAs(role).sendTestWebhook({ url: under.hookUrl, appUrl: '' }))).code, role).toBe(GrpcStatus.PERMISSION_DENIED);
    }
    expect((await rejection(under.notifierAs('viewer').rotateSigningSecret({}))).code).toBe(GrpcStatus.PERMISSION_DENIED);
    for (const role of ['owner', 'admin']) {
      const identity = under.identityAs(role);
      expect((await rejection(identity.listPendingFirstLogins({}))).code, role).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await rejection(identity.markFirstLoginsNotified({ userIds: ['x'] }))).code, role).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await rejection(identity.getFirstLoginWebhook({}))).code, role).toBe(GrpcStatus.PERMISSION_DENIED);
    }
  });

  it('rotating the secret signs the next requests with the new one', async () => {
    const admin = under.notifierAs('admin');
    const before = (await admin.getSigningSecret({})).secret;
    const rotated = (await admin.rotateSigningSecret({})).secret;
    expect(rotated).not.toBe(before);
    expect(rotated).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect((await admin.getSigningSecret({})).secret).toBe(rotated);
    const hook = `${under.hook}-rotated`;
    await admin.sendTestWebhook({ url: under.receiver.hookUrl(hook), appUrl: '' });
    const [received] = await under.receiver.received(hook);
    expect(verifyWebhookSignature(rotated, received!.rawBody, received!.signature)).toBe(true);
    expect(verifyWebhookSignature(before, received!.rawBody, received!.signature)).toBe(false);
  });

  it('keeps the latest batches of the delivery log: the newest attempts, two replicas writing at once lose none, the oldest deleted', async () => {
    const connection = under.db.useDb(`${under.db.name}_ring`);
    const models = { deliveryLog: deliveryLogModel(connection), counters: counterModel(connection) };
    const errors: unknown[] = [];
    const replicas = [0, 1].map(() => new DeliveryLogRepository(models, { onError: (error) => errors.push(error) }));
    const attempt = (deliveryId: string) => ({
      deliveryId,
      kind: 'test' as const,
      email: '',
      at: new Date(),
      attempt: 1,
      statusCode: 200,
      error: '',
      latencyMs: 1,
      outcome: 'delivered' as const,
    });
    // Each a batch of its own (written at once), from both replicas at the same time: more batches than the ring holds.
    const batches = DELIVERY_LOG_BATCHES + 20;
    await Promise.all(
      replicas.map(async (replica, r) => {
        for (let n = 0; n < batches / 2; n++) await replica.record(attempt(`ring-${r}-${n}`), { now: true });
      }),
    );
    expect(errors.map(String)).toEqual([]);
    // The window's batches (a few more where a number was skipped: two replicas' increments at once, one lost).
    const stored = await models.deliveryLog.countDocuments({}).exec();
    expect(stored).toBeGreaterThanOrEqual(DELIVERY_LOG_BATCHES - 10);
    expect(stored).toBeLessThanOrEqual(DELIVERY_LOG_BATCHES + 10);
    // The newest of each replica are all there; the first ones were overwritten.
    const recent = new Set((await replicas[0]!.recent(DELIVERY_LOG_BATCHES)).map((entry) => entry.deliveryId));
    for (const r of [0, 1]) for (let n = batches / 2 - 50; n < batches / 2; n++) expect(recent.has(`ring-${r}-${n}`), `ring-${r}-${n}`).toBe(true);
    expect(recent.has('ring-0-0') || recent.has('ring-1-0')).toBe(false);
    for (const replica of replicas) await replica.close();
    await connection.dropDatabase();
  }, 60_000);
});
