// Replica convergence: `npm start` with VENUES_REPLICAS=2. BENCH_VENUES venues (default 500; smoke 20) are
// created at a steady BENCH_RATE per second (default 10; smoke 20) straight through replica 1 (gRPC with a
// signed user context, so the replica is pinned); for each, replica 2 is asked every BENCH_POLL_MS (default 2)
// for the venue's unique name (ListVenues, answered from its read model) until it lists it. Convergence =
// from replica 1's answer to the first answer of replica 2 that lists the venue (resolution: one poll).
// Every listed venue must be the one created. Reports p50/p99 (target p99 ≤ 1 s; before the read models there were
// no replicas).
import { randomUUID } from 'node:crypto';
import { DEMO_VENUES } from '@venuebook/local';
import { createClient } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { userContextSigner } from '@venuebook/service-kit';
import { BenchError, expectEqual, runBench, sized } from './support.ts';

const VENUES = sized({ full: 500, smoke: 20 }, process.env.BENCH_VENUES);
const RATE = sized({ full: 10, smoke: 20 }, process.env.BENCH_RATE);
const POLL_MS = sized({ full: 2, smoke: 2 }, process.env.BENCH_POLL_MS);
/** A venue not listed by replica 2 this long after replica 1 answered fails the benchmark. */
const GIVE_UP_MS = 10_000;
const TARGET_P99_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await runBench(
  { name: 'venue-replicas', title: 'Replica convergence: created through venues replica 1, listed by replica 2', env: { VENUES_REPLICAS: '2' } },
  async (bench) => {
    const replicas = bench.stack.services.venues.replicas;
    expectEqual(replicas.length, 2, 'venues replicas');
    bench.parameter('replicas', replicas.length);
    bench.parameter('venues', VENUES);
    bench.parameter('createsPerSecond', RATE);
    bench.parameter('pollMs', POLL_MS);
    const editor = { userId: randomUUID(), email: 'editor@example.com', role: 'editor', requestId: 'bench-replicas' };
    const [first, second] = replicas.map((replica) =>
      createClient(VenuesService, replica.address, { deadlineMs: 10_000, metadata: userContextSigner(editor, bench.stack.secrets.USER_CONTEXT_KEY) }),
    ) as [ReturnType<typeof createClient<typeof VenuesService>>, ReturnType<typeof createClient<typeof VenuesService>>];
    const createTimes: number[] = [];
    const convergence: number[] = [];
    let polls = 0;

    /** Creates venue `index` through replica 1 and polls replica 2 until it lists it. */
    async function one(index: number): Promise<void> {
      const template = DEMO_VENUES[index % DEMO_VENUES.length]!;
      // A random word of its own (the search matches word prefixes and tolerates typos, so no counter).
      const token = `rc${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const sent = performance.now();
      const created = (await first.createVenue({ venue: { name: `${template.name} ${token}`, leagues: template.leagues } })).venue;
      const answered = performance.now();
      createTimes.push(answered - sent);
      if (!created) throw new BenchError(`replica 1 returned no venue for ${token}`);
      for (;;) {
        const listed = await second.listVenues({ query: token });
        polls += 1;
        if (listed.venues.some((venue) => venue.id === created.id)) {
          convergence.push(performance.now() - answered);
          return;
        }
        if (listed.venues.length > 0) throw new BenchError(`replica 2 lists other venues for ${token}: ${listed.venues.map((venue) => venue.name).join(', ')}`);
        if (performance.now() - answered > GIVE_UP_MS) throw new BenchError(`replica 2 did not list ${token} within ${GIVE_UP_MS} ms`);
        await sleep(POLL_MS);
      }
    }

    try {
      const started = performance.now();
      const pending: Promise<void>[] = [];
      let failure: unknown;
      for (let index = 0; index < VENUES && failure === undefined; index += 1) {
        // A steady rate: venue i starts at i / RATE seconds, whether or not earlier ones have converged.
        const wait = started + (index * 1000) / RATE - performance.now();
        if (wait > 0) await sleep(wait);
        pending.push(one(index).catch((error: unknown) => void (failure ??= error)));
      }
      await Promise.all(pending);
      if (failure !== undefined) throw failure;
      const seconds = (performance.now() - started) / 1000;
      bench.shape('CreateVenue on replica 1', createTimes);
      const summary = bench.shape('convergence: listed by replica 2', convergence, { polls });
      bench.figure(
        'convergenceP50Ms',
        summary.p50Ms,
        `convergence over ${VENUES} venues at ${RATE}/s: p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, max ${summary.maxMs} ms (target p99 ≤ ${TARGET_P99_MS} ms)`,
      );
      bench.figure('convergenceP99Ms', summary.p99Ms, `${polls} polls of replica 2 in ${seconds.toFixed(1)} s`);
      bench.figure('targetP99Ms', TARGET_P99_MS, 'before the read models: no replicas (one venues process)');
      bench.detail('before', 'no replicas: npm start ran one process per service');
    } finally {
      first.close();
      second.close();
    }
  },
);
