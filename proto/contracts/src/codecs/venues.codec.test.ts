import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ListVenuesResponseSchema, VenueInputSchema, VenueSchema, VenueSort } from '@venuebook/contracts/venues/v1';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { venueSummaryOf } from '@venuebook/domain';
import type { Venue } from '@venuebook/domain';
import { sampleVenue, sampleVenueInput } from '@venuebook/domain/testing';
import {
  listQueryToProto,
  sortFromProto,
  sortToProto,
  venueFromProto,
  venueInputFromProto,
  venueInputToProto,
  venueSummaryFromProto,
  venueSummaryToProto,
  venueToProto,
} from './venues.codec.ts';

const record: Venue = sampleVenue({ links: [{ displayText: 'Map', url: 'https://map.example' }], contactName: 'Jane', activityAt: '2026-01-03T00:00:00.000Z' });

describe('venues codec', () => {
  it('maps an active venue to proto with an empty deletedAt', () => {
    const proto = create(VenueSchema, venueToProto(record));
    expect(proto.deletedAt).toBe('');
    expect(proto.activityAt).toBe(record.activityAt);
    expect(proto.links[0]?.url).toBe('https://map.example');
  });

  it('keeps the deletion time of a deleted venue', () => {
    expect(venueToProto({ ...record, deletedAt: '2026-02-01T00:00:00.000Z' }).deletedAt).toBe('2026-02-01T00:00:00.000Z');
  });

  it('turns proto input into a plain object for validation', () => {
    const input = create(VenueInputSchema, { name: 'Hall', leagues: ['OTX'], links: [{ displayText: 'a', url: 'b' }] });
    const plain = venueInputFromProto(input);
    expect(plain).toMatchObject({ name: 'Hall', country: '', leagues: ['OTX'], links: [{ displayText: 'a', url: 'b' }] });
    expect(plain).not.toHaveProperty('$typeName');
    expect(venueInputFromProto(undefined)).toEqual({});
  });

  it('maps sorts, with UNSPECIFIED as the default and unknown numbers rejected', () => {
    expect(sortFromProto(VenueSort.UNSPECIFIED)).toBeUndefined();
    expect(sortFromProto(VenueSort.NEWEST)).toBe('newest');
    expect(sortFromProto(VenueSort.UPDATED)).toBe('updated');
    expect(sortFromProto(VenueSort.NAME)).toBe('name');
    expect(sortFromProto(42 as VenueSort)).toBeNull();
  });

  it('round-trips a venue through proto, active and deleted', () => {
    expect(venueFromProto(create(VenueSchema, venueToProto(record)))).toEqual(record);
    const deleted = { ...record, deletedAt: '2026-02-01T00:00:00.000Z' };
    expect(venueFromProto(create(VenueSchema, venueToProto(deleted)))).toEqual(deleted);
  });

  it('round-trips a list page of venue summaries through the wire', () => {
    const summary = venueSummaryOf(record);
    const bytes = toBinary(
      ListVenuesResponseSchema,
      create(ListVenuesResponseSchema, { venues: [venueSummaryToProto(summary)], total: 1, page: 1, pageSize: 50 }),
    );
    const decoded = fromBinary(ListVenuesResponseSchema, bytes);
    expect(decoded.venues.map(venueSummaryFromProto)).toEqual([summary]);
    expect(decoded.venues[0]).not.toHaveProperty('generalNotes');
  });

  it('maps validated input and list queries to proto', () => {
    const input = sampleVenueInput({ leagues: ['OTX'], venueTypes: ['Arena'], links: [{ displayText: 'Map', url: 'https://map.example' }] });
    const proto = create(VenueInputSchema, venueInputToProto(input));
    expect(venueInputFromProto(proto)).toEqual(input);
    expect(listQueryToProto({ q: 'arena', leagues: ['OTE', 'OT Select'], sort: 'name', page: 3, pageSize: 20 })).toEqual({
      query: 'arena',
      leagues: ['OTE', 'OT Select'],
      sort: VenueSort.NAME,
      page: 3,
      pageSize: 20,
    });
    for (const sort of ['newest', 'updated', 'name'] as const) expect(sortFromProto(sortToProto(sort))).toBe(sort);
  });
});
