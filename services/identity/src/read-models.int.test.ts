// Identity's lists from memory: the user list and the audit log come from read models; what still
// reaches the database is `_id` or one top-level equality (FerretDB v1 scans the collection for anything
// else). Two instances on one database and NATS stand for two replicas: a write through one is listed by the
// other, and each lists its own writes at once.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { createClient } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import { IdentityService } from '@venuebook/contracts/identity/v1';
import { connectNats, createLogger, publishEvent } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import { start } from './main.ts';
import type { IdentityServiceHandle } from './main.ts';
import { APP_URL, STRONG_PASSWORD, startIdentityUnderTest } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

const waitFor = <T>(check: () => Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 50 });

const infra = testInfra();
let under: IdentityUnderTest;
/** The second replica: same database, same NATS, same durable audit consumer. */
let replica: IdentityServiceHandle;
let other: Client<typeof IdentityService>;
let nc: NatsConnection;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra);
  replica = await start({ ...under.config, GRPC_PORT: 0 }, { logger: createLogger('identity-replica', { level: 'error' }) });
  other = createClient(IdentityService, `127.0.0.1:${replica.port}`, { deadlineMs: 15_000 });
  nc = await connectNats(infra.natsUrl, { name: 'identity-read-models-int' });
});

afterEach(() => {
  mongoose.set('debug', false);
});

afterAll(async () => {
  other?.close();
  await replica?.stop();
  await nc?.drain();
  await under?.stop();
});

const asOwner = () => under.as(under.owner, 'owner');
const usersOf = async (client: Client<typeof IdentityService>) => (await client.listUsers({ pageSize: 100 }, asOwner())).users;
const userOf = async (client: Client<typeof IdentityService>, id: string) => (await usersOf(client)).find((user) => user.id === id);

