import { create, toBinary } from '@bufbuild/protobuf';
import { auditEntryToProto } from '@venuebook/contracts/codecs/admin';
import type { StoredAuditEntry } from '@venuebook/contracts/codecs/admin';
import { AUDIT_PAGE_SIZE_MAX } from '@venuebook/domain';
import { DEFAULT_MAX_MESSAGE_BYTES } from '@venuebook/grpc';
import { AuditLogEntrySchema, ListAuditLogsResponseSchema } from '@venuebook/contracts/identity/v1';
import { describe, expect, it } from 'vitest';
import { AUDIT_VALUES_MAX_WIRE_BYTES, boundAuditEntry, boundAuditValues, fitAuditEntry } from './audit-entry.ts';

const wire = (entry: StoredAuditEntry): number => toBinary(AuditLogEntrySchema, create(AuditLogEntrySchema, auditEntryToProto(entry))).length;
const zeros = (n: number) => Array.from({ length: n }, () => 0);

/** Values shaped to be as large as possible on the wire for their JSON size (numbers, empty containers, many keys, long strings). */
const adversarial: Record<string, unknown>[] = [
  { grid: Array.from({ length: 50 }, () => zeros(50)) },
  Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, 0])),
  Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, {}])),
  Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, Array.from({ length: 50 }, () => [[0, 0, 0, 0]])])),
  { notes: '\u{1F600}'.repeat(600_000), more: 'é'.repeat(600_000) },
  { a: { b: { c: { d: zeros(5000) } } } },
];

const worstEntry = (values: Record<string, unknown>, i = 0): StoredAuditEntry => ({
  id: '00000000-0000-4000-8000-000000000000',
  userId: 'u'.repeat(100_000),
  userEmail: `${'e'.repeat(100_000)}@example.com`,
  action: 'a'.repeat(40),
  tableName: 't'.repeat(63),
  recordId: 'r'.repeat(100_000 + i),
  oldValues: values,
  newValues: values,
  createdAt: new Date('2100-01-01T00:00:00Z'),
  service: 's'.repeat(40),
});

describe('boundAuditValues', () => {
  it('keeps every side within AUDIT_VALUES_MAX_WIRE_BYTES on the wire, whatever its shape', () => {
    for (const values of adversarial) {
      const bounded = boundAuditValues(values)!;
      const size = toBinary(
        AuditLogEntrySchema,
        create(
          AuditLogEntrySchema,
          auditEntryToProto({ ...worstEntry({}), userId: null, userEmail: null, recordId: null, oldValues: bounded, newValues: null }),
        ),
      ).length;
      expect(size, JSON.stringify(values).slice(0, 40)).toBeLessThanOrEqual(AUDIT_VALUES_MAX_WIRE_BYTES + 200);
    }
  });

  it('redacts secrets and leaves ordinary values alone', () => {
    expect(boundAuditValues({ name: 'Arena', passwordHash: 'scrypt$…', n: 3 })).toEqual({ name: 'Arena', passwordHash: '[redacted]', n: 3 });
    expect(boundAuditValues(null)).toBeNull();
  });
});

describe('boundAuditEntry', () => {
  it('clips ids and address, dates a future event at its receipt, and is idempotent', () => {
    const receivedAt = new Date('2030-01-01T00:00:00Z');
    const bounded = boundAuditEntry(worstEntry(adversarial[0]!), receivedAt);
    expect([bounded.userId?.length, bounded.userEmail?.length, bounded.recordId?.length]).toEqual([100, 254, 200]);
    expect(bounded.createdAt).toEqual(receivedAt);
    expect(boundAuditEntry(bounded, receivedAt)).toEqual(bounded);
    const past = new Date('2020-01-01T00:00:00Z');
    expect(boundAuditEntry({ ...bounded, createdAt: past }, receivedAt).createdAt).toEqual(past);
  });

  it(`makes a page of ${AUDIT_PAGE_SIZE_MAX} of the largest entries fit the default gRPC message limit`, () => {
    const page = (entries: StoredAuditEntry[]) =>
      toBinary(
        ListAuditLogsResponseSchema,
        create(ListAuditLogsResponseSchema, { entries: entries.map(auditEntryToProto), total: 2 ** 31 - 1, page: 1_000_000, pageSize: AUDIT_PAGE_SIZE_MAX }),
      ).length;
    for (const values of adversarial) {
      // As stored on receipt, then served.
      const stored = boundAuditEntry(worstEntry(values), new Date());
      const served = Array.from({ length: AUDIT_PAGE_SIZE_MAX }, () => fitAuditEntry(stored));
      expect(page(served), JSON.stringify(values).slice(0, 40)).toBeLessThan(DEFAULT_MAX_MESSAGE_BYTES);
      // A row stored before entries were bounded on receipt is made to fit as it is served.
      const legacy = fitAuditEntry(worstEntry(values));
      expect(page(Array.from({ length: AUDIT_PAGE_SIZE_MAX }, () => legacy)), JSON.stringify(values).slice(0, 40)).toBeLessThan(DEFAULT_MAX_MESSAGE_BYTES);
    }
    // Unbounded, the same page would not fit.
    expect(wire(worstEntry(adversarial[0]!)) * AUDIT_PAGE_SIZE_MAX).toBeGreaterThan(DEFAULT_MAX_MESSAGE_BYTES);
  });
});
