// Test data of the venue contract, shared by the tests of every package, and the demo venues that the launcher seeds.
import type { Venue, VenueInputParsed } from '../index.ts';

export { seededRandom } from './random.ts';
export { DEMO_VENUES } from './demo-venues.ts';
export type { DemoVenue } from './demo-venues.ts';

/** A stored, active venue with every field set; override what a test cares about. */
export function sampleVenue(overrides: Partial<Venue> = {}): Venue {
  return {
    id: '0b6d4c1e-2f7a-4c5e-9d3a-1a2b3c4d5e6f',
    name: 'Red Rocks Amphitheatre',
    country: 'United States',
    address: '18300 W Alameda Pkwy\nMorrison, CO 80465',
    displayCityAs: '',
    deliveryAddress: '',
    deliveryNotes: '',
    website: 'https://redrocksonline.com',
    leagues: ['OT Select'],
    venueTypes: ['Amphitheater'],
    links: [],
    generalNotes: '',
    contactName: '',
    contactTitle: '',
    contactPhone: '',
    contactEmail: '',
    createdBy: 'u1',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    deletedAt: null,
    googleDriveFolderId: '',
    activityAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/** Venue input after validation (every field present, defaults applied). */
export function sampleVenueInput(overrides: Partial<VenueInputParsed> = {}): VenueInputParsed {
  return {
    name: 'Hall',
    country: 'United States',
    address: '',
    displayCityAs: '',
    deliveryAddress: '',
    deliveryNotes: '',
    website: '',
    leagues: [],
    venueTypes: [],
    links: [],
    generalNotes: '',
    contactName: '',
    contactTitle: '',
    contactPhone: '',
    contactEmail: '',
    ...overrides,
  };
}
