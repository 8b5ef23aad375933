// The first-login notifier against the local webhook receiver, on the product as `npm start` runs it (identity,
// the notifier, NATS, FerretDB). First logins are planted in identity's database as its sign-in writes them (a user,
// and a user_first_logins row not notified), and their events published on the identity stream as identity
// publishes them right after that write: a sign-in's password work is not what is measured. Two figures:
// - deliveries per second: BENCH_FIRST_LOGINS (default 2,000; smoke 40) events at once, until the receiver has
//   every one and identity has marked every one notified;
// - latency from the first-login event to the receiver: BENCH_PACED_FIRST_LOGINS (default 500; smoke 20) events
//   at BENCH_PACED_RATE a second (default 50), each timed to its arrival (p50, p99).
// Every request is checked: its signature with the notifier's secret, one distinct delivery per user.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import { connectMongo, connectNats, publishEvent, verifyWebhookSignature } from '@venuebook/service-kit';
import { webhookReceiver } from '@venuebook/service-kit/testing';
import type { ReceivedWebhook } from '@venuebook/service-kit/testing';
import { BenchError, expectEqual, expectTrue, runBench, sized } from './support.ts';

const BURST = sized({ full: 2000, smoke: 40 }, process.env.BENCH_FIRST_LOGINS);
const PACED = sized({ full: 500, smoke: 20 }, process.env.BENCH_PACED_FIRST_LOGINS);
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 50);
const SETTING = 'first_login_zapier_webhook_url';
/** The notifier's webhook URL cache (a saved URL reaches its deliveries within it). */
const URL_CACHE_MS = 1100;

