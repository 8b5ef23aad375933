import { describe, expect, it } from 'vitest';
import {
  canSubmitEvent,
  DEFAULT_EVENTS_QUERY,
  eventFailedText,
  eventToFormValues,
  formatDisplayDate,
  isEventsFiltered,
  isRangeReversed,
  parseEventsQuery,
  serializeEventsQuery,
  toEventListFilter,
} from './event-rules.ts';
import { DELETED_VENUE_TEXT } from '../deleted-venues/deleted-venue-text.ts';

describe('formatDisplayDate (spec §9 MMM d, yyyy)', () => {
  it('shows a calendar day as that day', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDisplayDate('2024-12-31')).toBe('Dec 31, 2024');
  });
  it('shows an ISO time in the browser zone', () => {
    expect(formatDisplayDate('2026-07-04T12:00:00.000Z')).toMatch(/^Jul [45], 2026$/);
  });
  it('gives nothing for no date and the text for a non-date', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate('soon')).toBe('soon');
  });
});

describe('event form', () => {
  it('needs a name with more than white space (spec §5)', () => {
    expect(canSubmitEvent('')).toBe(false);
    expect(canSubmitEvent('   ')).toBe(false);
    expect(canSubmitEvent(undefined)).toBe(false);
    expect(canSubmitEvent(' Finals ')).toBe(true);
  });
  it('starts an edit from the stored event, no date as empty', () => {
    const event = { id: 'e', venueId: 'v', name: 'Finals', eventDate: null, description: 'd', createdBy: 'u', createdAt: '', updatedAt: '' };
    expect(eventToFormValues(event)).toEqual({ name: 'Finals', eventDate: '', description: 'd' });
    expect(eventToFormValues({ ...event, eventDate: '2026-01-02' }).eventDate).toBe('2026-01-02');
  });
  it('names the failed write in the §8 text', () => {
    expect(eventFailedText('create', 'Event name is required')).toBe('Failed to create event: Event name is required');
    expect(eventFailedText('update', 'Network error')).toBe('Failed to update event: Network error');
    expect(eventFailedText('delete', undefined)).toBe('Failed to delete event: Unknown error');
  });
});

describe('all-events query in the URL', () => {
  it('round-trips a full state and leaves defaults out', () => {
    const query = { q: 'finals', sort: 'a-z' as const, leagues: ['OTX' as const, 'OTE' as const], from: '2026-01-01', to: '2026-12-31' };
    const params = serializeEventsQuery(query);
    expect(params.toString()).toBe('q=finals&sort=a-z&leagues=OTE%2COTX&from=2026-01-01&to=2026-12-31');
    expect(parseEventsQuery(params)).toEqual({ ...query, leagues: ['OTE', 'OTX'] });
    expect(serializeEventsQuery(DEFAULT_EVENTS_QUERY).toString()).toBe('');
  });
  it('drops unknown sorts, leagues and impossible dates', () => {
    expect(parseEventsQuery(new URLSearchParams('sort=best&leagues=NBA,OTS&from=2026-02-30&to=tomorrow'))).toEqual({
      ...DEFAULT_EVENTS_QUERY,
      leagues: ['OT Select'],
    });
  });
  it('knows when it is filtered and when the range is reversed', () => {
    expect(isEventsFiltered(DEFAULT_EVENTS_QUERY)).toBe(false);
    expect(isEventsFiltered({ ...DEFAULT_EVENTS_QUERY, sort: 'z-a' })).toBe(false);
    expect(isEventsFiltered({ ...DEFAULT_EVENTS_QUERY, to: '2026-01-01' })).toBe(true);
    expect(isRangeReversed({ from: '2026-02-01', to: '2026-01-01' })).toBe(true);
    expect(isRangeReversed({ from: '2026-01-01', to: '2026-01-01' })).toBe(false);
    expect(isRangeReversed({ from: '2026-01-01', to: '' })).toBe(false);
  });
  it('sends only what narrows the list', () => {
    expect(toEventListFilter({ ...DEFAULT_EVENTS_QUERY, q: '  ' }, 50)).toEqual({ sort: 'newest', pageSize: 50 });
    expect(toEventListFilter({ q: ' gala ', sort: 'oldest', leagues: ['OT7'], from: '2026-01-01', to: '' })).toEqual({
      q: 'gala',
      sort: 'oldest',
      leagues: ['OT7'],
      from: '2026-01-01',
    });
  });
});

describe('deleted venues texts (spec §8)', () => {
  it('quotes the venue name', () => {
    expect(DELETED_VENUE_TEXT.restored('Red Rocks')).toBe('"Red Rocks" restored successfully');
    expect(DELETED_VENUE_TEXT.purged('Red Rocks')).toBe('"Red Rocks" permanently deleted');
  });
});
