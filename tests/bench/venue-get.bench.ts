// One venue through the gateway (GET /api/v1/venues/:id: HTTP → JWT → signed user context → gRPC → venues
// service) under load, against a plain Fastify → grpc-js hop measured in the same run (tests/bench/
// plain-hop.ts: two processes, one route, one unary call answering a fixed venue of the same size; no auth).
// An editor creates BENCH_VENUES venues through the API (default 10,000; smoke 20; 8 in parallel), then a
// venues service is restarted (its point-read cache starts empty; a venue it created was kept there), a
// signed-in viewer reads every venue once (the first read of each, reported apart: one `{_id}` read from the
// database each), and then sends BENCH_REQUESTS requests (default 10,000; smoke 300) over 10 concurrent
// keep-alive connections to each path (the hop after a warm-up of BENCH_WARM_UP requests, default 1,000,
// not counted); the paths take turns in BENCH_ROUNDS
// rounds (default 2) so that a neighbour's load on the shared machine falls on both. Every gateway answer
// must be the venue asked for; every hop answer the fixed venue. Reports req/s, p50/p99 of both and the ratio
// (target ≥ 0.6, gateway p99 ≤ 15 ms) beside the figures from before the read models.
import { DEMO_VENUES } from '@venuebook/local';
import type { Venue } from '@venuebook/domain';
import { startPlainHop } from './plain-hop.ts';
import { expectEqual, runBench, runConcurrently, sized } from './support.ts';

const VENUES = sized({ full: 10_000, smoke: 20 }, process.env.BENCH_VENUES);
const REQUESTS = sized({ full: 10_000, smoke: 300 }, process.env.BENCH_REQUESTS);
const WARM_UP = sized({ full: 1_000, smoke: 50 }, process.env.BENCH_WARM_UP);
const ROUNDS = sized({ full: 2, smoke: 1 }, process.env.BENCH_ROUNDS);
const CONNECTIONS = 10;
const CREATE_CONCURRENCY = 8;

/** Before the read models (33 venues, 10 connections, same machine): the figures then. */
const BEFORE = { gateway: { reqPerSecond: 180, p50Ms: 48, p99Ms: 156 }, hop: { reqPerSecond: 2965, p99Ms: 12 }, ratio: 0.06 };
const TARGET = { ratio: 0.6, p99Ms: 15 };