await runBench({ name: 'notifier', title: 'First-login webhook: the notifier against the local receiver' }, async (bench) => {
  bench.parameter('burst', BURST);
  bench.parameter('paced', PACED);
  bench.parameter('pacedRatePerSecond', PACED_RATE);
  const { stack } = bench;
  if (!stack.webhookReceiverUrl) throw new BenchError('the stack runs no local webhook receiver');
  const receiver = webhookReceiver(stack.webhookReceiverUrl);
  const owner = await bench.signIn('owner');
  const hook = `bench-${randomUUID().slice(0, 8)}`;
  await owner.request('PUT', `/api/v1/admin/settings/${SETTING}`, { body: { value: receiver.hookUrl(hook) } });
  const secret = (await owner.request<{ secret: string }>('GET', '/api/v1/admin/webhook/secret')).body.secret;
  await sleep(URL_CACHE_MS);

  const identityDb = await connectMongo(stack.infra.mongoUri, 'venuebook_identity');
  const nc = await connectNats(stack.infra.natsUrl, { name: 'notifier-bench' });
  const js = nc.jetstream();
  try {
    /** Plants `count` first logins as identity's sign-in writes them; their user ids. */
    const plant = async (count: number, prefix: string): Promise<{ userId: string; email: string }[]> => {
      const now = new Date();
      const users = Array.from({ length: count }, (_, n) => ({
        userId: randomUUID(),
        email: `${prefix}-${n}-${randomUUID().slice(0, 6)}@${stack.companyDomain}`,
      }));
      await identityDb.collection('users').insertMany(
        users.map(({ userId, email }) => ({
          _id: userId as never,
          email,
          passwordHash: null,
          emailConfirmedAt: now,
          confirmationTokenHash: null,
          confirmationExpiresAt: null,
          confirmationNonce: null,
          role: null,
          identities: [],
          createdAt: now,
          updatedAt: now,
        })),
      );
      await identityDb.collection('user_first_logins').insertMany(users.map(({ userId }) => ({ _id: userId as never, notificationSent: false, at: now })));
      return users;
    };
    const publish = (user: { userId: string; email: string }) =>
      publishEvent(
        js,
        SUBJECTS.userFirstLogin,
        createEnvelope(SUBJECTS.userFirstLogin, { userId: user.userId, email: user.email, at: new Date().toISOString() }),
      );
    const receivedFor = async (users: { userId: string }[]): Promise<Map<string, ReceivedWebhook>> => {
      const wanted = new Set(users.map(({ userId }) => `first_login:${userId}`));
      const first = new Map<string, ReceivedWebhook>();
      for (const request of await receiver.received(hook))
        if (wanted.has(request.deliveryId) && !first.has(request.deliveryId)) first.set(request.deliveryId, request);
      return first;
    };
    const waitForAll = async (users: { userId: string }[], limitMs: number): Promise<Map<string, ReceivedWebhook>> => {
      const deadline = Date.now() + limitMs;
      for (;;) {
        const got = await receivedFor(users);
        if (got.size === users.length) return got;
        if (Date.now() > deadline) throw new BenchError(`${got.size} of ${users.length} first logins delivered within ${limitMs / 1000} s`);
        await sleep(250);
      }
    };
    const check = (got: Map<string, ReceivedWebhook>, count: number, what: string) => {
      expectEqual(got.size, count, `${what}: distinct deliveries`);
      for (const request of got.values()) {
        // Checked as the receiver did when it arrived (the signature's time is within five minutes of that).
        const now = Math.floor(Date.parse(request.receivedAt) / 1000);
        expectTrue(verifyWebhookSignature(secret, request.rawBody, request.signature, { now }), `${what}: signature of ${request.deliveryId}`);
      }
    };

    // Throughput: a burst.
    const burst = await plant(BURST, 'burst');
    const started = Date.now();
    await Promise.all(burst.map(publish));
    const published = Date.now();
    const got = await waitForAll(burst, 10 * 60_000);
    const lastArrival = Math.max(...[...got.values()].map((request) => Date.parse(request.receivedAt)));
    check(got, BURST, 'burst');
    const perSecond = BURST / ((lastArrival - started) / 1000);
    bench.figure('publishSeconds', (published - started) / 1000, `published ${BURST} first-login events in ${((published - started) / 1000).toFixed(2)} s`);
    bench.figure(
      'deliveriesPerSecond',
      perSecond,
      `delivered ${BURST} first logins in ${((lastArrival - started) / 1000).toFixed(2)} s: ${perSecond.toFixed(0)}/s`,
    );
    const notified = async (users: { userId: string }[]) => {
      const notices = new Set(
        (
          await identityDb
            .collection('user_first_login_notices')
            .find({}, { projection: { _id: 1 } })
            .toArray()
        ).map((notice) => String(notice._id)),
      );
      return users.filter(({ userId }) => notices.has(userId)).length;
    };
    const markDeadline = Date.now() + 60_000;
    while ((await notified(burst)) < BURST && Date.now() < markDeadline) await sleep(250);
    expectEqual(await notified(burst), BURST, 'burst: first logins marked notified');
    await bench.settle('afterBurst');

    // Latency: paced events, each timed from its publish to its arrival.
    const paced = await plant(PACED, 'paced');
    const sentAt = new Map<string, number>();
    const pacedStart = Date.now();
    for (const [n, user] of paced.entries()) {
      sentAt.set(`first_login:${user.userId}`, Date.now());
      void publish(user);
      // On a fixed schedule (not drifting with the publishes' own time).
      await sleep(Math.max(0, pacedStart + ((n + 1) * 1000) / PACED_RATE - Date.now()));
    }
    const pacedGot = await waitForAll(paced, 5 * 60_000);
    check(pacedGot, PACED, 'paced');
    const latencies = [...pacedGot.values()].map((request) => Date.parse(request.receivedAt) - sentAt.get(request.deliveryId)!);
    const summary = bench.shape('first-login event → receiver', latencies);
    bench.figure('p50Ms', summary.p50Ms, `event → delivery p50 ${summary.p50Ms.toFixed(0)} ms`);
    bench.figure('p99Ms', summary.p99Ms, `event → delivery p99 ${summary.p99Ms.toFixed(0)} ms`);
    const all = await receiver.received(hook);
    bench.figure('duplicates', all.length - BURST - PACED, `${all.length - BURST - PACED} duplicate requests`);
  } finally {
    await nc.drain();
    await identityDb.close();
  }
});
