import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { VenueEventInputSchema, VenueEventListItemSchema, VenueEventSchema, VenueEventSort } from '@venuebook/contracts/venues/v1/events';
import { listEventsQuerySchema } from '@venuebook/domain';
import type { VenueEvent } from '@venuebook/domain';
import {
  eventSortFromProto,
  eventSortToProto,
  listEventsQueryToProto,
  venueEventFromProto,
  venueEventInputFromProto,
  venueEventInputToProto,
  venueEventListItemFromProto,
  venueEventListItemToProto,
  venueEventToProto,
} from './venue-events.codec.ts';

const event: VenueEvent = {
  id: '7f0c6f55-0000-4000-8000-000000000001',
  venueId: '7f0c6f55-0000-4000-8000-000000000002',
  name: 'Finals',
  eventDate: '2026-06-01',
  description: 'Game 7',
  createdBy: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('venue events codec', () => {
  it('round-trips an event; no date travels as an empty string and comes back as null', () => {
    expect(venueEventFromProto(create(VenueEventSchema, venueEventToProto(event)))).toEqual(event);
    const undated = { ...event, eventDate: null };
    expect(create(VenueEventSchema, venueEventToProto(undated)).eventDate).toBe('');
    expect(venueEventFromProto(create(VenueEventSchema, venueEventToProto(undated)))).toEqual(undated);
  });

  it('round-trips a list item with its venue', () => {
    const item = { ...event, venueName: 'Arena', venueLeagues: ['OTE' as const], venueCity: 'Springfield' };
    expect(venueEventListItemFromProto(create(VenueEventListItemSchema, venueEventListItemToProto(item)))).toEqual(item);
    expect(() => venueEventListItemFromProto(create(VenueEventListItemSchema, {}))).toThrow();
  });

  it('maps input both ways (no date: empty string) and sorts by name', () => {
    const proto = create(VenueEventInputSchema, venueEventInputToProto({ name: 'Show', eventDate: null, description: '' }));
    expect(proto.eventDate).toBe('');
    expect(venueEventInputFromProto(proto)).toEqual({ name: 'Show', eventDate: '', description: '' });
    expect(venueEventInputFromProto(undefined)).toEqual({});
    for (const sort of ['newest', 'oldest', 'a-z', 'z-a'] as const) expect(eventSortFromProto(eventSortToProto(sort))).toBe(sort);
    expect(eventSortFromProto(VenueEventSort.UNSPECIFIED)).toBeUndefined();
    expect(eventSortFromProto(42 as VenueEventSort)).toBeNull();
  });

  it('turns a parsed query into a request', () => {
    const query = listEventsQuerySchema.parse({ q: ' gala ', leagues: 'OTE,OTS', from: '2026-01-01', sort: 'z-a', page: '2' });
    expect(listEventsQueryToProto(query)).toEqual({
      query: 'gala',
      leagues: ['OTE', 'OT Select'],
      sort: VenueEventSort.Z_A,
      from: '2026-01-01',
      to: '',
      page: 2,
      pageSize: 50,
    });
  });
});
