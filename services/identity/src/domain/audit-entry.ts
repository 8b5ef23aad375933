// What identity keeps of an audit event, whoever published it. The kit's recorder bounds and redacts values
// before publishing, but anything that can publish on the audit subject reaches the consumer: so every event
// is bounded again on receipt (and every entry is checked against the size bounds when a page is served, for
// rows stored before), such that a page of the most entries (AUDIT_PAGE_SIZE_MAX) always fits the default gRPC message limit.
import { fromJson, toBinary } from '@bufbuild/protobuf';
import type { JsonObject } from '@bufbuild/protobuf';
import { StructSchema } from '@bufbuild/protobuf/wkt';
import type { StoredAuditEntry } from '@venuebook/contracts/codecs/admin';
import { auditValues } from '@venuebook/service-kit';

/**
 * Largest protobuf size of one side (old or new values, a google.protobuf.Struct). The kit's bound is on the
 * JSON (8 KiB), but a Struct can be several times larger than its JSON (each number is 8 bytes plus framing):
 * this one is what the page's size depends on.
 */
export const AUDIT_VALUES_MAX_WIRE_BYTES = 12 * 1024;
/** Longest user id kept (the longest the audit log's filter accepts). */
export const AUDIT_USER_ID_MAX = 100;
/** Longest e-mail address kept (RFC 5321's path limit). */
export const AUDIT_EMAIL_MAX = 254;
/** Longest record id kept (as the event schema allows). */
export const AUDIT_RECORD_ID_MAX = 200;

const wireSize = (values: Record<string, unknown>): number => toBinary(StructSchema, fromJson(StructSchema, values as JsonObject)).length;

/**
 * `values` within AUDIT_VALUES_MAX_WIRE_BYTES on the wire: a Struct's size is the sum of its fields' entries,
 * so the largest fields are replaced by a note (`… (N bytes)`) until it fits.
 */
function fitWire(values: Record<string, unknown>): Record<string, unknown> {
  if (wireSize(values) <= AUDIT_VALUES_MAX_WIRE_BYTES) return values;
  const sizes = Object.keys(values).map((key) => ({ key, size: wireSize({ [key]: values[key] }) }));
  let total = sizes.reduce((sum, field) => sum + field.size, 0);
  if (total <= AUDIT_VALUES_MAX_WIRE_BYTES) return values;
  const out = { ...values };
  for (const { key, size } of sizes.sort((a, b) => b.size - a.size)) {
    const note = `… (${size} bytes)`;
    out[key] = note;
    total += wireSize({ [key]: note }) - size;
    if (total <= AUDIT_VALUES_MAX_WIRE_BYTES) return out;
  }
  return { truncated: `… (${sizes.length} fields)` };
}

/** Values as the audit log keeps them: the kit's `auditValues` (secrets redacted, long values cut), then the wire bound. */
export function boundAuditValues(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  const bounded = auditValues(values);
  return bounded ? fitWire(bounded) : null;
}

const clip = (value: string | null, max: number): string | null => (value !== null && value.length > max ? value.slice(0, max) : value);

/**
 * An entry as stored: values bounded (boundAuditValues), ids and address clipped to their maxima, and its
 * time (the publisher's occurredAt) never later than `notAfter` (when identity received it): an event dated in
 * the future cannot pin itself to the top of the newest-first log. Idempotent.
 */
export function boundAuditEntry(entry: StoredAuditEntry, notAfter: Date): StoredAuditEntry {
  return {
    ...fitAuditEntry(entry),
    oldValues: boundAuditValues(entry.oldValues),
    newValues: boundAuditValues(entry.newValues),
    createdAt: entry.createdAt.getTime() > notAfter.getTime() ? notAfter : entry.createdAt,
  };
}

/**
 * An entry as served: within the same size bounds (ids clipped, each side within AUDIT_VALUES_MAX_WIRE_BYTES),
 * cheaply — one encoding per side for an entry stored bounded — so that rows stored before entries were
 * bounded on receipt cannot make a page too large either.
 */
export function fitAuditEntry(entry: StoredAuditEntry): StoredAuditEntry {
  return {
    ...entry,
    userId: clip(entry.userId, AUDIT_USER_ID_MAX),
    userEmail: clip(entry.userEmail, AUDIT_EMAIL_MAX),
    recordId: clip(entry.recordId, AUDIT_RECORD_ID_MAX),
    oldValues: entry.oldValues ? fitWire(entry.oldValues) : null,
    newValues: entry.newValues ? fitWire(entry.newValues) : null,
  };
}
