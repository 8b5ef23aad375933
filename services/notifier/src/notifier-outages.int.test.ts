// What the notifier survives: its own process killed with SIGKILL again and again while first logins are pending,
// and NATS down while users sign in for the first time. Both end with every first login delivered, at least once.
// This file runs a NATS of its own, because it stops and restarts it (the shared one serves the other files), and
// the notifier as its own process, because it kills it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, REPO_ROOT, startProcess, tcpOpen, waitFor } from '@venuebook/service-kit/processes';
import type { ManagedProcess } from '@venuebook/service-kit/processes';
import { eventually, killRepeatedly } from '@venuebook/service-kit/testing';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifierUnderTest } from './testing/notifier-under-test.ts';

const natsDir = mkdtempSync(join(tmpdir(), 'venuebook-notifier-nats-'));
let natsPort = 0;
let nats: ManagedProcess | undefined;

async function startNats(): Promise<void> {
  nats = startProcess(
    'nats-server',
    join(REPO_ROOT, '.infra/bin/nats-server'),
    ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(natsDir, 'store')],
    {
      logDir: natsDir,
    },
  );
  await waitFor('nats-server', () => tcpOpen('127.0.0.1', natsPort), { process: nats });
}

beforeAll(async () => {
  natsPort = await freePort();
  await startNats();
});
afterAll(async () => {
  await nats?.stop();
});

// Enough kills to land at every stage of a delivery (claim, request in flight, mark, ack) at random; the throughput
// of many more is the benchmark's business.
const KILLS = 8;
const PENDING = 80;

const under = notifierUnderTest('outages', {
  process: true,
  natsUrl: () => `nats://127.0.0.1:${natsPort}`,
  // Claims of a killed process expire quickly, so that the test does not wait out a production lease.
  env: { NOTIFIER_LEASE_MS: '1500', NOTIFIER_SWEEP_INTERVAL_MS: '1000', NOTIFIER_GRACE_MS: '300', WEBHOOK_TIMEOUT_MS: '8000' },
});

