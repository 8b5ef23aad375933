import { describe, expect, it } from 'vitest';
import { listEventsQuerySchema, toFieldErrors, venueEventInputSchema } from '../index.ts';

describe('event input (spec §5: name required and trimmed, date and description optional)', () => {
  it('trims the name and turns an empty or missing date into null', () => {
    expect(venueEventInputSchema.parse({ name: '  Gala  ' })).toEqual({ name: 'Gala', eventDate: null, description: '' });
    expect(venueEventInputSchema.parse({ name: 'Gala', eventDate: '', description: ' kept ' })).toEqual({
      name: 'Gala',
      eventDate: null,
      description: ' kept ',
    });
    expect(venueEventInputSchema.parse({ name: 'Gala', eventDate: null }).eventDate).toBeNull();
    expect(venueEventInputSchema.parse({ name: 'Gala', eventDate: '2024-02-29' }).eventDate).toBe('2024-02-29');
  });

  it("says 'Event name is required' for a missing or blank name and 'Invalid date' for a day that does not exist", () => {
    const errors = (input: unknown) => {
      const result = venueEventInputSchema.safeParse(input);
      return result.success ? [] : toFieldErrors(result.error);
    };
    expect(errors({})).toEqual([{ field: 'name', message: 'Event name is required' }]);
    expect(errors({ name: ' \t\n' })).toEqual([{ field: 'name', message: 'Event name is required' }]);
    for (const eventDate of ['2025-02-29', '2026-04-31', '2026-00-10', '26-01-01', '2026-01-01T00:00:00Z', ' 2026-01-01']) {
      expect(errors({ name: 'Gala', eventDate }), eventDate).toEqual([{ field: 'eventDate', message: 'Invalid date' }]);
    }
  });

  it('parses what it parsed to the same value (the service re-validates what the gateway sent)', () => {
    const once = venueEventInputSchema.parse({ name: ' Gala ', eventDate: '2026-05-05', description: 'x' });
    expect(venueEventInputSchema.parse(once)).toEqual(once);
  });
});

describe('all-events query', () => {
  it('applies defaults and accepts league labels', () => {
    expect(listEventsQuerySchema.parse({})).toEqual({ q: undefined, leagues: [], from: undefined, to: undefined, sort: 'newest', page: 1, pageSize: 50 });
    expect(listEventsQuerySchema.parse({ leagues: 'ots', from: '', to: '2026-12-31' })).toMatchObject({
      leagues: ['OT Select'],
      from: undefined,
      to: '2026-12-31',
    });
  });

  it('refuses an unknown sort and impossible dates', () => {
    expect(listEventsQuerySchema.safeParse({ sort: 'soonest' }).success).toBe(false);
    expect(listEventsQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
  });
});
