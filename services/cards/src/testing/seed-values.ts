// Bulk seeding for benchmarks (tests/bench/card-values.bench.ts): `venues` venue ids (those listed one a line in the
// file VENUE_IDS_FILE, e.g. venues the bench seeded into the venues service, whose reads check the venue is active;
// random ones without it) × `perVenue` field values written straight into the cards
// database, shaped exactly as FieldValueRepository.insertVersion writes them (version 1, kind value), on the fields
// of the seeded master templates in turn (the cards service seeds the templates themselves at its start).
//
// Run as its own process (tests never import a service's code):
//   MONGODB_URI=… MONGODB_DB=… [VENUE_IDS_FILE=…] node services/cards/src/testing/seed-values.ts <venues> [values per venue]
// It prints one JSON line: {"venues":…,"values":…,"ms":…,"sampleVenueIds":[…]}.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connectMongo } from '@venuebook/service-kit';
import { versionId } from '../domain/field-values.ts';
import { SEED_TEMPLATES } from '../domain/seed-templates.ts';
import { fieldValueModel } from '../repositories/field-value.model.ts';

const VALUES = [
  'Yes',
  'No',
  '2x 400A company switches',
  'Behind the east gate',
  'Ask the venue IT desk',
  '4',
  '12',
  'Fiber, 1 Gbps symmetric',
  'Load-in via the freight elevator (max 4,000 lb); book it 48 h ahead',
];

const [venuesArg, perVenueArg] = process.argv.slice(2);
const venues = Number(venuesArg);
const perVenue = Number(perVenueArg ?? 30);
if (!Number.isInteger(venues) || venues < 1 || !Number.isInteger(perVenue) || perVenue < 1)
  throw new Error('usage: seed-values.ts <venues> [values per venue]');
const uri = process.env.MONGODB_URI;
const db = process.env.MONGODB_DB;
if (!uri || !db) throw new Error('MONGODB_URI and MONGODB_DB are required');

const givenIds = process.env.VENUE_IDS_FILE ? readFileSync(process.env.VENUE_IDS_FILE, 'utf8').split('\n').filter(Boolean) : undefined;
if (givenIds && givenIds.length < venues) throw new Error(`VENUE_IDS_FILE names ${givenIds.length} venues, fewer than ${venues}`);
const fields = SEED_TEMPLATES.flatMap((template) =>
  template.fields.map((field) => ({ cardId: template.id, department: template.primaryDepartment, fieldKey: field.key })),
);
const connection = await connectMongo(uri, db);
const model = fieldValueModel(connection);
await model.init();
const started = performance.now();
const now = Date.now();
const sampleVenueIds: string[] = [];
let written = 0;
const BATCH_VENUES = 40;
for (let start = 0; start < venues; start += BATCH_VENUES) {
  const batch = [];
  for (let v = start; v < Math.min(venues, start + BATCH_VENUES); v++) {
    const venueId = givenIds?.[v] ?? randomUUID();
    if (v % Math.max(1, Math.floor(venues / 200)) === 0) sampleVenueIds.push(venueId);
    for (let i = 0; i < perVenue; i++) {
      const field = fields[(v + i) % fields.length]!;
      // More values than fields: the extra ones are later versions of the same fields.
      const version = Math.floor(i / fields.length) + 1;
      batch.push({
        _id: versionId(venueId, field.cardId, field.fieldKey, version),
        venueId,
        cardId: field.cardId,
        fieldKey: field.fieldKey,
        department: field.department,
        value: VALUES[(v * 7 + i) % VALUES.length]!,
        version,
        kind: 'value',
        savedBy: 'seed',
        savedByEmail: 'seed@example.com',
        savedAt: new Date(now - ((v * 31 + i) % 100_000) * 60_000),
        restoredFrom: null,
        verifiedSource: null,
      });
    }
  }
  await model.insertMany(batch, { ordered: true });
  written += batch.length;
}
await connection.close();
process.stdout.write(`${JSON.stringify({ venues, values: written, ms: Math.round(performance.now() - started), sampleVenueIds })}\n`);
