// The audit log store: audit events of every service (the kit's recorder, on the audit stream) reach
// identity's audit_logs through a durable consumer, exactly once per event id, also when identity was down
// while they were published; owners read them paged and filtered; identity's own changes record themselves.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEnvelope, encodeEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import type { EventPayload } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { connectMongo, connectNats, createAuditRecorder, createLogger, publishEvent } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ListAuditLogsRequestSchema } from '@venuebook/contracts/identity/v1';
import { start } from './main.ts';
import { rejection, startIdentityUnderTest } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

/**
 * Identity's audit consumer delivers the whole shared audit stream from its start (DeliverPolicy.All), so in a full
 * integration run the first wait includes every audit event the other files published before (thousands, from the
 * CSV and cards tests): hence 2 minutes, where a file run alone answers almost at once.
 */
const BACKLOG_MS = 120_000;
/** Retries `check` until it stops throwing (every 100 ms, up to BACKLOG_MS): a consumer writes the audit log a moment later. */
const waitFor = <T>(check: () => Promise<T>): Promise<T> => vi.waitFor(check, { timeout: BACKLOG_MS, interval: 100 });

const infra = testInfra();
const quiet = createLogger('audit-int', { level: 'silent' });
let under: IdentityUnderTest;
let nc: NatsConnection;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra);
  nc = await connectNats(infra.natsUrl, { name: 'audit-int' });
});

afterAll(async () => {
  await nc?.drain();
  await under?.stop();
});

const suffix = () => randomUUID().slice(0, 8);

const list = (request: MessageInitShape<typeof ListAuditLogsRequestSchema>, target: IdentityUnderTest['identity'] = under.identity) =>
  target.listAuditLogs(request, under.as(under.owner, 'owner'));

/** An audit event as a service's recorder publishes it, with a chosen time (for ordering and date filters). */
function auditEnvelope(
  data: Partial<EventPayload<typeof SUBJECTS.auditRecorded>> & { table: string },
  occurredAt = new Date(),
  actor = { userId: 'u-1', email: 'someone@example.com' },
) {
  return createEnvelope(
    SUBJECTS.auditRecorded,
    { service: 'venues', action: 'create', recordId: randomUUID(), oldValues: null, newValues: { name: 'x' }, ...data },
    { actor, occurredAt },
  );
}

describe('storing audit events', { timeout: BACKLOG_MS + 30_000 }, () => {
  it("stores a service's audit event (the kit's recorder) with who, action, table, record id, values and time", async () => {
    const recorder = createAuditRecorder(nc.jetstream(), quiet, { service: 'venues' });
    const recordId = randomUUID();
    const eventId = await recorder.record(
      { action: 'update', table: 'venues', recordId, oldValues: { name: 'Old Arena' }, newValues: { name: 'New Arena' } },
      { actor: { userId: 'editor-1', email: 'editor@example.com' } },
    );
    const { entries, total } = await waitFor(async () => {
      const page = await list({ recordId });
      expect(page.total).toBe(1);
      return page;
    });
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      id: eventId,
      userId: 'editor-1',
      userEmail: 'editor@example.com',
      action: 'update',
      tableName: 'venues',
      recordId,
      oldValues: { name: 'Old Arena' },
      newValues: { name: 'New Arena' },
      service: 'venues',
    });
    expect(Date.now() - Date.parse(entries[0]!.createdAt)).toBeLessThan(60_000);
  });

  it('stores an event delivered twice once (idempotent on the event id)', async () => {
    const table = `dup_${suffix()}`;
    const twice = auditEnvelope({ table });
    const js = nc.jetstream();
    // Published twice without the de-duplication header: the stream holds it twice, as after a redelivery.
    await js.publish(SUBJECTS.auditRecorded, encodeEnvelope(twice));
    await js.publish(SUBJECTS.auditRecorded, encodeEnvelope(twice));
    const marker = auditEnvelope({ table });
    await publishEvent(js, SUBJECTS.auditRecorded, marker);
    // The consumer works in stream order: once the marker is stored, both copies have been handled.
    const page = await waitFor(async () => {
      const found = await list({ tableName: table });
      expect(found.entries.map((entry) => entry.id)).toContain(marker.id);
      return found;
    });
    expect(page.total).toBe(2);
    expect(page.entries.filter((entry) => entry.id === twice.id)).toHaveLength(1);
    const db = await under.db();
    expect(await db.collection('audit_logs').countDocuments({ _id: twice.id as never })).toBe(1);
  });

  it('loses nothing published while identity is down: the durable consumer continues where it stopped', async () => {
    const dbName = `venuebook_test_identity_audit_${suffix()}`;
    const config = { ...under.config, MONGODB_DB: dbName, GRPC_PORT: 0, AUDIT_CONSUMER_NAME: `identity-audit-down-${suffix()}` };
    const table = `down_${suffix()}`;
    const first = await start(config, { logger: quiet });
    await first.stop();

    const whileDown = [auditEnvelope({ table }), auditEnvelope({ table }), auditEnvelope({ table })];
    for (const envelope of whileDown) await publishEvent(nc.jetstream(), SUBJECTS.auditRecorded, envelope);

    const second = await start(config, { logger: quiet });
    const connection = await connectMongo(infra.mongoUri, dbName);
    try {
      const stored = await waitFor(async () => {
        const ids = (await connection.collection('audit_logs').find({ tableName: table }).toArray()).map((doc) => String(doc._id));
        expect(ids).toHaveLength(3);
        return ids;
      });
      expect(stored.sort()).toEqual(whileDown.map((envelope) => envelope.id).sort());
    } finally {
      await second.stop();
      await connection.dropDatabase();
      await connection.close();
      await (await nc.jetstreamManager()).consumers.delete(STREAMS.audit.name, config.AUDIT_CONSUMER_NAME).catch(() => undefined);
    }
  });
});

