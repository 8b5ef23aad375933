// The kit's Locks on the test database: one holder at a time, a dead holder's lock broken once stale, and a
// live holder's lock renewed while its work outlasts the stale age, and callers of one process served in arrival order.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Locks, lockSchema } from './locks.ts';
import type { LockDocument } from './locks.ts';
import { connectMongo } from './mongo.ts';
import { testInfra } from './testing/infra.ts';

const infra = testInfra();
let connection: Connection;
let model: Model<LockDocument>;

beforeAll(async () => {
  connection = await connectMongo(infra.mongoUri, `venuebook_test_kit_locks_${randomUUID().slice(0, 8)}`);
  model = connection.model<LockDocument>('TestLock', lockSchema('test_locks'));
});

afterAll(async () => {
  await connection?.dropDatabase().catch(() => undefined);
  await connection?.close();
});

describe('Locks', () => {
  it('lets one holder in at a time; the other gets null when the wait ends', async () => {
    const locks = new Locks(model, { waitMs: 300 });
    const name = `one:${randomUUID()}`;
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sleep(600);
      inside -= 1;
      return 'done';
    };
    const [first, second] = await Promise.all([locks.withLock(name, work), sleep(50).then(() => locks.withLock(name, work))]);
    expect(most).toBe(1);
    expect([first, second].filter((result) => result === null)).toHaveLength(1);
    expect(await model.findById(name).lean().exec()).toBeNull();
  });

  it("breaks a dead holder's lock once it is stale", async () => {
    const locks = new Locks(model, { waitMs: 2000, staleMs: 400 });
    const name = `dead:${randomUUID()}`;
    await model.create({ _id: name, holder: 'a process that died', at: new Date() });
    const started = performance.now();
    expect(await locks.withLock(name, async () => 'mine')).toEqual({ value: 'mine' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
  });

  it("renews a live holder's lock while its work outlasts the stale age (no one breaks it)", async () => {
    const locks = new Locks(model, { waitMs: 1500, staleMs: 400 });
    const name = `long:${randomUUID()}`;
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sleep(1200);
      inside -= 1;
    };
    const [first, second] = await Promise.all([locks.withLock(name, work), sleep(50).then(() => locks.withLock(name, work))]);
    expect(first).not.toBeNull();
    // The second waited out the first (1.2 s, three stale ages) and then ran: never both inside.
    expect(second).not.toBeNull();
    expect(most).toBe(1);
  });

  it('serves the callers of one process in arrival order: one that asks again at once does not overtake a waiter', async () => {
    const locks = new Locks(model, { waitMs: 5000 });
    const name = `turns:${randomUUID()}`;
    const order: string[] = [];
    const work = (label: string) => async () => {
      order.push(label);
      await sleep(80);
    };
    // A worker that takes the lock four times back to back, and another caller that asks while the first holds it.
    const busy = (async () => {
      for (let round = 0; round < 4; round++) await locks.withLock(name, work(`busy ${round}`));
    })();
    await sleep(20);
    const waiter = locks.withLock(name, work('waiter'));
    await Promise.all([busy, waiter]);
    // Before the turns, the waiter slept between tries and the busy worker, asking again at once, won each time.
    expect(order).toEqual(['busy 0', 'waiter', 'busy 1', 'busy 2', 'busy 3']);
  });
});
