// Bulk seeding for benchmarks (tests/bench/media-scale.bench.ts): `documents` venue documents written straight into
// the media database through the service's own mongoose model, shaped exactly as DocumentRepository.create writes
// them (an upload's fields, previews for images, sync pending, googleDrive* null, updatedAt = uploadedAt), over the
// venues listed one a line in VENUE_IDS_FILE (e.g. venues the bench seeded into the venues service, whose reads check
// the venue is active). The objects in the store are not written (lists, tags, categories and deletes of the
// documents do not read them; a delete's removal of missing objects is a no-op).
//
// Spread: the first `bigVenues` venues get `photosPerBig` photos each, except the very first, the biggest, which gets
// `biggestPhotos`; the next venue, when `heavyPhotos` > 0, gets that many photos with MEDIA.maxTagsPerPhoto tags
// each (the worst case of a venue's list message); the rest go to the other venues at random (9 in 10 photos, the
// others PDFs). 3 in 10 photos have 1–3 data-card tags. Deterministic for the same arguments and ids.
//
// Run as its own process (tests never import a service's code):
//   MONGODB_URI=… MONGODB_DB=… VENUE_IDS_FILE=… node services/media/src/testing/seed-documents.ts <documents> [bigVenues] [photosPerBig] [biggestPhotos] [heavyPhotos]
// It prints one JSON line: {"documents":…,"photos":…,"ms":…,"biggest":{venueId,photos},"big":[…],"heavy":{…}|null,"small":{venueId,photos}}.
import { readFileSync } from 'node:fs';
import { MEDIA } from '@venuebook/domain';
import { seededRandom } from '@venuebook/domain/testing';
import { connectMongo } from '@venuebook/service-kit';
import { documentModel } from '../repositories/document.model.ts';
import type { DocumentDocument } from '../repositories/document.model.ts';

const [documentsArg, bigArg, perBigArg, biggestArg, heavyArg] = process.argv.slice(2);
const documents = Number(documentsArg);
const bigVenues = Number(bigArg ?? 10);
const photosPerBig = Number(perBigArg ?? 2000);
const biggestPhotos = Number(biggestArg ?? photosPerBig);
const heavyPhotos = Number(heavyArg ?? 0);
if (![documents, bigVenues, photosPerBig, biggestPhotos, heavyPhotos].every((value) => Number.isInteger(value) && value >= 0) || documents < 1) {
  throw new Error('usage: seed-documents.ts <documents> [bigVenues] [photosPerBig] [biggestPhotos] [heavyPhotos]');
}
const uri = process.env.MONGODB_URI;
const db = process.env.MONGODB_DB;
if (!uri || !db || !process.env.VENUE_IDS_FILE) throw new Error('MONGODB_URI, MONGODB_DB and VENUE_IDS_FILE are required');
const venueIds = readFileSync(process.env.VENUE_IDS_FILE, 'utf8').split('\n').filter(Boolean);
const special = bigVenues + (heavyPhotos > 0 ? 1 : 0);
if (venueIds.length <= special) throw new Error(`VENUE_IDS_FILE names ${venueIds.length} venues; ${special + 1} at least are needed`);
const planned = biggestPhotos + Math.max(0, bigVenues - 1) * photosPerBig + heavyPhotos;
if (planned > documents) throw new Error(`the big and heavy venues take ${planned} documents, more than ${documents}`);

const next = seededRandom(13);
const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
/** A UUID-shaped id from the seeded random numbers (deterministic, unlike randomUUID). */
const uuid = (): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const UPLOADERS = Array.from({ length: 12 }, uuid);
const CARDS = Array.from({ length: 40 }, uuid);
const DESCRIPTIONS = [
  '',
  '',
  '',
  '',
  'Load-in door, east side',
  'Camera position 3 from the upper deck',
  'TV compound at night',
  'Fiber patch panel in the truck bay',
];
const PHOTO_CATEGORIES = ['photos', 'photos', 'photos', 'safety', 'technical'] as const;
const now = Date.now();