describe('the user list', () => {
  it('is loaded from the database by a replica started later (the owner signed up before it started)', async () => {
    const listed = await usersOf(other);
    expect(listed.map((user) => user.email)).toContain(under.owner.email);
    expect(replica.readModels.users.size).toBe(listed.length);
  });

  it('shows a sign-up, confirmation, sign-in, role change and removal at once on the replica that made it, and soon on the other', async () => {
    const email = under.newAddress('listed');
    const { user: signedUp } = await under.identity.signUp({ email, password: STRONG_PASSWORD, appUrl: APP_URL }, under.anonymous());
    const id = signedUp!.id;
    const listed = await userOf(under.identity, id);
    expect(listed?.email).toBe(email);
    expect(listed?.emailConfirmed).toBe(false);
    await waitFor(async () => expect(await userOf(other, id)).toMatchObject({ email }));

    await under.identity.confirmEmail({ token: await under.confirmationToken(email), email, password: STRONG_PASSWORD }, under.anonymous());
    expect((await userOf(under.identity, id))?.emailConfirmed).toBe(true);
    await waitFor(async () => expect((await userOf(other, id))?.emailConfirmed).toBe(true));

    // Through the other replica this time: its own write at once there, and soon here.
    const { grant } = await other.signInWithPassword({ email, password: STRONG_PASSWORD, userAgent: 't' }, under.anonymous());
    expect(grant?.user?.lastSignInAt).toBeTruthy();
    expect((await userOf(other, id))?.lastSignInAt).toEqual(grant?.user?.lastSignInAt);
    await waitFor(async () => expect((await userOf(under.identity, id))?.lastSignInAt).toEqual(grant?.user?.lastSignInAt));

    await under.identity.assignRole({ userId: id, role: 'editor' }, asOwner());
    expect((await userOf(under.identity, id))?.role).toBe('editor');
    await waitFor(async () => expect((await userOf(other, id))?.role).toBe('editor'));

    const before = (await other.listUsers({ pageSize: 1 }, asOwner())).total;
    await other.removeUser({ userId: id }, asOwner());
    expect(await userOf(other, id)).toBeUndefined();
    expect((await other.listUsers({ pageSize: 1 }, asOwner())).total).toBe(before - 1);
    await waitFor(async () => expect(await userOf(under.identity, id)).toBeUndefined());
  });

  it('pages in sign-up order with the total, the same on both replicas', async () => {
    for (let n = 0; n < 3; n += 1) await under.confirmedUser();
    await waitFor(async () =>
      expect((await other.listUsers({ pageSize: 1 }, asOwner())).total).toBe((await under.identity.listUsers({ pageSize: 1 }, asOwner())).total),
    );
    const all = await usersOf(under.identity);
    const created = all.map((user) => Date.parse(user.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const second = await other.listUsers({ page: 2, pageSize: 2 }, asOwner());
    expect(second.total).toBe(all.length);
    expect(second.users.map((user) => user.id)).toEqual(all.slice(2, 4).map((user) => user.id));
  });
});

describe('the audit log', () => {
  it('lists every entry on both replicas, whichever stored it (they share the durable consumer)', async () => {
    const table = `replicas_${randomUUID().slice(0, 8)}`;
    const published = Array.from({ length: 12 }, (_, n) =>
      createEnvelope(
        SUBJECTS.auditRecorded,
        { service: 'venues', action: 'update', table, recordId: randomUUID(), oldValues: { n }, newValues: { n: n + 1 } },
        { actor: { userId: 'u-1', email: 'someone@example.com' }, occurredAt: new Date(Date.UTC(2021, 0, 1 + n)) },
      ),
    );
    for (const envelope of published) await publishEvent(nc.jetstream(), SUBJECTS.auditRecorded, envelope);
    const newestFirst = published.map((envelope) => envelope.id).reverse();
    for (const client of [under.identity, other]) {
      await waitFor(async () => {
        const page = await client.listAuditLogs({ tableName: table, pageSize: 100 }, asOwner());
        expect(page.entries.map((entry) => entry.id)).toEqual(newestFirst);
      });
      const page = await client.listAuditLogs({ tableName: table, page: 2, pageSize: 5 }, asOwner());
      expect(page.total).toBe(12);
      expect(page.entries.map((entry) => entry.id)).toEqual(newestFirst.slice(5, 10));
      expect(page.entries[0]).toMatchObject({ oldValues: { n: 6 }, newValues: { n: 7 }, userEmail: 'someone@example.com', service: 'venues' });
    }
  });

  it('serves the entries a replica stored or heard of from memory (AUDIT_LOG_CACHE_MB): their first view reads nothing', async () => {
    const table = `cached_${randomUUID().slice(0, 8)}`;
    const published = Array.from({ length: 6 }, (_, n) =>
      createEnvelope(
        SUBJECTS.auditRecorded,
        { service: 'venues', action: 'create', table, recordId: randomUUID(), oldValues: null, newValues: { name: 'x' } },
        { occurredAt: new Date(Date.UTC(2022, 0, 1, 0, 0, n)) },
      ),
    );
    for (const envelope of published) await publishEvent(nc.jetstream(), SUBJECTS.auditRecorded, envelope);
    // Listed by the second replica (not read through it: the entries must be in memory before any view).
    await waitFor(async () => expect(published.filter((envelope) => replica.readModels.auditLogs.get(envelope.id))).toHaveLength(6));
    const reads: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'audit_logs' && !/insert/i.test(method)) reads.push(method);
    });
    let page;
    try {
      page = await other.listAuditLogs({ tableName: table }, asOwner());
    } finally {
      mongoose.set('debug', false);
    }
    expect(page.entries.map((entry) => entry.id)).toEqual(published.map((envelope) => envelope.id).reverse());
    expect(reads).toEqual([]);
  });

  it('keeps the entries it loads at start in memory too (a restart does not leave page 1 to a read per entry)', async () => {
    const table = `restart_${randomUUID().slice(0, 8)}`;
    const published = Array.from({ length: 4 }, (_, n) =>
      createEnvelope(
        SUBJECTS.auditRecorded,
        { service: 'venues', action: 'create', table, recordId: randomUUID(), oldValues: null, newValues: { n } },
        { occurredAt: new Date(Date.UTC(2023, 0, 1, 0, 0, n)) },
      ),
    );
    for (const envelope of published) await publishEvent(nc.jetstream(), SUBJECTS.auditRecorded, envelope);
    await waitFor(async () => expect((await under.identity.listAuditLogs({ tableName: table }, asOwner())).total).toBe(4));
    // Its own durable consumer: the shared one would hand it nothing of the above, and its start is what is tested.
    const durable = `identity-audit-third-${randomUUID().slice(0, 8)}`;
    const third = await start({ ...under.config, GRPC_PORT: 0, AUDIT_CONSUMER_NAME: durable }, { logger: createLogger('identity-third', { level: 'error' }) });
    const client = createClient(IdentityService, `127.0.0.1:${third.port}`, { deadlineMs: 15_000 });
    const reads: string[] = [];
    try {
      // (Its new durable consumer replays the shared test stream meanwhile: reads of other entries are not counted.)
      const ids = new Set(published.map((envelope) => envelope.id));
      mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
        if (collection === 'audit_logs' && ids.has(String((filter as { _id?: unknown } | null)?._id))) reads.push(method);
      });
      const page = await client.listAuditLogs({ tableName: table }, asOwner());
      mongoose.set('debug', false);
      expect(page.entries.map((entry) => entry.newValues)).toEqual([{ n: 3 }, { n: 2 }, { n: 1 }, { n: 0 }]);
      expect(reads).toEqual([]);
    } finally {
      mongoose.set('debug', false);
      client.close();
      await third.stop();
      await (await nc.jetstreamManager()).consumers.delete(STREAMS.audit.name, durable).catch(() => undefined);
    }
  });
});