describe('the notifier under failure', () => {
  it('hands a delivery in flight back when stopped (SIGTERM) after its grace period, and delivers it after the restart', async () => {
    const hook = `${under.hook}-drain`;
    const { secret } = await under.notifierAs('admin').getSigningSecret({});
    await under.receiver.setSecret(secret, hook);
    await under.setWebhookUrl(under.receiver.hookUrl(hook));
    await sleep(1100);
    // The first request hangs longer than the grace period (and shorter than the sender's deadline).
    await under.receiver.script(hook, [{ status: 200, delayMs: 5000 }]);
    const { userId } = await under.firstLogin('drain');
    const deliveryId = `first_login:${userId}`;
    await eventually(async () => expect((await under.receiver.received(hook)).filter((request) => request.deliveryId === deliveryId)).toHaveLength(1), 15_000);
    const replica = under.notifierProcess!.replicas[0]!;
    const stopping = Date.now();
    await replica.stop();
    const stopMs = Date.now() - stopping;
    // Gone after the grace period (300 ms) and its own shutdown, without waiting for the receiver's answer (5 s).
    expect(stopMs).toBeLessThan(3500);
    expect(await under.notified(userId)).toBe(false);
    await replica.start();
    await eventually(async () => expect(await under.notified(userId)).toBe(true), 20_000);
    expect((await under.receiver.received(hook)).filter((request) => request.deliveryId === deliveryId).length).toBeGreaterThanOrEqual(2);
    // The restarted process answers its API too (a new client may first meet the connection grpc-js remembers as
    // failed from the stop, and its back-off: it is asked until it answers).
    await eventually(async () => expect((await under.notifierAs('admin').getSigningSecret({})).secret).toBe(secret), 10_000);
  }, 60_000);

  it('delivers the first logins made while NATS was down, once it is back (the sweep finds them)', async () => {
    const hook = `${under.hook}-nats`;
    const { secret } = await under.notifierAs('admin').getSigningSecret({});
    await under.receiver.setSecret(secret, hook);
    await under.setWebhookUrl(under.receiver.hookUrl(hook));
    await sleep(1100);
    const before = await under.firstLogin('before');
    await eventually(async () => expect(await under.notified(before.userId)).toBe(true), 15_000);

    await nats!.stop();
    // Sign-in works without NATS (the event is lost, the first login is recorded).
    const during = [await under.firstLogin('during'), await under.firstLogin('during')];
    await sleep(1500);
    await startNats();

    await eventually(async () => {
      for (const { userId } of during) expect(await under.notified(userId)).toBe(true);
    }, 60_000);
    const received = await under.receiver.received(hook);
    for (const { userId } of [before, ...during]) expect(received.filter((request) => request.deliveryId === `first_login:${userId}`)).toHaveLength(1);
  }, 120_000);

  it(`delivers every one of ${PENDING} pending first logins although it is killed (SIGKILL) ${KILLS} times, and counts the duplicates`, async () => {
    const hook = `${under.hook}-kills`;
    const { secret } = await under.notifierAs('admin').getSigningSecret({});
    await under.receiver.setSecret(secret, hook);
    await under.setWebhookUrl(under.receiver.hookUrl(hook));
    // A receiver that takes a while, so that kills land while requests are in flight.
    await under.receiver.script(
      hook,
      Array.from({ length: PENDING }, () => ({ status: 200, delayMs: 40 })),
    );
    const replica = under.notifierProcess!.replicas[0]!;
    await replica.stop();
    const users: string[] = [];
    for (let n = 0; n < PENDING; n += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, k) => under.firstLogin(`kill${n + k}`)));
      users.push(...batch.map((signedIn) => signedIn.userId));
    }
    const killsTook = await killRepeatedly(replica, KILLS, { minMs: 100, maxMs: 500 });

    // Polled once a second, with one query each (the store is shared with the process under test).
    const notices = under.identityDb.collection<{ _id: string }>('user_first_login_notices');
    const notNotified = async () => {
      const notified = new Set((await notices.find({}).toArray()).map((notice) => notice._id));
      return users.filter((userId) => !notified.has(userId)).length;
    };
    const deadline = Date.now() + 150_000;
    while ((await notNotified()) > 0 && Date.now() < deadline) await sleep(1000);
    const jobs = await under.db.collection<{ status: string }>('webhook_jobs').find({}).toArray();
    const states = Object.fromEntries(['retrying', 'done', 'failed'].map((status) => [status, jobs.filter((job) => job.status === status).length]));
    const sample = jobs.filter((job) => job.status !== 'done').slice(0, 3);
    const nc = await connect({ servers: `nats://127.0.0.1:${natsPort}` });
    const consumer = await (await nc.jetstreamManager()).consumers.info('VENUEBOOK_JOBS', under.config.NOTIFIER_JOBS_CONSUMER_NAME);
    await nc.close();
    const { num_pending, num_ack_pending, num_redelivered, num_waiting } = consumer;
    expect(
      await notNotified(),
      `first logins not notified; jobs ${JSON.stringify(states)}; consumer ${JSON.stringify({ num_pending, num_ack_pending, num_redelivered, num_waiting })}; ${JSON.stringify(sample)}`,
    ).toBe(0);
    const received = await under.receiver.received(hook);
    const byDelivery = new Map<string, number>();
    for (const request of received) byDelivery.set(request.deliveryId, (byDelivery.get(request.deliveryId) ?? 0) + 1);
    for (const userId of users) expect(byDelivery.get(`first_login:${userId}`), userId).toBeGreaterThanOrEqual(1);
    expect(received.every((request) => request.signatureValid === true)).toBe(true);
    const duplicates = received.length - byDelivery.size;
    console.log(
      `[notifier kill test] ${PENDING} first logins, ${KILLS} SIGKILLs in ${Math.round(killsTook / 1000)} s: ${received.length} requests received, ${byDelivery.size} distinct deliveries, ${duplicates} duplicates`,
    );
    expect(byDelivery.size).toBe(PENDING);
  }, 300_000);
});
