import { venueInputSchema, type Venue } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import {
  canSave,
  duplicateCheckFailedText,
  duplicateDialogTitle,
  emptyVenueForm,
  pathAfterCreate,
  phoneAsTyped,
  similarityPercent,
  toggled,
  updateFailedText,
  venueToFormValues,
  venueUpdateBody,
} from './venue-form-rules.ts';

/** A stored venue with every field set (the proto test fixtures are server code, out of reach of browser code). */
function sampleVenue(overrides: Partial<Venue> = {}): Venue {
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
    contactName: 'Ann',
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

describe('venue form values', () => {
  it('starts the add form empty with the country United States, and the schema accepts it once named', () => {
    const values = emptyVenueForm();
    expect(values.country).toBe('United States');
    expect(venueInputSchema.safeParse(values).success).toBe(false);
    expect(venueInputSchema.parse({ ...values, name: ' Red Rocks ' })).toMatchObject({ name: 'Red Rocks', country: 'United States', links: [] });
  });

  it('starts the edit form from a venue: stored phones with ( or + unchanged, others formatted, hidden details empty', () => {
    const venue = sampleVenue({ contactPhone: '3035551234', contactEmail: null });
    const values = venueToFormValues(venue);
    expect(values.contactPhone).toBe('(303) 555-1234');
    expect(values.contactEmail).toBe('');
    expect(venueToFormValues({ ...venue, contactPhone: '+44 20 7946 0958' }).contactPhone).toBe('+44 20 7946 0958');
    expect(venueToFormValues({ ...venue, contactPhone: '(303)5551234' }).contactPhone).toBe('(303)5551234');
  });

  it('sends the whole venue on update: the form fields plus the links it does not edit', () => {
    const links = [{ displayText: 'Site map', url: 'https://example.com/map' }];
    const body = venueUpdateBody({ name: 'X' }, { links });
    expect(body).toEqual({ name: 'X', links });
  });

  it('formats the phone as the user types, each row of spec §5', () => {
    // 10 digits → (xxx) xxx-xxxx
    expect(phoneAsTyped('3035551234')).toBe('(303) 555-1234');
    // 11 digits starting with 1 → +1 (xxx) xxx-xxxx
    expect(phoneAsTyped('13035551234')).toBe('+1 (303) 555-1234');
    // 11–15 digits with a country prefix → +cc (xxx) xxx-xxxx
    expect(phoneAsTyped('442079460958')).toBe('+44 (207) 946-0958');
    expect(phoneAsTyped('+49 30 1234 56789')).toBe('+493 (012) 345-6789');
    expect(phoneAsTyped('123456789012345')).toBe('+12345 (678) 901-2345');
    // shorter input partly formatted
    expect(['3', '303', '3035', '303555', '3035551'].map(phoneAsTyped)).toEqual(['3', '303', '(303) 5', '(303) 555', '(303) 555-1']);
    // at most 15 digits
    expect(phoneAsTyped('1234567890123456789')).toBe('+12345 (678) 901-2345');
    // a formatted value typed on is formatted again from its digits
    expect(phoneAsTyped('(303) 555-12')).toBe('(303) 555-12');
    expect(phoneAsTyped('(303) 555-12345')).toBe('+3 (035) 551-2345');
  });

  it('allows saving only with a name that is not blank', () => {
    expect(canSave('')).toBe(false);
    expect(canSave('  \n ')).toBe(false);
    expect(canSave(undefined)).toBe(false);
    expect(canSave(' A ')).toBe(true);
  });

  it('toggles checklist items and leagues', () => {
    expect(toggled(['OTE'], 'OT7')).toEqual(['OTE', 'OT7']);
    expect(toggled(['OTE', 'OT7'], 'OTE')).toEqual(['OT7']);
  });
});

describe('duplicate check and toasts', () => {
  it('titles the dialog by exact match and shows rounded percentages', () => {
    expect(duplicateDialogTitle({ exactMatch: true })).toBe('Duplicate Venue Found');
    expect(duplicateDialogTitle({ exactMatch: false })).toBe('Similar Venues Found');
    expect([1, 0.874, 0.875, 0.005, 0].map(similarityPercent)).toEqual(['100%', '87%', '88%', '1%', '0%']);
  });

  it('words the failed check, the update failure and where a new venue leads', () => {
    expect(duplicateCheckFailedText('Network error')).toBe('Network error. Proceeding with creation.');
    expect(duplicateCheckFailedText('Not found.')).toBe('Not found. Proceeding with creation.');
    expect(duplicateCheckFailedText('')).toBe('Proceeding with creation.');
    expect(updateFailedText('Venue not found')).toBe('Failed to update venue: Venue not found');
    expect(updateFailedText(undefined)).toBe('Failed to update venue. Please try again.');
    expect(pathAfterCreate('close', 'abc')).toBe('/');
    expect(pathAfterCreate('data-entry', 'abc')).toBe('/venue/abc/department');
  });
});