/** One document as DocumentRepository.create writes it after an upload. */
function seedDocument(venueId: string, index: number, photo: boolean, tags: number): DocumentDocument {
  const uploadedAt = new Date(now - Math.floor(next() * 3 * 365 * 24 * 3600 * 1000));
  const png = photo && next() < 0.1;
  const width = photo ? pick([1440, 1440, 1080, 960]) : null;
  return {
    _id: uuid(),
    venueId,
    fileName: photo ? `IMG_${String(1000 + index).padStart(5, '0')}.${png ? 'png' : 'jpg'}` : `Tech pack ${index}.pdf`,
    fileType: photo ? (png ? 'image/png' : 'image/jpeg') : 'application/pdf',
    fileSize: photo ? 800_000 + Math.floor(next() * 6_000_000) : 50_000 + Math.floor(next() * 2_000_000),
    category: photo ? pick(PHOTO_CATEGORIES) : 'general',
    description: pick(DESCRIPTIONS),
    uploadedAt,
    dateTaken: new Date(uploadedAt.getTime() - Math.floor(next() * 30 * 24 * 3600 * 1000)),
    eventId: null,
    tagCardIds:
      tags === MEDIA.maxTagsPerPhoto
        ? CARDS.concat(Array.from({ length: tags - CARDS.length }, (_, i) => `${CARDS[i]!.slice(0, 34)}${String(i).padStart(2, '0')}`)).slice(0, tags)
        : Array.from(new Set(Array.from({ length: tags }, () => pick(CARDS)))),
    hasPreviews: photo,
    width,
    height: width === null ? null : Math.round((width * 3) / 4),
    uploadedBy: pick(UPLOADERS),
    googleDriveFileId: null,
    googleDriveUrl: null,
    sync: { status: 'pending', retryCount: 0, maxRetries: 3, error: null, syncedAt: null, updatedAt: uploadedAt },
    updatedAt: uploadedAt,
  };
}

const photoTags = (): number => (next() < 0.3 ? 1 + Math.floor(next() * 3) : 0);

/** The documents of each venue index: the special venues first, the rest spread at random over the others. */
function* plan(): Generator<DocumentDocument> {
  for (let v = 0; v < bigVenues; v++) {
    const count = v === 0 ? biggestPhotos : photosPerBig;
    for (let i = 0; i < count; i++) yield seedDocument(venueIds[v]!, i, true, photoTags());
  }
  if (heavyPhotos > 0) for (let i = 0; i < heavyPhotos; i++) yield seedDocument(venueIds[bigVenues]!, i, true, MEDIA.maxTagsPerPhoto);
  const others = venueIds.slice(special);
  const counters = new Map<string, number>();
  for (let i = planned; i < documents; i++) {
    const venueId = others[Math.floor(next() * others.length)]!;
    const index = counters.get(venueId) ?? 0;
    counters.set(venueId, index + 1);
    const photo = next() < 0.9;
    yield seedDocument(venueId, index, photo, photo ? photoTags() : 0);
  }
}

const connection = await connectMongo(uri, db);
const model = documentModel(connection);
await model.init();
const started = performance.now();
const BATCH = 1000;
const photosOf = new Map<string, number>();
let written = 0;
let photos = 0;
let batch: DocumentDocument[] = [];
const flush = async (): Promise<void> => {
  if (batch.length === 0) return;
  await model.insertMany(batch, { ordered: true });
  written += batch.length;
  batch = [];
};
for (const doc of plan()) {
  if (doc.fileType.startsWith('image/')) {
    photos += 1;
    photosOf.set(doc.venueId, (photosOf.get(doc.venueId) ?? 0) + 1);
  }
  batch.push(doc);
  if (batch.length >= BATCH) await flush();
}
await flush();
await connection.close();
const venue = (venueId: string) => ({ venueId, photos: photosOf.get(venueId) ?? 0 });
// A small venue: the first ordinary one with a few photos.
const small = venueIds.slice(special).find((venueId) => (photosOf.get(venueId) ?? 0) >= 3) ?? venueIds[special]!;
process.stdout.write(
  `${JSON.stringify({
    documents: written,
    photos,
    ms: Math.round(performance.now() - started),
    biggest: venue(venueIds[0]!),
    big: venueIds.slice(1, bigVenues).map(venue),
    heavy: heavyPhotos > 0 ? venue(venueIds[bigVenues]!) : null,
    small: venue(small),
  })}\n`,
);
