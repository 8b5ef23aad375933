// Card field values at company scale through the gateway: BENCH_VENUES venues (default 10,000; smoke 40)
// are written into the venues database (services/venues/src/testing/seed-venues.ts; reads and saves ask the venues
// service whether a venue is active), and 30 values each (300,000 version documents) straight into the cards
// database while the service is down
// (services/cards/src/testing/seed-values.ts, documents as the repository writes them), the cards service is started
// (its read model loads them: start time and RSS), then
// - open a venue's card screen: GET /api/v1/venues/{id}/values, GET …/cards/{cardId}/values and the department's
//   cards GET …/cards?department=IT of seeded venues (BENCH_REQUESTS each, default 500, smoke 20; 10 connections),
//   every answer checked (30 values; one card's only; a card list — the seeded venues have no card order saved);
// - save a field: PUT …/cards/{cardId}/values of one field based on its current version, one writer (a user's save),
//   BENCH_SAVES (default 200, smoke 10) on venues created through the API (a save asks the venues service about the
//   venue); every answer must be 'saved' with the next version, and the values read back.
// What a save costs on the store: one insert (constant, whatever the collection's size), no update or delete.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@venuebook/local';
import { connectMongo } from '@venuebook/service-kit';
import { BenchError, expectEqual, expectTrue, runBench, runConcurrently, sized } from './support.ts';

const VENUES = sized({ full: 10_000, smoke: 40 }, process.env.BENCH_VENUES);
const VALUES_PER_VENUE = 30;
const REQUESTS = sized({ full: 500, smoke: 20 }, process.env.BENCH_REQUESTS);
const SAVES = sized({ full: 200, smoke: 10 }, process.env.BENCH_SAVES);
const SAVE_VENUES = sized({ full: 20, smoke: 3 }, process.env.BENCH_SAVE_VENUES);
const CONNECTIONS = 10;
const SEED_SCRIPT = join(REPO_ROOT, 'services/cards/src/testing/seed-values.ts');
const VENUE_SEED_SCRIPT = join(REPO_ROOT, 'services/venues/src/testing/seed-venues.ts');
/** The venues service's database in the same stack. */
const VENUES_DB = 'venuebook_venues';
/** The cards service's database in the stack the benches run. */
const CARDS_DB = 'venuebook_cards';
/** A seeded master template (services/cards/src/domain/seed-templates.ts: 'Network', IT) and its text fields. */
const NETWORK = '7ed2da07-9fd0-4cd6-939a-deb28b760712';
const NETWORK_FIELDS = ['internet_provider', 'bandwidth'];

type ValueJson = { cardId: string; fieldKey: string; value: string; version: number };

function rssMB(pid: number): { rssMB: number; peakRssMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMB: kB('VmRSS') / 1024, peakRssMB: kB('VmHWM') / 1024 };
}

