// Bulk seeding for benchmarks (tests/bench/venue-startup.bench.ts): `count` venues written straight into the
// venues database through the service's own mongoose model, shaped exactly as VenueRepository.create writes
// them (every schema default, nameKey, createdBy, createdAt = updatedAt, activityAt, deletedAt null), with
// realistic, varied fields made from the demo venues (names, addresses, leagues, venue types, contacts,
// notes, links). Deterministic: the same count and seed give the same venues. With contacts or events per
// venue, also each venue's main contact (from its contact fields, the venue pointing at it) plus more contacts,
// and its events, as the contact and event repositories write them.
//
// Run as its own process (tests never import a service's code):
//   MONGODB_URI=… MONGODB_DB=… node services/venues/src/testing/seed-venues.ts <count> [seed] [extra contacts per venue] [events per venue]
// It prints one JSON line: {"count":…,"contacts":…,"events":…,"ms":…}.
import { randomUUID } from 'node:crypto';
import { DEFAULT_CONTACT_TAGS, LEAGUE_VALUES, nameKey } from '@venuebook/domain';
import { DEMO_VENUES, seededRandom } from '@venuebook/domain/testing';
import { connectMongo, ensureIndexes } from '@venuebook/service-kit';
import { contactModel } from '../repositories/contact.model.ts';
import type { ContactDocument, ContactModel } from '../repositories/contact.model.ts';
import type { VenueDocument, VenueModel } from '../repositories/venue.model.ts';
import { venueModel } from '../repositories/venue.model.ts';
import { venueEventModel } from '../repositories/venue-event.model.ts';
import type { VenueEventDocument, VenueEventModel } from '../repositories/venue-event.model.ts';

const PREFIXES = ['', '', '', 'North', 'South', 'East', 'West', 'Grand', 'Old', 'New', 'Royal', 'Little', 'Upper', 'Lower', 'Central', 'Saint'];
const SUFFIXES = [
  '',
  '',
  '',
  'Annex',
  'Hall B',
  'Stage 2',
  'Stage 3',
  'Pavilion',
  'Ballroom',
  'Club Level',
  'Plaza',
  'Studios',
  'Theatre',
  'Amphitheatre',
  'Lounge',
];
const STREETS = [
  'Main St',
  'Market St',
  'Broadway',
  'Elm Ave',
  'Lakeshore Dr',
  'Harbor Blvd',
  'Rue de la Paix',
  'Königstraße',
  'Calle Mayor',
  'King St W',
  'Ocean Pkwy',
  'Station Rd',
  'Mill Ln',
  'Park Ave S',
  'Øster Allé',
];
const FIRST = ['Dana', 'Marco', 'Priya', 'Jürgen', 'Aoife', 'Chen', 'Fatima', 'Lucas', 'Zoë', 'Kwame', 'Sofía', 'Mateusz', 'Hannah', 'Ravi', 'Élodie'];
const LAST = [
  'Whitfield',
  'Ruiz',
  'Okafor',
  'Nakamura',
  'Schmidt',
  'Kowalski',
  'Dubois',
  'Haddad',
  'Lindqvist',
  'Moreau',
  'Patel',
  "O'Brien",
  'García',
  'Novak',
  'Larsen',
];
const TITLES = ['Production Manager', 'Event Manager', 'Technical Director', 'Venue Coordinator', 'Booking Agent', 'Operations Lead'];
const NOTES = [
  'Broadcast compound behind the east gate',
  'Fiber patch in the TV truck bay; ask security for the key',
  'Power: 2x 400A company switches, 1x 200A shore power',
  'Load-in via the freight elevator (max 4,000 lb); book it 48 h ahead',
  'No rigging from the catwalk without the house rigger present',
  'Parking for 2 production trucks and 1 uplink; crew parking in lot C',
  'Wi-Fi for crew: ask the venue IT desk for a temporary account',
  'Curfew 23:00 on weekdays, 00:30 on weekends',
  'Catering room on level 2; green rooms A–D next to the stage door',
  'Union house: stagehands through the local, call times 4 h minimum',
];

/** A stored venue as VenueRepository.create writes it (every field of the schema). */
type Seeded = { [K in keyof VenueDocument]: K extends 'links' ? { displayText: string; url: string }[] : VenueDocument[K] };

