/** The 29 venue types of spec §3, in display order. */
export const VENUE_TYPES = [
  'Amphitheater',
  'Arena',
  'Ballroom',
  'Basketball Court',
  'Casino',
  'Club',
  'College',
  'Concert Hall',
  'Conference Center',
  'Convention Hall',
  'Field (Other)',
  'Film Studio',
  'Football Field',
  'Hotel',
  'Industrial Space',
  'Municipal Park',
  'Office',
  'Other',
  'Parking Lot',
  'Performing Arts Center',
  'Podcast Studio',
  'Rooftop Venue',
  'School',
  'Soundstage',
  'Stadium',
  'Temporary Venue',
  'Theater',
  'TV Broadcast Studio',
  'Warehouse',
] as const;

export type VenueType = (typeof VENUE_TYPES)[number];

export function isVenueType(value: unknown): value is VenueType {
  return typeof value === 'string' && (VENUE_TYPES as readonly string[]).includes(value);
}
