// The Audit Logs filters (user, action, table, record id, from, to): kept in the address's search params so that a
// filtered view can be shared, checked before any request, and turned into the list's filter. No React here.
import type { AuditLogFilter } from '@venuebook/sdk';
import { format } from 'date-fns';

/** The filters as the user gives them (and the address holds them): '' is no filter. */
export interface AuditLogFilterValues {
  userId: string;
  action: string;
  table: string;
  recordId: string;
  /** An RFC 3339 time (the address), or a local day or time as a date input gives it. */
  from: string;
  to: string;
}

export type AuditLogFilterField = keyof AuditLogFilterValues;

/** The search params, named as the API's query parameters; also their order in the address. */
export const AUDIT_FILTER_FIELDS: readonly AuditLogFilterField[] = ['userId', 'action', 'table', 'recordId', 'from', 'to'];

export const NO_AUDIT_FILTERS: AuditLogFilterValues = { userId: '', action: '', table: '', recordId: '', from: '', to: '' };

/**
 * Filters a screen fixes for its list (the sync page's tab: the sync-related tables): the user cannot change them.
 * `tables`: the list holds only these tables (the table filter then chooses among them).
 */
export interface AuditLogFixedFilters {
  tables?: readonly string[];
  action?: string;
  userId?: string;
  recordId?: string;
}

/** The bounds the API checks (`auditLogQuerySchema` in @venuebook/domain), so that no request is refused for them. */
const ACTION = /^[a-z][a-z0-9_]{0,39}$/;
const TABLE = /^[a-z][a-z0-9_]{0,62}$/;
const USER_ID_MAX = 100;
const RECORD_ID_MAX = 200;

/** The filters in the search params: each trimmed, unknown params ignored. */
export function parseAuditLogFilters(params: URLSearchParams): AuditLogFilterValues {
  const values = { ...NO_AUDIT_FILTERS };
  for (const field of AUDIT_FILTER_FIELDS) values[field] = (params.get(field) ?? '').trim();
  return values;
}

/**
 * `params` with the filters written in (blank ones removed), other params kept: the audit list may share the
 * address with a page's own params (a tab).
 */
export function withAuditLogFilters(params: URLSearchParams, values: AuditLogFilterValues): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = values[field].trim();
    if (value) next.set(field, value);
    else next.delete(field);
  }
  return next;
}

/** Whether any filter is given. */
export function isAuditFiltered(values: AuditLogFilterValues): boolean {
  return AUDIT_FILTER_FIELDS.some((field) => values[field].trim() !== '');
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;
/** A local day, or a local time to the minute or second: 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DDTHH:mm:ss'. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A local day or time in ms, or null when it names no real day or time (Feb 30th, 25:00). */
function localTime(value: string): number | null {
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  const real =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes &&
    date.getSeconds() === seconds;
  return real ? date.getTime() : null;
}

/**
 * A filter time in ms: an RFC 3339 time with its offset (what the address holds), or a local day or time without
 * one ('2026-03-05', '2026-03-05T09:30', as typed or given by a date input); null when it is neither.
 */
export function filterTime(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  if (RFC3339.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return localTime(value);
}

/** A filter time as the address and the API take it (RFC 3339, UTC), or '' when it is none or no time. */
export function filterTimeIso(text: string): string {
  const ms = filterTime(text);
  return ms === null ? '' : new Date(ms).toISOString();
}

/** A filter time as a `datetime-local` input shows it (the browser's time zone, to the minute); '' when none. */
export function localInputValue(text: string): string {
  const ms = filterTime(text);
  return ms === null ? '' : format(new Date(ms), "yyyy-MM-dd'T'HH:mm");
}

export type AuditLogFilterErrors = Partial<Record<AuditLogFilterField, string>>;

/**
 * What is wrong with the filters, per field, in words for the user; empty when the list can be asked for.
 * `fixed.tables`: the table filter must be one of them.
 */
export function auditFilterErrors(values: AuditLogFilterValues, fixed: AuditLogFixedFilters = {}): AuditLogFilterErrors {
  const errors: AuditLogFilterErrors = {};
  const userId = values.userId.trim();
  const action = values.action.trim();
  const table = values.table.trim();
  const recordId = values.recordId.trim();
  if (userId.length > USER_ID_MAX) errors.userId = `A user id has at most ${USER_ID_MAX} characters.`;
  if (action && !ACTION.test(action)) errors.action = 'An action is lower-case letters, digits and underscores, e.g. update (at most 40).';
  if (table && !TABLE.test(table)) errors.table = 'A table is lower-case letters, digits and underscores, e.g. venues (at most 63).';
  else if (table && fixed.tables && fixed.tables.length > 0 && !fixed.tables.includes(table)) errors.table = `This list holds only ${fixed.tables.join(', ')}.`;
  if (recordId.length > RECORD_ID_MAX) errors.recordId = `A record id has at most ${RECORD_ID_MAX} characters.`;
  const from = filterTime(values.from);
  const to = filterTime(values.to);
  if (values.from.trim() && from === null) errors.from = "'From' is not a date and time.";
  if (values.to.trim() && to === null) errors.to = "'To' is not a date and time.";
  if (from !== null && to !== null && to <= from) errors.to = "'To' must be after 'From'.";
  return errors;
}

/**
 * The list's filter for valid filter values, with the fixed filters applied over them (a fixed filter wins); null
 * when a filter is wrong (`auditFilterErrors` says why): then nothing is asked of the API.
 */
export function toAuditLogFilter(values: AuditLogFilterValues, fixed: AuditLogFixedFilters = {}): AuditLogFilter | null {
  if (Object.keys(auditFilterErrors(values, fixed)).length > 0) return null;
  const text = (fixedValue: string | undefined, value: string): string | undefined => fixedValue?.trim() || value.trim() || undefined;
  const table = values.table.trim();
  const tables = table ? [table] : fixed.tables && fixed.tables.length > 0 ? [...fixed.tables] : undefined;
  const filter: AuditLogFilter = {};
  if (tables) filter.tables = tables;
  const action = text(fixed.action, values.action);
  if (action) filter.action = action;
  const userId = text(fixed.userId, values.userId);
  if (userId) filter.userId = userId;
  const recordId = text(fixed.recordId, values.recordId);
  if (recordId) filter.recordId = recordId;
  const from = filterTimeIso(values.from);
  if (from) filter.from = from;
  const to = filterTimeIso(values.to);
  if (to) filter.to = to;
  return filter;
}

/** The filter form's values as the address keeps them: times as RFC 3339 (UTC), the rest trimmed. */
export function normalizedFilterValues(values: AuditLogFilterValues): AuditLogFilterValues {
  return {
    userId: values.userId.trim(),
    action: values.action.trim(),
    table: values.table.trim(),
    recordId: values.recordId.trim(),
    from: filterTimeIso(values.from) || values.from.trim(),
    to: filterTimeIso(values.to) || values.to.trim(),
  };
}