/** The `index`-th venue of a run: a demo venue's place and kind under a varied name, address and details. */
export function seedVenue(index: number, next: () => number, now: number): Seeded {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const template = DEMO_VENUES[index % DEMO_VENUES.length]!;
  const name = [pick(PREFIXES), template.name, pick(SUFFIXES), String(index)].filter(Boolean).join(' ');
  const city = template.address.split('\n').at(-1) ?? '';
  const leagues = [...new Set([pick(LEAGUE_VALUES), ...(next() < 0.4 ? [pick(LEAGUE_VALUES)] : [])])];
  const createdAt = new Date(now - Math.floor(next() * 3 * 365 * 24 * 3600 * 1000));
  const activityAt = next() < 0.5 ? createdAt : new Date(createdAt.getTime() + Math.floor(next() * (now - createdAt.getTime())));
  const contact = next() < 0.6;
  const first = pick(FIRST);
  const last = pick(LAST);
  const notes = Array.from({ length: Math.floor(next() * 4) }, () => pick(NOTES)).join('\n');
  return {
    _id: randomUUID(),
    name,
    nameKey: nameKey(name),
    country: template.country ?? 'United States',
    address: `${1 + Math.floor(next() * 9000)} ${pick(STREETS)}\n${city}`,
    displayCityAs: template.displayCityAs ?? '',
    deliveryAddress: next() < 0.3 ? `${pick(STREETS)} loading dock ${1 + Math.floor(next() * 6)}` : '',
    deliveryNotes: next() < 0.3 ? pick(NOTES) : '',
    website: template.website ?? '',
    leagues,
    venueTypes: [...template.venueTypes],
    links: next() < 0.2 ? [{ displayText: 'Tech pack', url: `https://example.com/tech-pack/${index}.pdf` }] : [],
    generalNotes: notes,
    contactName: contact ? `${first} ${last}` : '',
    contactTitle: contact ? pick(TITLES) : '',
    contactPhone: contact ? `(${200 + Math.floor(next() * 700)}) 555-${String(Math.floor(next() * 10000)).padStart(4, '0')}` : '',
    contactEmail: contact ? `${first}.${last}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '') : '',
    createdBy: `seed-${index % 7}@example.com`,
    googleDriveFolderId: '',
    // Set by seedContacts when contacts are seeded; '' otherwise (legacy contact fields, as in the original data).
    mainContactId: '',
    activityAt,
    createdAt,
    updatedAt: activityAt,
    deletedAt: null,
  };
}

type SeededContact = Omit<ContactDocument, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
type SeededEvent = Omit<VenueEventDocument, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/**
 * The contacts of a seeded venue, as ContactRepository writes them: its main contact from the venue's contact
 * fields (the venue then points at it, as a venue created through the API does) and `extra` more.
 */
function seedContacts(venue: Seeded, extra: number, next: () => number): SeededContact[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const contact = (fields: Pick<SeededContact, 'name' | 'title' | 'phone' | 'email' | 'tag' | 'isCurrentMainContact'>): SeededContact => ({
    _id: randomUUID(),
    venueId: venue._id,
    createdBy: venue.createdBy,
    deletedAt: null,
    formerMainContact: false,
    createdAt: venue.createdAt,
    updatedAt: venue.createdAt,
    ...fields,
  });
  const contacts: SeededContact[] = [];
  if (venue.contactName) {
    const main = contact({
      name: venue.contactName,
      title: venue.contactTitle,
      phone: venue.contactPhone,
      email: venue.contactEmail,
      tag: '',
      isCurrentMainContact: true,
    });
    venue.mainContactId = main._id;
    contacts.push(main);
  }
  for (let n = 0; n < extra; n++) {
    const [first, last] = [pick(FIRST), pick(LAST)];
    contacts.push(
      contact({
        name: `${first} ${last}`,
        title: pick(TITLES),
        phone: `(${200 + Math.floor(next() * 700)}) 555-${String(Math.floor(next() * 10000)).padStart(4, '0')}`,
        email: `${first}.${last}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        tag: pick(DEFAULT_CONTACT_TAGS),
        isCurrentMainContact: false,
      }),
    );
  }
  return contacts;
}

