// Field value versions on real FerretDB/MongoDB and NATS, through two connections (two replicas): the unique `_id`
// insert is the compare-and-set. Concurrent saves of different fields of one card all keep their value; concurrent
// saves of one field based on the same version: exactly one wins, every other one is a conflict that reads the
// winner's value. The read model loads every version at start and follows the other replica's inserts by event.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { connectMongo, connectNats, createEventPublisher, createLogger, ensureStreams } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionId } from './domain/field-values.ts';
import type { FieldVersionRecord } from './domain/field-values.ts';
import { createFieldValueEvents } from './events/field-value.events.ts';
import { createFieldValueLists } from './read-model/field-value-read-model.ts';
import type { FieldValueLists } from './read-model/field-value-read-model.ts';
import { fieldValueModel } from './repositories/field-value.model.ts';
import { FieldValueRepository } from './repositories/field-value.repository.ts';

const infra = testInfra();
const logger = createLogger('field-values-test', { level: 'warn' });
const DB = `venuebook_test_cards_values_${randomUUID().slice(0, 8)}`;
let connections: Connection[] = [];
let replicas: FieldValueRepository[] = [];
let nc: NatsConnection;
const lists: FieldValueLists[] = [];

beforeAll(async () => {
  connections = [await connectMongo(infra.mongoUri, DB), await connectMongo(infra.mongoUri, DB)];
  replicas = connections.map((connection) => new FieldValueRepository(fieldValueModel(connection)));
  await fieldValueModel(connections[0]!).init();
  nc = await connectNats(infra.natsUrl);
  await ensureStreams(nc, [STREAMS.cards]);
});

afterAll(async () => {
  for (const list of lists) await list.readModel.stop();
  await connections[0]?.dropDatabase().catch(() => undefined);
  for (const connection of connections) await connection.close();
  await nc?.close();
});

/** Until `done()` (another replica applies an event), at most 10 s. */
async function waitFor(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await sleep(50);
}

function record(venueId: string, cardId: string, fieldKey: string, version: number, value: string, savedBy = 'u1'): FieldVersionRecord {
  return {
    id: versionId(venueId, cardId, fieldKey, version),
    venueId,
    cardId,
    fieldKey,
    department: 'Facilities',
    value,
    version,
    kind: 'value',
    savedBy,
    savedByEmail: `${savedBy}@example.com`,
    savedAt: new Date(),
    restoredFrom: null,
    verifiedSource: null,
  };
}

/** A save as the use case makes it: version base + 1; a conflict reads the version that won. */
async function save(repository: FieldValueRepository, venueId: string, cardId: string, fieldKey: string, base: number, value: string, savedBy?: string) {
  const result = await repository.insertVersion(record(venueId, cardId, fieldKey, base + 1, value, savedBy));
  if (result.inserted) return { status: 'saved' as const, value };
  const winner = await repository.getVersion(versionId(venueId, cardId, fieldKey, base + 1));
  return { status: 'conflict' as const, current: winner?.value };
}

describe('field value versions (insert-only, two replicas)', () => {
  it('keeps every value of 20 concurrent saves of different fields of one card', async () => {
    const [venueId, cardId] = [randomUUID(), randomUUID()];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(replicas[i % 2]!, venueId, cardId, `field_${i}`, 0, `value ${i}`)));
    expect(results.every((result) => result.status === 'saved')).toBe(true);
    for (let i = 0; i < 20; i++) expect((await replicas[(i + 1) % 2]!.getVersion(versionId(venueId, cardId, `field_${i}`, 1)))?.value).toBe(`value ${i}`);
  });

  it('lets exactly one of 10 concurrent saves of one field (same base version) win; the others are conflicts naming its value', async () => {
    const [venueId, cardId] = [randomUUID(), randomUUID()];
    expect((await save(replicas[0]!, venueId, cardId, 'power', 0, 'first')).status).toBe('saved');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => save(replicas[i % 2]!, venueId, cardId, 'power', 1, `writer ${i}`, `u${i}`)));
    const winners = results.filter((result) => result.status === 'saved');
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.value;
    const conflicts = results.filter((result) => result.status === 'conflict');
    expect(conflicts).toHaveLength(9);
    for (const conflict of conflicts) expect(conflict.current).toBe(winner);
    expect((await replicas[1]!.getVersion(versionId(venueId, cardId, 'power', 2)))?.value).toBe(winner);
    expect(await replicas[0]!.getVersion(versionId(venueId, cardId, 'power', 3))).toBeNull();
  });

  it('the read model loads every version at start and follows the other replica by event (history newest first)', async () => {
    const [venueId, cardId] = [randomUUID(), randomUUID()];
    for (let version = 1; version <= 3; version++) await replicas[0]!.insertVersion(record(venueId, cardId, 'power', version, `v${version}`));
    await replicas[0]!.insertVersion(record(venueId, cardId, 'doors', 1, 'two'));
    const [a, b] = [createFieldValueLists(replicas[0]!, { logger, nc }), createFieldValueLists(replicas[1]!, { logger, nc })];
    lists.push(a, b);
    await a.readModel.start();
    await b.readModel.start();
    expect(a.history(venueId, cardId, 'power').map((entry) => entry.value)).toEqual(['v3', 'v2', 'v1']);
    expect(
      a
        .currentValues(venueId, cardId)
        .map((value) => [value.fieldKey, value.value, value.version])
        .sort(),
    ).toEqual([
      ['doors', 'two', 1],
      ['power', 'v3', 3],
    ]);

    // Replica a saves: applied at once there, re-read by b from its event.
    const events = createFieldValueEvents(nc.jetstream(), logger, { origin: a.readModel.origin });
    const saved = await replicas[0]!.insertVersion(record(venueId, cardId, 'power', 4, 'v4'));
    expect(saved.inserted).toBe(true);
    if (saved.inserted) {
      a.readModel.upsert(saved.record);
      await events.stored(saved.record);
    }
    expect(a.currentValues(venueId, cardId).find((value) => value.fieldKey === 'power')?.value).toBe('v4');
    await waitFor(() => b.currentValues(venueId, cardId).find((value) => value.fieldKey === 'power')?.value === 'v4');
    expect(b.history(venueId, cardId, 'power').map((entry) => entry.version)).toEqual([4, 3, 2, 1]);
    expect(b.readModel.eventRereads).toBeGreaterThan(0);

    // The event carries the version: b applies it without reading the database (this one was never stored there).
    const carried = record(venueId, cardId, 'doors', 2, 'only in the event');
    await events.stored(carried);
    await waitFor(() => b.history(venueId, cardId, 'doors')[0]?.value === 'only in the event');
    expect(b.history(venueId, cardId, 'doors').map((entry) => entry.value)).toEqual(['only in the event', 'two']);
    expect(await replicas[1]!.getVersion(carried.id)).toBeNull();
    // An event without the version (an older publisher) is re-read by `_id`.
    const stored = record(venueId, cardId, 'doors', 3, 'stored only');
    await replicas[0]!.insertVersion(stored);
    await createEventPublisher(nc.jetstream(), logger).publish(SUBJECTS.venueDataUpdated, {
      venueId,
      updatedAt: stored.savedAt.toISOString(),
      versionId: stored.id,
    });
    await waitFor(() => b.history(venueId, cardId, 'doors')[0]?.value === 'stored only');
    expect(b.history(venueId, cardId, 'doors')[0]?.version).toBe(3);
    // Another venue's values are not in this one's group.
    expect(b.currentValues(randomUUID())).toEqual([]);
  });
});