await runBench({ name: 'venue-get', title: 'One venue through the gateway, beside a plain Fastify → grpc-js hop' }, async (bench) => {
  bench.parameter('venues', VENUES);
  bench.parameter('requests', REQUESTS);
  bench.parameter('warmUpRequests', WARM_UP);
  bench.parameter('rounds', ROUNDS);
  bench.parameter('connections', CONNECTIONS);
  const editor = await bench.signIn('editor');
  const venues: Venue[] = [];
  const createStarted = performance.now();
  await runConcurrently(VENUES, CREATE_CONCURRENCY, async (index) => {
    const template = DEMO_VENUES[index % DEMO_VENUES.length]!;
    venues.push((await editor.post<Venue>('/api/v1/venues', { ...template, name: `${template.name} ${index}` })).body);
  });
  bench.log(`created ${VENUES} venues in ${((performance.now() - createStarted) / 1000).toFixed(1)} s (${CREATE_CONCURRENCY} in parallel)`);
  // A fresh start: the first read of each venue below loads it from the database (cold cache).
  const restartStarted = performance.now();
  for (const replica of bench.stack.services.venues.replicas) {
    await replica.stop();
    await replica.start();
  }
  bench.log(`restarted the venues service in ${((performance.now() - restartStarted) / 1000).toFixed(1)} s (its point-read cache is empty)`);
  await bench.settle('settleAfterCreate');

  // The hop answers the first venue: the same bytes as the gateway's answers, give or take a name's digits.
  const fixed = venues[0]!;
  const hop = await startPlainHop(fixed);
  bench.detail('plainHop', { url: hop.url, pids: hop.pids, venueJsonBytes: Buffer.byteLength(JSON.stringify(fixed)) });
  try {
    // Reading is what every role may do; the viewer reads, on both paths (the hop ignores the token).
    const viewer = await bench.signIn('viewer');
    const gatewayTimes: number[] = [];
    const hopTimes: number[] = [];
    let gatewayMs = 0;
    let hopMs = 0;
    const readGateway = (times?: number[]) => async (index: number) => {
      const venue = venues[index % venues.length]!;
      const { body, ms } = await viewer.get<Venue>(`/api/v1/venues/${venue.id}`);
      expectEqual(body.id, venue.id, `GET /api/v1/venues/${venue.id}: id`);
      expectEqual(body.name, venue.name, `GET /api/v1/venues/${venue.id}: name`);
      times?.push(ms);
    };
    const readHop = (times?: number[]) => async (index: number) => {
      const venue = venues[index % venues.length]!;
      const { body, ms } = await viewer.request<Venue>('GET', `/venues/${venue.id}`, { baseUrl: hop.url });
      expectEqual(body.id, fixed.id, 'plain hop: id');
      times?.push(ms);
    };
    const firstTimes: number[] = [];
    const firstMs = await runConcurrently(VENUES, CONNECTIONS, readGateway(firstTimes));
    bench.shape(`first read of each venue, cold (${CONNECTIONS} conn.)`, firstTimes, { reqPerSecond: Math.round(VENUES / (firstMs / 1000)) });
    await runConcurrently(WARM_UP, CONNECTIONS, readHop());
    // Rounds: gateway, hop, gateway, hop… each round a share of the requests.
    for (let round = 0; round < ROUNDS; round++) {
      const share = Math.floor(REQUESTS / ROUNDS) + (round < REQUESTS % ROUNDS ? 1 : 0);
      const offset = round * Math.floor(REQUESTS / ROUNDS);
      gatewayMs += await runConcurrently(share, CONNECTIONS, (index) => readGateway(gatewayTimes)(offset + index));
      hopMs += await runConcurrently(share, CONNECTIONS, (index) => readHop(hopTimes)(offset + index));
    }

    const gatewayPerSecond = REQUESTS / (gatewayMs / 1000);
    const hopPerSecond = REQUESTS / (hopMs / 1000);
    const ratio = gatewayPerSecond / hopPerSecond;
    const gateway = bench.shape(`GET /api/v1/venues/:id (${CONNECTIONS} conn.)`, gatewayTimes, { reqPerSecond: Math.round(gatewayPerSecond) });
    const plain = bench.shape(`plain Fastify → grpc-js hop (${CONNECTIONS} conn.)`, hopTimes, { reqPerSecond: Math.round(hopPerSecond) });
    bench.figure(
      'requestsPerSecond',
      gatewayPerSecond,
      `gateway: ${REQUESTS} requests, ${Math.round(gatewayPerSecond)} req/s, p50 ${gateway.p50Ms} ms, p99 ${gateway.p99Ms} ms`,
    );
    bench.figure(
      'plainHopRequestsPerSecond',
      hopPerSecond,
      `plain hop: ${REQUESTS} requests, ${Math.round(hopPerSecond)} req/s, p50 ${plain.p50Ms} ms, p99 ${plain.p99Ms} ms`,
    );
    bench.figure(
      'ratioToPlainHop',
      ratio,
      `ratio gateway / plain hop: ${ratio.toFixed(2)} (target ≥ ${TARGET.ratio}); gateway p99 ${gateway.p99Ms} ms (target ≤ ${TARGET.p99Ms} ms)`,
    );
    bench.detail('before', BEFORE);
    bench.detail('target', TARGET);
    bench.log(
      `before the read models (33 venues): gateway ${BEFORE.gateway.reqPerSecond} req/s, p50 ${BEFORE.gateway.p50Ms} ms, p99 ${BEFORE.gateway.p99Ms} ms; ` +
        `plain hop ${BEFORE.hop.reqPerSecond} req/s, p99 ${BEFORE.hop.p99Ms} ms; ratio ${BEFORE.ratio}`,
    );
  } finally {
    await hop.stop();
  }
});
