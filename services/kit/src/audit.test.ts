import { describe, expect, it } from 'vitest';
import { AUDIT_MAX_JSON_BYTES, AUDIT_REDACTED, auditContextOf, auditValues, changedValues } from './audit.ts';

describe('audit values', () => {
  it('keeps plain JSON: dates as RFC 3339, no undefined, _id and __v dropped', () => {
    expect(auditValues({ _id: 'x', __v: 0, name: 'Arena', at: new Date('2024-01-02T03:04:05Z'), gone: undefined, n: 1, ok: true, none: null })).toEqual({
      name: 'Arena',
      at: '2024-01-02T03:04:05.000Z',
      n: 1,
      ok: true,
      none: null,
    });
    expect(auditValues(null)).toBeNull();
    expect(auditValues(undefined)).toBeNull();
  });

  it('never keeps secrets, at any depth', () => {
    const values = auditValues({ passwordHash: 'scrypt$…', refresh_token: 't', nested: { apiKey: 'k', confirmationNonce: 'n', email: 'a@example.com' } });
    expect(values).toEqual({
      passwordHash: AUDIT_REDACTED,
      refresh_token: AUDIT_REDACTED,
      nested: { apiKey: AUDIT_REDACTED, confirmationNonce: AUDIT_REDACTED, email: 'a@example.com' },
    });
  });

  it('cuts long strings and arrays, and keeps one side under AUDIT_MAX_JSON_BYTES', () => {
    const values = auditValues({
      notes: 'x'.repeat(100_000),
      links: Array.from({ length: 100 }, (_, i) => ({ url: `https://example.com/${i}`, text: 'y'.repeat(900) })),
    });
    expect(String(values?.notes)).toMatch(/^x{1000}… \(100000 characters\)$/);
    expect(new TextEncoder().encode(JSON.stringify(values)).length).toBeLessThanOrEqual(AUDIT_MAX_JSON_BYTES);
    expect(String(values?.links)).toMatch(/^… \(\d+ bytes\)$/);
  });

  it('is idempotent: values bounded once come through again unchanged (identity re-applies it to what it receives)', () => {
    const once = auditValues({
      notes: 'x'.repeat(100_000),
      tags: Array.from({ length: 80 }, (_, i) => `tag-${i}`),
      nested: { a: { b: { c: { d: { e: 1 } } } } },
      links: Array.from({ length: 100 }, (_, i) => ({ url: `https://example.com/${i}`, text: 'y'.repeat(900) })),
      password: 'secret',
    });
    expect(auditValues(once)).toEqual(once);
    const small = auditValues({ notes: 'z'.repeat(5000), tags: Array.from({ length: 60 }, (_, i) => i) });
    expect(small?.tags).toHaveLength(51);
    expect(auditValues(small)).toEqual(small);
  });

  it('bounds a value of very many fields in linear time (a forged event of 100,000 fields)', () => {
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`field_${i}`, 'v'.repeat(8)]));
    const values = auditValues(many);
    expect(values).toEqual({ truncated: '… (100000 fields)' });
    const some = auditValues(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`f${i}`, i % 100 === 0 ? 'w'.repeat(900) : 1])));
    expect(new TextEncoder().encode(JSON.stringify(some)).length).toBeLessThanOrEqual(AUDIT_MAX_JSON_BYTES);
  });

  it('records only the fields an update changed', () => {
    expect(
      changedValues({ name: 'A', city: 'X', updatedAt: new Date(1) }, { name: 'B', city: 'X', updatedAt: new Date(2), website: 'https://b.example.com' }),
    ).toEqual({
      oldValues: { name: 'A' },
      newValues: { name: 'B', website: 'https://b.example.com' },
    });
  });

  it('takes who from the caller; no user = the system', () => {
    expect(auditContextOf({ userId: 'u', email: 'u@example.com', requestId: 'r' })).toEqual({ actor: { userId: 'u', email: 'u@example.com' }, requestId: 'r' });
    expect(auditContextOf({ userId: '', email: '' })).toEqual({});
  });
});