const SHOWS = ['Championship Night', 'Spring Tour', 'Fight Night', 'Gala', 'Finals', 'Summer Series', 'Broadcast Rehearsal', 'Season Opener'];

/** `count` events of a seeded venue: dates over the three years around now (one in ten without a date). */
function seedEvents(venue: Seeded, count: number, next: () => number, now: number): SeededEvent[] {
  return Array.from({ length: count }, () => {
    const at = new Date(now + Math.floor((next() - 0.5) * 3 * 365 * 24 * 3600 * 1000));
    return {
      _id: randomUUID(),
      venueId: venue._id,
      name: `${SHOWS[Math.floor(next() * SHOWS.length)]!} ${at.getUTCFullYear()}`,
      eventDate: next() < 0.1 ? null : at.toISOString().slice(0, 10),
      description: next() < 0.5 ? 'Load-in 8am; broadcast compound on the east side' : '',
      createdBy: venue.createdBy,
      createdAt: venue.createdAt,
      updatedAt: venue.createdAt,
    };
  });
}

export interface SeedOptions {
  seed?: number;
  batchSize?: number;
  /** Contacts per venue besides its main contact (written when `contacts` is given). */
  extraContactsPerVenue?: number;
  contacts?: ContactModel;
  /** Events per venue (written when `events` is given). */
  eventsPerVenue?: number;
  events?: VenueEventModel;
}

/**
 * Writes `count` venues in batches of `batchSize` (insertMany through the model: validation and defaults as on
 * create), and with `contacts` / `events` their main contact, more contacts and events the same way.
 */
export async function seedVenues(model: VenueModel, count: number, options: SeedOptions = {}): Promise<{ contacts: number; events: number }> {
  // Deterministic (mulberry32): runs with the same seed write the same venues.
  const next = seededRandom(options.seed ?? 1);
  const batchSize = options.batchSize ?? 1000;
  const now = Date.now();
  const written = { contacts: 0, events: 0 };
  for (let start = 0; start < count; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) => seedVenue(start + offset, next, now));
    const contacts = options.contacts ? batch.flatMap((venue) => seedContacts(venue, options.extraContactsPerVenue ?? 0, next)) : [];
    const events = options.events ? batch.flatMap((venue) => seedEvents(venue, options.eventsPerVenue ?? 0, next, now)) : [];
    // The stored dates are the generated ones (timestamps off), as if written over the last three years.
    await model.insertMany(batch, { ordered: true, timestamps: false });
    if (options.contacts && contacts.length > 0) await options.contacts.insertMany(contacts, { ordered: true, timestamps: false });
    if (options.events && events.length > 0) await options.events.insertMany(events, { ordered: true, timestamps: false });
    written.contacts += contacts.length;
    written.events += events.length;
  }
  return written;
}

if (import.meta.main) {
  const count = Number(process.argv[2]);
  const seed = Number(process.argv[3] ?? 1);
  const extraContactsPerVenue = Number(process.argv[4] ?? 0);
  const eventsPerVenue = Number(process.argv[5] ?? 0);
  const uri = process.env.MONGODB_URI;
  const db = process.env.MONGODB_DB;
  if (!Number.isInteger(count) || count < 0 || !uri || !db) {
    console.error(
      'usage: MONGODB_URI=… MONGODB_DB=… node services/venues/src/testing/seed-venues.ts <count> [seed] [extra contacts per venue] [events per venue]',
    );
    process.exit(2);
  }
  const connection = await connectMongo(uri, db, { appName: 'venues-seed' });
  try {
    const model = venueModel(connection);
    const contacts = contactModel(connection);
    const events = venueEventModel(connection);
    await ensureIndexes([model, contacts, events]);
    const started = performance.now();
    // Contacts and events only when asked for (a venue-only run stores legacy contact fields, as the first venue benchmarks measured).
    const domain = extraContactsPerVenue > 0 || eventsPerVenue > 0 ? { contacts, events } : {};
    const written = await seedVenues(model, count, { seed, extraContactsPerVenue, eventsPerVenue, ...domain });
    console.log(JSON.stringify({ count, ...written, ms: Math.round(performance.now() - started) }));
  } finally {
    await connection.close();
  }
}
