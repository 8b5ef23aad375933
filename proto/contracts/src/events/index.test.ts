import { describe, expect, it } from 'vitest';
import {
  EPHEMERAL_SUBJECTS,
  EVENT_PAYLOADS,
  STREAMS,
  STREAM_LIST,
  SUBJECTS,
  createEnvelope,
  decodeEnvelope,
  dlqSubject,
  encodeEnvelope,
  parseEnvelope,
  streamForSubject,
  subject,
  subjectMatches,
} from './index.ts';

describe('subjects', () => {
  it('builds venuebook.<domain>.<entity>.<verb>.v1', () => {
    expect(subject('venues', 'venue', 'created')).toBe('venuebook.venues.venue.created.v1');
    expect(SUBJECTS.userFirstLogin).toBe('venuebook.identity.user.first_login.v1');
  });
  it('rejects tokens that would break the subject hierarchy', () => {
    expect(() => subject('venues', 'venue.x', 'created')).toThrow();
    expect(() => subject('venues', '*', 'created')).toThrow();
    expect(() => subject('', 'venue', 'created')).toThrow();
  });
  it('maps dead letters under venuebook.dlq', () => {
    expect(dlqSubject(SUBJECTS.venueCreated)).toBe('venuebook.dlq.venues.venue.created.v1');
  });
});

describe('streams', () => {
  it('defines unique stream names and non-overlapping subjects', () => {
    expect(new Set(STREAM_LIST.map((s) => s.name)).size).toBe(STREAM_LIST.length);
    expect(STREAMS.venues).toMatchObject({ name: 'VENUEBOOK_VENUES', subjects: ['venuebook.venues.>'] });
    expect(STREAMS.dlq).toMatchObject({ name: 'VENUEBOOK_DLQ', subjects: ['venuebook.dlq.>'] });
  });
  it('routes every known subject to exactly one stream (ephemeral ones to none)', () => {
    for (const subj of Object.values(SUBJECTS)) {
      const matching = STREAM_LIST.filter((s) => s.subjects.some((p) => subjectMatches(p, subj)));
      expect(matching, subj).toHaveLength(EPHEMERAL_SUBJECTS.has(subj) ? 0 : 1);
    }
    expect(streamForSubject(SUBJECTS.venueCreated)?.name).toBe('VENUEBOOK_VENUES');
    expect(streamForSubject(SUBJECTS.userFirstLogin)?.name).toBe('VENUEBOOK_IDENTITY');
    expect(streamForSubject(dlqSubject(SUBJECTS.venueCreated))?.name).toBe('VENUEBOOK_DLQ');
    expect(streamForSubject('other.thing')).toBeUndefined();
  });
  it('implements NATS wildcards', () => {
    expect(subjectMatches('a.>', 'a')).toBe(false);
    expect(subjectMatches('a.>', 'a.b.c')).toBe(true);
    expect(subjectMatches('a.*.c', 'a.b.c')).toBe(true);
    expect(subjectMatches('a.*', 'a.b.c')).toBe(false);
  });
  it('has a payload schema for every subject', () => {
    expect(Object.keys(EVENT_PAYLOADS).sort()).toEqual(Object.values(SUBJECTS).sort());
  });
});

describe('envelopes', () => {
  it('creates, encodes and parses a venue-created event', () => {
    const env = createEnvelope(
      SUBJECTS.venueCreated,
      { venueId: 'v1', name: 'Arena', leagues: ['OTE', 'OT Select'] },
      { actor: { userId: 'u1', email: 'a@example.com' } },
    );
    expect(env.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(env.subject).toBe('venuebook.venues.venue.created.v1');
    expect(Number.isNaN(Date.parse(env.occurredAt))).toBe(false);
    const back = parseEnvelope(SUBJECTS.venueCreated, decodeEnvelope(encodeEnvelope(env)));
    expect(back).toEqual(env);
  });
  it('rejects an invalid payload', () => {
    expect(() => createEnvelope(SUBJECTS.venueCreated, { venueId: 'v1', name: 'Arena', leagues: ['NFL' as 'OTE'] })).toThrow();
    const env = createEnvelope(SUBJECTS.userFirstLogin, { userId: 'u', email: 'e@x.io', at: new Date().toISOString() });
    expect(() => parseEnvelope(SUBJECTS.userFirstLogin, { ...env, data: { userId: 'u' } })).toThrow();
  });
  it('rejects a mismatched subject or a non-uuid id', () => {
    const env = createEnvelope(SUBJECTS.venueDeleted, { venueId: 'v', name: 'n' });
    expect(() => parseEnvelope(SUBJECTS.venueRestored, env)).toThrow(/Unexpected subject/);
    expect(() => parseEnvelope(SUBJECTS.venueDeleted, { ...env, id: 'nope' })).toThrow();
  });
});
