// The Audit Logs page through the gateway (HTTP → gRPC → identity: the page from its read model, the entries
// by `_id`): BENCH_AUDIT_ENTRIES audit events (default 10,000; smoke 60) are published on the audit stream as
// the services' recorders publish them, identity stores them (its durable consumer), then each list shape
// (page 1, a deep page, a table, a user, a record, a day) is requested BENCH_REPETITIONS times (default 200;
// smoke 10) by the owner on 10 connections. Every answer is checked (total and the ids of the page, in
// order). Then identity is restarted (start-up time until SERVING, i.e. its lists loaded; RSS) and each shape's first view timed
// (the entry cache empty: its entries read by _id). For comparison, the query identity ran before its read models (find + sort + skip, and countDocuments)
// is timed straight against the database, as 'before'.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import type { AuditLogPage } from '@venuebook/domain';
import { connectMongo, connectNats, publishEvent } from '@venuebook/service-kit';
import { expectEqual, expectTrue, runBench, runConcurrently, sized } from './support.ts';

const COUNT = sized({ full: 10_000, smoke: 60 }, process.env.BENCH_AUDIT_ENTRIES);
const REPETITIONS = sized({ full: 200, smoke: 10 }, process.env.BENCH_REPETITIONS);
const BEFORE_REPETITIONS = sized({ full: 5, smoke: 2 }, undefined);
const CONNECTIONS = 10;
const PAGE_SIZE = 50;
const TABLES = ['venues', 'contacts', 'data_cards', 'venue_data', 'users', 'user_roles', 'admin_settings'];
const ACTIONS = ['create', 'update', 'delete'];
const USERS = Array.from({ length: 20 }, (_, n) => ({ userId: `bench-user-${n}`, email: `bench-${n}@example.com` }));
/** The entries' times: one minute apart, from this day on (long past: identity's own entries are newer). */
const START = Date.UTC(2020, 0, 1);

interface Published {
  id: string;
  at: number;
  table: string;
  userId: string;
  recordId: string;
}