/** Whether FerretDB v1 can answer a filter without scanning: `{}` aside, `_id` alone or one top-level equality. */
function pushable(filter: unknown): boolean {
  if (filter === null || typeof filter !== 'object') return false;
  const entries = Object.entries(filter);
  if (entries.length !== 1) return false;
  const [, value] = entries[0]!;
  return value === null || typeof value !== 'object' || value instanceof Date;
}

describe('what reaches the database', () => {
  it('lists, owner counts, the sign-up mail cooldown and a removal use `_id` or one top-level equality, never a sort, skip or count', async () => {
    const user = await under.confirmedUser();
    await under.signIn(user.email);
    const pending = under.newAddress('cooldown');
    const operations: { collection: string; method: string; args: unknown[] }[] = [];
    mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
      operations.push({ collection, method, args });
    });
    try {
      await under.identity.signUp({ email: pending, password: STRONG_PASSWORD, appUrl: APP_URL }, under.anonymous());
      await under.identity.signUp({ email: pending, password: STRONG_PASSWORD, appUrl: APP_URL }, under.anonymous()).catch(() => undefined);
      await under.identity.listUsers({ page: 1, pageSize: 2 }, asOwner());
      await under.identity.listUsers({ page: 2, pageSize: 2 }, asOwner());
      await under.identity.assignRole({ userId: user.id, role: 'admin' }, asOwner());
      await under.identity.removeUser({ userId: user.id }, asOwner());
      await under.identity.listAuditLogs({ page: 1, pageSize: 3 }, asOwner());
      await under.identity.listAuditLogs(
        { page: 2, pageSize: 3, tableName: 'user_roles', action: 'update', from: new Date(Date.now() - 60_000).toISOString() },
        asOwner(),
      );
    } finally {
      mongoose.set('debug', false);
    }
    // Reads and deletes (updates keep their compare-and-set conditions; the roles lock is its own collection).
    const checked = operations.filter((op) => op.collection !== 'identity_locks' && !/update|insert|create/i.test(op.method));
    expect(checked.length).toBeGreaterThan(10);
    const scanning = checked.filter(
      (op) => /count|aggregate|distinct/i.test(op.method) || !pushable(op.args[0]) || /"(sort|skip)"/.test(JSON.stringify(op.args.slice(1))),
    );
    expect(scanning.map((op) => `${op.collection}.${op.method} ${JSON.stringify(op.args)}`)).toEqual([]);
  });
});