// The saves come from one user faster than a person types: the per-user save limit is lifted for the bench.
await runBench(
  { name: 'card-values', title: 'Card field values at company scale through the gateway', gatewayEnv: { CARD_VALUES_RATE_LIMIT_PER_MINUTE: '1000000' } },
  async (bench) => {
    for (const [key, value] of Object.entries({
      venues: VENUES,
      valuesPerVenue: VALUES_PER_VENUE,
      requests: REQUESTS,
      saves: SAVES,
      saveVenues: SAVE_VENUES,
      connections: CONNECTIONS,
    }))
      bench.parameter(key, value);
    const replicas = bench.stack.services.cards.replicas;
    for (const replica of replicas) await replica.stop();
    const mongoUri = bench.stack.infra.env.MONGODB_URI ?? '';
    const mongo = { MONGODB_URI: mongoUri, MONGODB_DB: CARDS_DB };
    const seedStarted = performance.now();
    // The venues first (the venues service down meanwhile, as venue-domain-lists seeds them), their ids for the values.
    const venueReplicas = bench.stack.services.venues.replicas;
    for (const replica of venueReplicas) await replica.stop();
    await promisify(execFile)(process.execPath, [VENUE_SEED_SCRIPT, String(VENUES), '12'], {
      cwd: REPO_ROOT,
      env: { ...process.env, MONGODB_URI: mongoUri, MONGODB_DB: VENUES_DB },
      maxBuffer: 1024 * 1024,
    });
    for (const replica of venueReplicas) await replica.start();
    const venuesDb = await connectMongo(mongoUri, VENUES_DB);
    const seededVenueIds = (
      await venuesDb
        .db!.collection<{ _id: string; deletedAt: Date | null }>('venues')
        .find({}, { projection: { _id: 1, deletedAt: 1 } })
        .toArray()
    )
      .filter((venue) => venue.deletedAt === null)
      .map((venue) => venue._id);
    await venuesDb.close();
    const idsFile = join(tmpdir(), `venuebook-card-values-venues-${process.pid}.txt`);
    writeFileSync(idsFile, `${seededVenueIds.join('\n')}\n`);
    const { stdout } = await promisify(execFile)(process.execPath, [SEED_SCRIPT, String(VENUES), String(VALUES_PER_VENUE)], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...mongo, VENUE_IDS_FILE: idsFile },
      maxBuffer: 4 * 1024 * 1024,
    });
    const seeded = JSON.parse(stdout.trim()) as { values: number; sampleVenueIds: string[] };
    bench.log(`seeded ${VENUES} venues and ${seeded.values} values of them in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    bench.parameter('values', seeded.values);

    const startStarted = performance.now();
    for (const replica of replicas) await replica.start();
    const startSeconds = (performance.now() - startStarted) / 1000;
    bench.figure('startSeconds', startSeconds, `the cards service started on ${seeded.values} values in ${startSeconds.toFixed(1)} s`);
    const pid = replicas[0]!.process.child.pid;
    if (!pid) throw new BenchError('the cards service has no process id');
    const memory = rssMB(pid);
    bench.figure('rssMB', memory.rssMB, `cards service RSS after the load: ${memory.rssMB.toFixed(0)} MB (peak ${memory.peakRssMB.toFixed(0)} MB)`);
    bench.figure('peakRssMB', memory.peakRssMB, 'peak RSS while loading');

    await bench.settle('settleAfterStart');
    const viewer = await bench.signIn('viewer');
    const editor = await bench.signIn('editor');

    // Open a venue's values: every seeded venue answers its 30 values.
    const samples = seeded.sampleVenueIds;
    expectTrue(samples.length > 0, 'the seed names sample venues');
    // Open a venue's card screen, in the screen's order: the department's cards (GET …/cards?department=), the venue's
    // values, then a card's values (the dialog). The first read of each of the 200 sample venues asks the venues
    // service whether the venue is active (the cards service then remembers it for VENUE_CHECK_CACHE_MS): the
    // department list carries those first visits.
    const shapes: readonly {
      label: string;
      path: (venueId: string) => string;
      check: (body: { values?: ValueJson[]; items?: { id: string; title: string }[] }) => string | null;
    }[] = [
      {
        label: 'GET /venues/:id/cards?department=IT',
        path: (venueId) => `/api/v1/venues/${venueId}/cards?department=IT`,
        check: (body) => (Array.isArray(body.items) ? null : 'no card list'),
      },
      {
        label: 'GET /venues/:id/values',
        path: (venueId) => `/api/v1/venues/${venueId}/values`,
        check: (body) => (body.values?.length === VALUES_PER_VENUE ? null : `${body.values?.length} values, expected ${VALUES_PER_VENUE}`),
      },
      {
        label: 'GET /venues/:id/cards/:cardId/values',
        path: (venueId) => `/api/v1/venues/${venueId}/cards/${NETWORK}/values`,
        check: (body) => (body.values?.every((value) => value.cardId === NETWORK) ? null : 'values of other cards'),
      },
    ];
    for (const { label, path, check } of shapes) {
      const times: number[] = [];
      await runConcurrently(REQUESTS, CONNECTIONS, async (index) => {
        const { body, ms } = await viewer.get<{ values?: ValueJson[]; items?: { id: string; title: string }[] }>(path(samples[index % samples.length]!));
        const wrong = check(body);
        if (wrong) throw new BenchError(`${label}: ${wrong}`);
        times.push(ms);
      });
      bench.shape(label, times);
    }

    // Save a field: one writer, each save based on the field's current version.
    const venueIds: string[] = [];
    for (let i = 0; i < SAVE_VENUES; i++)
      venueIds.push((await editor.post<{ id: string }>('/api/v1/venues', { name: `Card Values Bench ${i} ${Date.now()}` })).body.id);
    // A template takes values at a venue once it is added to one of the venue's departments.
    for (const venueId of venueIds) await editor.post(`/api/v1/venues/${venueId}/cards/templates`, { department: 'IT', templateIds: [NETWORK] }, 200);
    const versions = new Map<string, number>();
    const saveTimes: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const venueId = venueIds[i % venueIds.length]!;
      const fieldKey = NETWORK_FIELDS[i % NETWORK_FIELDS.length]!;
      const key = `${venueId}:${fieldKey}`;
      const baseVersion = versions.get(key) ?? 0;
      const { body, ms } = await editor.request<{ results: { status: string; current: { version: number } | null }[] }>(
        'PUT',
        `/api/v1/venues/${venueId}/cards/${NETWORK}/values`,
        { body: { values: { [fieldKey]: { value: `Value ${i}`, baseVersion } } }, expectStatus: 200 },
      );
      const result = body.results[0];
      if (result?.status !== 'saved' || result.current?.version !== baseVersion + 1) throw new BenchError(`save ${i}: ${JSON.stringify(result)}`);
      versions.set(key, baseVersion + 1);
      saveTimes.push(ms);
    }
    bench.shape('PUT /venues/:id/cards/:cardId/values (one field)', saveTimes);
    const readBack = (await viewer.get<{ values: ValueJson[] }>(`/api/v1/venues/${venueIds[0]}/cards/${NETWORK}/values`)).body.values;
    for (const value of readBack) expectEqual(value.version, versions.get(`${venueIds[0]}:${value.fieldKey}`), `read back ${value.fieldKey}`);

    // What another replica pays per event: it re-reads the stored version by `_id` (FerretDB v1 scans for it; the
    // newest document is the last one met). Timed straight on the database, the last saved version.
    const connection = await connectMongo(mongo.MONGODB_URI, CARDS_DB);
    try {
      const venueId = venueIds[(SAVES - 1) % venueIds.length]!;
      const fieldKey = NETWORK_FIELDS[(SAVES - 1) % NETWORK_FIELDS.length]!;
      const id = `${venueId}:${NETWORK}_${fieldKey}:${versions.get(`${venueId}:${fieldKey}`)}`;
      const rereads: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const doc = await connection.db!.collection<{ _id: string }>('venue_data').findOne({ _id: id });
        rereads.push(performance.now() - started);
        expectTrue(doc !== null, 'the last saved version is stored');
      }
      bench.shape('findOne({_id}) of the newest version (another replica re-reading an event)', rereads);
    } finally {
      await connection.close();
    }
  },
);