describe('events not made by the kit (forged or oversize, straight on NATS)', { timeout: BACKLOG_MS + 30_000 }, () => {
  it('are stored bounded like the recorder bounds them, so that a page of the largest size still fits the gRPC message limit', async () => {
    const table = `forged_${suffix()}`;
    const big = 'x'.repeat(45_000);
    const future = new Date(Date.UTC(2100, 0, 1));
    const longActor = { userId: `u${'1'.repeat(5000)}`, email: `${'e'.repeat(5000)}@example.com` };
    const forged = Array.from({ length: 100 }, (_, i) =>
      auditEnvelope(
        { table, oldValues: { notes: big, password: 'hunter2' }, newValues: { notes: big, list: Array.from({ length: 500 }, (_, n) => n + i) } },
        future,
        longActor,
      ),
    );
    const publishedAt = new Date();
    for (const envelope of forged) await publishEvent(nc.jetstream(), SUBJECTS.auditRecorded, envelope);
    const stored = async () => (await under.db()).collection('audit_logs').countDocuments({ tableName: table });
    await waitFor(async () => expect(await stored()).toBe(100));

    // One page of the most entries: guards against unbounded values (here 100 × 90 KB) taking a page over 4 MiB and
    // leaving the log unreadable.
    const page = await list({ tableName: table, pageSize: 100 });
    expect(page.entries).toHaveLength(100);
    for (const entry of page.entries) {
      expect(entry.oldValues?.password).toBe('[redacted]');
      expect(String(entry.oldValues?.notes).length).toBeLessThan(1100);
      expect(entry.newValues?.list).toHaveLength(51);
      // A time in the future is not believed: at most when identity received it.
      expect(Date.parse(entry.createdAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(entry.createdAt)).toBeGreaterThanOrEqual(publishedAt.getTime() - 1000);
      expect(entry.userId.length).toBeLessThanOrEqual(100);
      expect(entry.userEmail.length).toBeLessThanOrEqual(254);
    }
  });
});

describe('reading the audit log', { timeout: BACKLOG_MS + 30_000 }, () => {
  const table = `reads_${suffix()}`;
  const day = (n: number) => new Date(Date.UTC(2020, 0, n, 12));
  const alice = { userId: `alice-${suffix()}`, email: 'alice@example.com' };
  const bob = { userId: `bob-${suffix()}`, email: 'bob@example.com' };
  const record = randomUUID();
  const published = [
    auditEnvelope({ table, action: 'create', recordId: record }, day(1), alice),
    auditEnvelope({ table, action: 'update', recordId: record }, day(2), alice),
    auditEnvelope({ table, action: 'update' }, day(3), bob),
    auditEnvelope({ table, action: 'delete', recordId: record }, day(4), bob),
    auditEnvelope({ table, action: 'create' }, day(5), alice),
  ];

  beforeAll(async () => {
    for (const envelope of published) await publishEvent(nc.jetstream(), SUBJECTS.auditRecorded, envelope);
    await waitFor(async () => expect((await list({ tableName: table })).total).toBe(5));
  });

  const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);
  const byDay = (...days: number[]) => days.map((n) => published[n - 1]!.id);

  it('serves owners only (PERMISSION_DENIED for admin, editor, surveyor and viewer)', async () => {
    for (const role of ['admin', 'editor', 'surveyor', 'viewer'] as const) {
      const error = await rejection(under.identity.listAuditLogs({ tableName: table }, under.as(under.owner, role)));
      expect(error.code, role).toBe(GrpcStatus.PERMISSION_DENIED);
    }
  });

  it('pages newest first with the total', async () => {
    const first = await list({ tableName: table, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(ids(first.entries)).toEqual(byDay(5, 4));
    expect(ids((await list({ tableName: table, pageSize: 2, page: 2 })).entries)).toEqual(byDay(3, 2));
    expect(ids((await list({ tableName: table, pageSize: 2, page: 3 })).entries)).toEqual(byDay(1));
    expect((await list({ tableName: table, pageSize: 2, page: 4 })).entries).toEqual([]);
  });

  it('filters by action, user, record id and date range, combined', async () => {
    expect(ids((await list({ tableName: table, action: 'update' })).entries)).toEqual(byDay(3, 2));
    expect(ids((await list({ tableName: table, userId: bob.userId })).entries)).toEqual(byDay(4, 3));
    expect(ids((await list({ recordId: record })).entries)).toEqual(byDay(4, 2, 1));
    expect(ids((await list({ tableName: table, from: day(2).toISOString(), to: day(4).toISOString() })).entries)).toEqual(byDay(3, 2));
    expect(ids((await list({ recordId: record, userId: alice.userId, action: 'update' })).entries)).toEqual(byDay(2));
  });

  it('refuses out-of-range pages and malformed filters with the field', async () => {
    const cases: [MessageInitShape<typeof ListAuditLogsRequestSchema>, string][] = [
      [{ pageSize: 101 }, 'pageSize'],
      [{ page: 1_000_001 }, 'page'],
      [{ from: 'yesterday' }, 'from'],
      [{ tableName: 'Venues; drop' }, 'table'],
      [{ from: day(3).toISOString(), to: day(2).toISOString() }, 'to'],
    ];
    for (const [request, field] of cases) {
      const error = await rejection(list(request));
      expect(error.code, field).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(
        error.fieldErrors.map((fieldError) => fieldError.field),
        field,
      ).toContain(field);
    }
  });
});

describe("identity's own changes", () => {
  it('records a role change and a removal with the acting owner and the old and new values', async () => {
    const user = await under.confirmedUser();
    await under.identity.assignRole({ userId: user.id, role: 'editor' }, under.as(under.owner, 'owner'));
    await under.identity.removeUser({ userId: user.id }, under.as(under.owner, 'owner'));
    const { entries } = await waitFor(async () => {
      const page = await list({ recordId: user.id });
      expect(page.entries.map((entry) => `${entry.action} ${entry.tableName}`)).toEqual(['delete users', 'update user_roles']);
      return page;
    });
    const [removal, roleChange] = entries;
    expect(roleChange).toMatchObject({
      userId: under.owner.id,
      userEmail: under.owner.email,
      oldValues: { role: 'viewer' },
      newValues: { role: 'editor' },
      service: 'identity',
    });
    expect(removal).toMatchObject({ userId: under.owner.id, oldValues: { email: user.email } });
    expect(removal?.newValues).toBeUndefined();
  });
});
