import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor } from '@venuebook/contracts/events';
import type { Logger } from 'pino';
import { createEventPublisher } from './domain-events.ts';
import type { JetStreamClient } from './nats.ts';

/** A mutation to put in the audit log (spec §3 audit_logs). Values are plain objects of the record's fields. */
export interface AuditChange {
  /** Lower snake case: create, update, delete, role_change, … */
  action: string;
  /** The table (collection) changed, e.g. venues, users, admin_settings. */
  table: string;
  recordId?: string | null;
  oldValues?: object | null;
  newValues?: object | null;
}

/** Who made the change: a caller of a gRPC method (the signed user context), or nothing for the system. */
export interface AuditContext {
  actor?: Actor;
  requestId?: string;
}

export interface AuditRecorder {
  /**
   * Publishes `venuebook.audit.entry.recorded.v1` (identity stores it, once per event id). Values go through
   * `auditValues` (secrets redacted, long values cut). Like every domain event it never throws: the change
   * has already happened, so a failed publish is logged. Resolves with the event id, or null.
   */
  record(change: AuditChange, context?: AuditContext): Promise<string | null>;
  /** An update: only the fields whose values differ are recorded (nothing is published when none do). */
  recordUpdate(change: Omit<AuditChange, 'oldValues' | 'newValues'> & { before: object; after: object }, context?: AuditContext): Promise<string | null>;
}

/** The audit context of a gRPC caller (`requireUser(call)` / `requirePermission(call, …)`). */
export function auditContextOf(caller: { userId: string; email: string; requestId?: string }): AuditContext {
  return { ...(caller.userId ? { actor: { userId: caller.userId, email: caller.email } } : {}), ...(caller.requestId ? { requestId: caller.requestId } : {}) };
}

/** Field names whose values never reach the audit log (password hashes, tokens, keys, nonces). */
export const AUDIT_SECRET_KEY = /pass(word)?|token|secret|nonce|hash|api_?key|credential/i;
export const AUDIT_REDACTED = '[redacted]';
/** Longest string kept whole (a venue's notes may be 100,000 characters). */
export const AUDIT_MAX_STRING = 1000;
/** Most array items kept. */
export const AUDIT_MAX_ITEMS = 50;
/** Largest JSON of one side (old or new values): a page of 100 entries stays far below gRPC's 4 MiB. */
export const AUDIT_MAX_JSON_BYTES = 8 * 1024;

/** A string this module cut before, and the note it appended to a cut array: kept as they are (idempotence). */
const CUT_STRING = new RegExp(`^[\\s\\S]{${AUDIT_MAX_STRING}}… \\(\\d{1,15} characters\\)$`);
const CUT_ITEMS = /^… \(\d{1,15} items\)$/;

function boundValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    if (value.length <= AUDIT_MAX_STRING || (value.length <= AUDIT_MAX_STRING + 30 && CUT_STRING.test(value))) return value;
    return `${value.slice(0, AUDIT_MAX_STRING)}… (${value.length} characters)`;
  }
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, AUDIT_MAX_ITEMS).map((item) => boundValue(item, depth + 1));
    if (value.length <= AUDIT_MAX_ITEMS) return items;
    const last: unknown = value[AUDIT_MAX_ITEMS];
    const alreadyCut = value.length === AUDIT_MAX_ITEMS + 1 && typeof last === 'string' && CUT_ITEMS.test(last);
    return [...items, alreadyCut ? last : `… (${value.length} items)`];
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || key === '_id' || key === '__v') continue;
      out[key] = AUDIT_SECRET_KEY.test(key) ? AUDIT_REDACTED : boundValue(item, depth + 1);
    }
    return out;
  }
  return undefined;
}

/**
 * The values of a record as the audit log keeps them: plain JSON (dates as RFC 3339), secrets redacted,
 * strings over AUDIT_MAX_STRING and arrays over AUDIT_MAX_ITEMS cut with a note; when the whole still
 * exceeds AUDIT_MAX_JSON_BYTES, the longest fields are cut further until it fits (`…` notes what was cut).
 * Idempotent: identity applies it again to every event it receives (a publisher need not be the kit).
 */
export function auditValues(values: object | null | undefined): Record<string, unknown> | null {
  if (values === null || values === undefined) return null;
  const bounded = boundValue(values, 0) as Record<string, unknown>;
  const size = (v: unknown): number => new TextEncoder().encode(JSON.stringify(v)).length;
  let total = size(bounded);
  if (total <= AUDIT_MAX_JSON_BYTES) return bounded;
  // Cut the largest fields first until it fits. Each field's size is measured once and the total kept by
  // difference (replacing a value changes the JSON by exactly the difference of the two values), so that a
  // value with very many fields (e.g. a forged event) costs linear time, not quadratic.
  const fields = Object.keys(bounded)
    .map((key) => ({ key, size: size(bounded[key]) }))
    .sort((a, b) => b.size - a.size);
  for (const field of fields) {
    const note = `… (${field.size} bytes)`;
    bounded[field.key] = note;
    total += size(note) - field.size;
    if (total <= AUDIT_MAX_JSON_BYTES) return bounded;
  }
  return { truncated: `… (${fields.length} fields)` };
}

/** The fields of `before` and `after` whose (bounded) values differ, as the old and the new values. */
export function changedValues(before: object, after: object): { oldValues: Record<string, unknown>; newValues: Record<string, unknown> } {
  const b = (boundValue(before, 0) ?? {}) as Record<string, unknown>;
  const a = (boundValue(after, 0) ?? {}) as Record<string, unknown>;
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (key === 'updatedAt' || JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
    if (key in b) oldValues[key] = b[key];
    if (key in a) newValues[key] = a[key];
  }
  return { oldValues, newValues };
}

/**
 * The one way every service writes the audit log: `audit.record({ action: 'create', table: 'venues',
 * recordId, newValues }, auditContextOf(caller))` after the change is stored. `startDomainService` builds it
 * for each service (its `audit` in the handlers' context) and ensures the audit stream.
 */
export function createAuditRecorder(js: JetStreamClient, logger: Logger, options: { service: string; publishTimeoutMs?: number }): AuditRecorder {
  const events = createEventPublisher(js, logger, options.publishTimeoutMs === undefined ? {} : { publishTimeoutMs: options.publishTimeoutMs });
  const record: AuditRecorder['record'] = (change, context = {}) =>
    events.publish(
      SUBJECTS.auditRecorded,
      {
        service: options.service,
        action: change.action,
        table: change.table,
        recordId: change.recordId ?? null,
        oldValues: auditValues(change.oldValues),
        newValues: auditValues(change.newValues),
      },
      context,
    );
  return {
    record,
    async recordUpdate({ before, after, ...change }, context) {
      const { oldValues, newValues } = changedValues(before, after);
      if (Object.keys(oldValues).length === 0 && Object.keys(newValues).length === 0) return null;
      return record({ ...change, oldValues, newValues }, context);
    },
  };
}