await runBench({ name: 'audit-log', title: 'Audit Logs page through the gateway' }, async (bench) => {
  bench.parameter('entries', COUNT);
  bench.parameter('repetitions', REPETITIONS);
  bench.parameter('connections', CONNECTIONS);
  bench.parameter('pageSize', PAGE_SIZE);
  const owner = await bench.signIn('owner');
  const nc = await connectNats(bench.stack.infra.natsUrl, { name: 'audit-log-bench' });
  const published: Published[] = [];
  try {
    const js = nc.jetstream();
    const records = Array.from({ length: Math.max(1, Math.floor(COUNT / 10)) }, () => randomUUID());
    const publishMs = await runConcurrently(COUNT, 16, async (n) => {
      const actor = USERS[n % USERS.length]!;
      const entry = { table: TABLES[n % TABLES.length]!, recordId: records[n % records.length]! };
      const envelope = createEnvelope(
        SUBJECTS.auditRecorded,
        {
          service: 'venues',
          action: ACTIONS[n % ACTIONS.length]!,
          table: entry.table,
          recordId: entry.recordId,
          oldValues: { name: `Before ${n}` },
          newValues: { name: `After ${n}`, notes: 'x'.repeat(200) },
        },
        { actor, occurredAt: new Date(START + n * 60_000) },
      );
      await publishEvent(js, SUBJECTS.auditRecorded, envelope);
      published.push({ id: envelope.id, at: START + n * 60_000, table: entry.table, userId: actor.userId, recordId: entry.recordId });
    });
    bench.figure('publishSeconds', publishMs / 1000, `published ${COUNT} audit events in ${(publishMs / 1000).toFixed(1)} s`);

    // Stored when the bench entries (all before 2021) are listed in full.
    const storedStart = performance.now();
    const benchTotal = async () =>
      (await owner.get<AuditLogPage>(`/api/v1/audit-logs?pageSize=1&to=${new Date(Date.UTC(2021, 0, 1)).toISOString()}`)).body.total;
    for (let total = await benchTotal(); total < COUNT; total = await benchTotal()) {
      expectTrue(performance.now() - storedStart < 30 * 60_000, `identity stored only ${total} of ${COUNT} entries in 30 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const storeSeconds = (performance.now() - storedStart + publishMs) / 1000;
    bench.figure('storedPerSecond', COUNT / storeSeconds, `identity stored them at ${Math.round(COUNT / storeSeconds)} entries/s (from the first publish)`);
  } finally {
    await nc.drain();
  }

  const newestFirst = [...published].sort((a, b) => b.at - a.at);
  const live = (await owner.get<AuditLogPage>('/api/v1/audit-logs?pageSize=1')).body.total - COUNT;
  const deepPage = Math.max(2, Math.floor(COUNT / PAGE_SIZE / 2));
  const someUser = USERS[3]!.userId;
  const someRecord = published[7]!.recordId;
  const dayFrom = START + Math.floor(COUNT / 2) * 60_000;
  const dayTo = dayFrom + 24 * 60 * 60_000;
  const before2021 = new Date(Date.UTC(2021, 0, 1)).toISOString();
  const ids = (entries: Published[], page = 1) => entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((entry) => entry.id);
  const filtered = (keep: (entry: Published) => boolean) => newestFirst.filter(keep);
  const byTable = filtered((entry) => entry.table === 'contacts');
  const byUser = filtered((entry) => entry.userId === someUser);
  const byRecord = filtered((entry) => entry.recordId === someRecord);
  const byDay = filtered((entry) => entry.at >= dayFrom && entry.at < dayTo);
  /** `expected`: the ids of the page (null: page 1 of the whole log, which starts with identity's own entries). */
  const shapes: Record<string, { query: Record<string, string | number>; expected: string[] | null; total: number }> = {
    'page 1': { query: { page: 1 }, expected: null, total: COUNT + live },
    [`page ${deepPage}`]: {
      query: { page: deepPage },
      expected: newestFirst.slice((deepPage - 1) * PAGE_SIZE - live, deepPage * PAGE_SIZE - live).map((entry) => entry.id),
      total: COUNT + live,
    },
    'table = contacts': { query: { table: 'contacts', to: before2021 }, expected: ids(byTable), total: byTable.length },
    'one user': { query: { userId: someUser }, expected: ids(byUser), total: byUser.length },
    'one record': { query: { recordId: someRecord }, expected: ids(byRecord), total: byRecord.length },
    'one day': { query: { from: new Date(dayFrom).toISOString(), to: new Date(dayTo).toISOString() }, expected: ids(byDay), total: byDay.length },
  };

  const checks = new Map<string, { query: string; check: (body: AuditLogPage) => void }>();
  for (const [label, shape] of Object.entries(shapes)) {
    const query = new URLSearchParams(Object.entries({ ...shape.query, pageSize: PAGE_SIZE }).map(([key, value]) => [key, String(value)])).toString();
    const times: number[] = [];
    const check = (body: AuditLogPage) => {
      expectEqual(body.total, shape.total, `${label}: total`);
      if (shape.expected) expectEqual(body.entries.map((entry) => entry.id).join(','), shape.expected.join(','), `${label}: the page's entries`);
      else expectEqual(body.entries.length, Math.min(PAGE_SIZE, shape.total), `${label}: entries`);
      expectTrue(
        body.entries.every((entry) => entry.newValues !== null),
        `${label}: entries with their values`,
      );
    };
    checks.set(label, { query, check });
    await runConcurrently(REPETITIONS, CONNECTIONS, async () => {
      const { body, ms } = await owner.get<AuditLogPage>(`/api/v1/audit-logs?${query}`);
      times.push(ms);
      check(body);
    });
    bench.shape(label, times, { total: shape.total });
  }

  // A restart: the list loaded from the database (one scan), the entry cache empty, so each shape's first
  // view reads its entries by _id.
  const identity = bench.stack.services.identity.replicas[0]!;
  await identity.stop();
  const restartStarted = performance.now();
  await identity.start();
  const restartMs = performance.now() - restartStarted;
  bench.figure(
    'identityStartSeconds',
    restartMs / 1000,
    `identity started again with ${COUNT + live} audit entries in ${(restartMs / 1000).toFixed(1)} s (until SERVING)`,
  );
  const status = readFileSync(`/proc/${identity.process.child.pid}/status`, 'utf8');
  const rssMB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  bench.figure('identityRssMB', rssMB, `identity RSS after the start: ${rssMB.toFixed(0)} MB`);
  for (const [label, { query, check }] of checks) {
    const { body, ms } = await owner.get<AuditLogPage>(`/api/v1/audit-logs?${query}`);
    check(body);
    bench.figure(`firstViewAfterRestartMs ${label}`, ms, `${label}: first view after the restart ${ms.toFixed(1)} ms (its entries read by _id)`);
  }

  // Before the read models: identity asked the database for the page (sort, skip, limit) and the count.
  const connection = await connectMongo(bench.stack.infra.mongoUri, 'venuebook_identity');
  try {
    const logs = connection.collection('audit_logs');
    const times: number[] = [];
    for (let i = 0; i < BEFORE_REPETITIONS; i++) {
      const started = performance.now();
      const [docs, total] = await Promise.all([
        logs
          .find({})
          .sort({ createdAt: -1, _id: -1 })
          .skip((deepPage - 1) * PAGE_SIZE)
          .limit(PAGE_SIZE)
          .toArray(),
        logs.countDocuments({}),
      ]);
      times.push(performance.now() - started);
      expectEqual(docs.length, Math.min(PAGE_SIZE, total - (deepPage - 1) * PAGE_SIZE), 'before: the page');
      expectTrue(total >= COUNT, 'before: the count');
    }
    bench.shape(`before: page ${deepPage}, database only (find+sort+skip, countDocuments)`, times, { total: COUNT + live });
  } finally {
    await connection.close();
  }
});
