// One venue through the gateway (GET /api/v1/venues/:id: HTTP → gRPC → venues service → FerretDB/MongoDB)
// under load: an editor creates BENCH_VENUES venues (default 1,000; smoke 20), then a signed-in viewer
// sends BENCH_REQUESTS requests (default 10,000; smoke 300) over 10 concurrent keep-alive connections,
// after a warm-up that is not counted. Each answer must be the venue asked for. Reports p50/p99 and req/s.
import { DEMO_VENUES } from '@venuebook/local';
import type { Venue } from '@venuebook/proto/domain';
import { expectEqual, runBench, runConcurrently, sized } from './support.ts';

const VENUES = sized({ full: 1_000, smoke: 20 }, process.env.BENCH_VENUES);
const REQUESTS = sized({ full: 10_000, smoke: 300 }, process.env.BENCH_REQUESTS);
const WARM_UP = sized({ full: 500, smoke: 50 }, process.env.BENCH_WARM_UP);
const CONNECTIONS = 10;
const CREATE_CONCURRENCY = 8;

await runBench({ name: 'venue-get', title: 'One venue through the gateway' }, async (bench) => {
  bench.parameter('venues', VENUES);
  bench.parameter('requests', REQUESTS);
  bench.parameter('warmUpRequests', WARM_UP);
  bench.parameter('connections', CONNECTIONS);
  const editor = await bench.signIn('editor');
  const venues: Venue[] = [];
  await runConcurrently(VENUES, CREATE_CONCURRENCY, async (index) => {
    const template = DEMO_VENUES[index % DEMO_VENUES.length]!;
    venues.push((await editor.post<Venue>('/api/v1/venues', { ...template, name: `${template.name} ${index}` })).body);
  });
  bench.log(`created ${VENUES} venues`);

  // Reading is what every role may do; the viewer reads.
  const viewer = await bench.signIn('viewer');
  const times: number[] = [];
  const read = (record: boolean) => async (index: number) => {
    const venue = venues[index % venues.length]!;
    const { body, ms } = await viewer.get<Venue>(`/api/v1/venues/${venue.id}`);
    expectEqual(body.id, venue.id, `GET /api/v1/venues/${venue.id}: id`);
    expectEqual(body.name, venue.name, `GET /api/v1/venues/${venue.id}: name`);
    if (record) times.push(ms);
  };
  await runConcurrently(WARM_UP, CONNECTIONS, read(false));
  const elapsedMs = await runConcurrently(REQUESTS, CONNECTIONS, read(true));
  const perSecond = REQUESTS / (elapsedMs / 1000);
  bench.figure('requestsPerSecond', perSecond, `${REQUESTS} requests in ${(elapsedMs / 1000).toFixed(1)} s: ${Math.round(perSecond)} req/s over ${CONNECTIONS} connections`);
  bench.shape(`GET /venues/:id (${CONNECTIONS} conn.)`, times, { reqPerSecond: Math.round(perSecond) });
});
