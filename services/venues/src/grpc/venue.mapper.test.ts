import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { VenueInputSchema, VenueSchema, VenueSort } from '@venuebook/proto/venues/v1';
import type { VenueRecord } from '../domain/venue.ts';
import { sortFromProto, venueInputFromProto, venueToProto } from './venue.mapper.ts';

const record: VenueRecord = {
  id: '0b3a4c1e-8f0e-4a51-9f59-1d2c3b4a5e6f',
  name: 'Arena',
  country: 'United States',
  address: '1 Main St',
  displayCityAs: '',
  deliveryAddress: '',
  deliveryNotes: '',
  website: 'https://arena.example',
  leagues: ['OTE'],
  venueTypes: ['Arena'],
  links: [{ displayText: 'Map', url: 'https://map.example' }],
  generalNotes: '',
  contactName: 'Jane',
  contactTitle: '',
  contactPhone: '',
  contactEmail: '',
  createdBy: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  deletedAt: null,
  googleDriveFolderId: '',
  activityAt: '2026-01-03T00:00:00.000Z',
};

describe('venue mapper', () => {
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
});
