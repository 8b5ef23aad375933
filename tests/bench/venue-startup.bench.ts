// Start-up and memory of the venues service against its collection size (memory and start-up are
// part of the design). For each size (full: 0, 10,000 and 100,000 venues; smoke: 0, 500 and 2,000; or
// BENCH_STARTUP_SIZES=0,5000,…) the venues are written straight into a database of their own
// (services/venues/src/testing/seed-venues.ts: the service's model, documents as the service writes them;
// seeding is set-up, not measured), then the venues service is started as its own process on that
// database, as `npm start` does, and measured:
//   - start-up: spawn → 'gRPC server listening' (its log's time) and spawn → health SERVING (polled every 50 ms);
//   - the read model's own load time (its 'read model loaded' log line);
//   - memory after the load: RSS (/proc/<pid>/status VmRSS), the peak (VmHWM) and the V8 heap after a full
//     GC (asked over the inspector protocol: the service runs with --inspect on a loopback port);
//   - memory per 10,000 venues: the difference against the empty start;
//   - a rebuild: the service's NATS connection is cut (it talks to NATS through a TCP relay here), the read
//     model rebuilds on the reconnect as it does in production, and its load time and the peak RSS while
//     old and new state are both held are reported.
// Then the same at company scale (BENCH_STARTUP_DOMAIN, full: 10,000 venues; smoke: 500), with the venues'
// contacts and events seeded too: start-up with every read model loaded (each one's load time is logged), RSS,
// heap and the rebuilds' peak.
// Every start is checked: ListVenues answers total = N, and the first page of each sort is in order.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@venuebook/local';
import { freePort } from '@venuebook/service-kit/processes';
import { nameKey } from '@venuebook/domain';
import { createClient } from '@venuebook/grpc';
import { VenueSort, VenuesService } from '@venuebook/contracts/venues/v1';
import { userContextSigner } from '@venuebook/service-kit';
import { BenchError, expectEqual, expectTrue, readModelLoads, runBench, serviceLogLines, SMOKE, spawnServiceUntilServing } from './support.ts';
import type { Bench, SpawnedService } from './support.ts';

const SIZES = (process.env.BENCH_STARTUP_SIZES ?? (SMOKE ? '0,500,2000' : '0,10000,100000')).split(',').map((value) => {
  const size = Number(value.trim());
  if (!Number.isInteger(size) || size < 0) throw new BenchError(`BENCH_STARTUP_SIZES: '${value}' is no size`);
  return size;
});
if (!SIZES.includes(0)) SIZES.unshift(0);
/**
 * Company scale: venues with their contacts (a main contact for 6 in 10, and 5 more each: ~56,000 at
 * 10,000 venues) and events (2 each: 20,000), every read model of the venues service loading them.
 * BENCH_STARTUP_DOMAIN=10000,20000 (venue counts; '' for none).
 */
const DOMAIN_SIZES = (process.env.BENCH_STARTUP_DOMAIN ?? (SMOKE ? '500' : '10000'))
  .split(',')
  .filter((value) => value.trim() !== '')
  .map(Number);
const DOMAIN: Domain = { extraContactsPerVenue: 5, eventsPerVenue: 2 };
const SEED_SCRIPT = join(REPO_ROOT, 'services/venues/src/testing/seed-venues.ts');
const SERVICE_MAIN = join(REPO_ROOT, 'services/venues/src/main.ts');
/** How long a start may take before the bench gives up (100,000 venues on a busy 2-core machine take about a minute). */
const START_TIMEOUT_MS = 600_000;
const MB = 1024 * 1024;
const run = promisify(execFile);

/** The rest of the venues domain seeded with the venues (company scale), or none. */
interface Domain {
  /** Contacts per venue besides its main contact (6 in 10 seeded venues have one). */
  extraContactsPerVenue: number;
  eventsPerVenue: number;
}

interface Measured {
  size: number;
  domain: Domain | null;
  contacts: number;
  events: number;
  /** Each read model's load at start-up: time and records kept. */
  loads: Record<string, { ms: number; kept: number }>;
  seedSeconds: number;
  /** spawn → the service's 'gRPC server listening' log line. */
  startupMs: number;
  /** spawn → the health check answered SERVING (polled every 50 ms). */
  servingMs: number;
  loadMs: number;
  rssMB: number;
  peakRssMB: number;
  heapMB: number;
  rebuildMs: number;
  rebuildPeakRssMB: number;
  rssAfterRebuildMB: number;
  heapAfterRebuildMB: number;
}

/** Starts the venues service as its own process on `logDir`/venues.log (a free port), waiting up to START_TIMEOUT_MS. */
async function spawnVenues(logDir: string, env: Record<string, string>): Promise<SpawnedService> {
  mkdirSync(logDir, { recursive: true, mode: 0o700 });
  return spawnServiceUntilServing({
    name: 'venues',
    main: SERVICE_MAIN,
    serviceTypeName: VenuesService.typeName,
    port: await freePort(),
    logFile: join(logDir, 'venues.log'),
    env,
    timeoutMs: START_TIMEOUT_MS,
  });
}

function procStatus(pid: number): { rssMB: number; peakRssMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMB: kB('VmRSS') / 1024, peakRssMB: kB('VmHWM') / 1024 };
}

/** A relay between the service and NATS whose connections the bench can cut (the service reconnects). */
async function natsRelay(natsUrl: string): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const upstream = new URL(natsUrl);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const remote = createConnection(Number(upstream.port), upstream.hostname);
    for (const socket of [client, remote]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(remote).pipe(client);
    client.on('close', () => remote.destroy());
    remote.on('close', () => client.destroy());
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `nats://127.0.0.1:${port}`,
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolveClose());
      }),
  };
}

/** The inspector of a process (Chrome DevTools Protocol over its WebSocket). */
async function inspector(logFile: string): Promise<{ send(method: string, params?: object): Promise<Record<string, unknown>>; close(): void }> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
  if (!url) throw new BenchError(`no inspector URL in ${logFile}`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolveOpen, reject) => {
    socket.addEventListener('open', () => resolveOpen(), { once: true });
    socket.addEventListener('error', () => reject(new BenchError(`cannot reach the inspector at ${url}`)), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve(result: Record<string, unknown>): void; reject(error: Error): void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id!);
    if (message.error) waiting.reject(new BenchError(`inspector: ${message.error.message}`));
    else waiting.resolve(message.result ?? {});
  });
  return {
    send(method, params = {}) {
      const id = ++nextId;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolveResult, reject) => pending.set(id, { resolve: resolveResult, reject }));
    },
    close: () => socket.close(),
  };
}

/** The V8 heap in use after a full GC, and the RSS then. */
async function heapAfterGc(logFile: string, pid: number): Promise<{ heapMB: number; rssMB: number }> {
  const session = await inspector(logFile);
  try {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
    return { heapMB: usage.usedSize / MB, rssMB: procStatus(pid).rssMB };
  } finally {
    session.close();
  }
}

async function waitUntil(what: string, condition: () => boolean, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new BenchError(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 100));
  }
}

/** ListVenues answers total = size, and page 1 of each sort is in its order. */
async function checkList(service: SpawnedService, userContextKey: string, size: number): Promise<void> {
  const client = createClient(VenuesService, service.address, {
    deadlineMs: 10_000,
    metadata: userContextSigner({ userId: 'bench', email: 'bench@example.com', role: 'viewer', requestId: 'bench' }, userContextKey),
  });
  try {
    for (const sort of [VenueSort.NEWEST, VenueSort.UPDATED, VenueSort.NAME]) {
      const page = await client.listVenues({ sort, page: 1, pageSize: 50 });
      expectEqual(page.total, size, `ListVenues (sort ${VenueSort[sort]}) total`);
      expectEqual(page.venues.length, Math.min(50, size), `ListVenues (sort ${VenueSort[sort]}) page 1 length`);
      // A→Z ascends by the name key; Newest and Updated descend by their date.
      const keys = page.venues.map((venue) => (sort === VenueSort.NAME ? nameKey(venue.name) : sort === VenueSort.NEWEST ? venue.createdAt : venue.activityAt));
      const inOrder = keys.every((key, index) => index === 0 || (sort === VenueSort.NAME ? keys[index - 1]! <= key : keys[index - 1]! >= key));
      expectTrue(inOrder, `ListVenues (sort ${VenueSort[sort]}) page 1 is out of order`);
    }
    if (size > 0) {
      const search = await client.listVenues({ query: 'arena', page: 1, pageSize: 50 });
      expectTrue(search.total > 0 && search.total < size, `search 'arena': ${search.total} of ${size}`);
    }
  } finally {
    client.close();
  }
}

async function measure(bench: Bench, size: number, domain: Domain | null = null): Promise<Measured> {
  const { stack } = bench;
  const database = `bench_startup_${size}${domain ? '_domain' : ''}_${process.pid}`;
  const mongoEnv = { MONGODB_URI: stack.infra.env.MONGODB_URI ?? '', MONGODB_DB: database };
  let seedSeconds = 0;
  let seeded = { contacts: 0, events: 0 };
  if (size > 0) {
    const started = performance.now();
    const args = [SEED_SCRIPT, String(size), '1', String(domain?.extraContactsPerVenue ?? 0), String(domain?.eventsPerVenue ?? 0)];
    const { stdout } = await run(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...mongoEnv }, maxBuffer: 1024 * 1024 });
    seedSeconds = (performance.now() - started) / 1000;
    seeded = JSON.parse(stdout.trim()) as { contacts: number; events: number };
    bench.log(`seeded ${size} venues, ${seeded.contacts} contacts, ${seeded.events} events in ${seedSeconds.toFixed(1)} s`);
  }

  const relay = await natsRelay(stack.infra.natsUrl);
  const logDir = join(stack.logDir, `startup-${size}${domain ? '-domain' : ''}`);
  const logFile = join(logDir, 'venues.log');
  const spawnedAt = Date.now();
  const started = performance.now();
  let service: SpawnedService | undefined;
  try {
    service = await spawnVenues(logDir, {
      ...stack.infra.env,
      ...mongoEnv,
      NATS_URL: relay.url,
      USER_CONTEXT_KEY: stack.secrets.USER_CONTEXT_KEY,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim(),
    });
    const servingMs = performance.now() - started;
    const pid = service.child.pid!;
    const lines = serviceLogLines(logFile);
    const listening = lines.find((line) => line.msg === 'gRPC server listening');
    const loads = readModelLoads(logFile);
    const loaded = loads.venues;
    if (!listening?.time || loaded === undefined) throw new BenchError(`no 'gRPC server listening' / venues 'read model loaded' line in ${logFile}`);
    const models = Object.keys(loads).length;
    const { peakRssMB } = procStatus(pid);
    const { heapMB, rssMB } = await heapAfterGc(logFile, pid);
    await checkList(service, stack.secrets.USER_CONTEXT_KEY, size);

    // A rebuild as production triggers it: the NATS connection drops, the client reconnects, the read model reloads.
    const before = serviceLogLines(logFile).filter((line) => line.msg === 'read model rebuilt').length;
    relay.cut();
    // Every read model that follows the stream rebuilds; wait for all of them (the peak is when they overlap).
    await waitUntil(
      `the rebuild of ${size} venues`,
      () => serviceLogLines(logFile).filter((line) => line.msg === 'read model rebuilt').length >= before + models,
    );
    const rebuildMs = readModelLoads(logFile).venues?.ms ?? Number.NaN;
    const rebuildPeakRssMB = procStatus(pid).peakRssMB;
    const after = await heapAfterGc(logFile, pid);
    await checkList(service, stack.secrets.USER_CONTEXT_KEY, size);
    return {
      size,
      domain,
      contacts: seeded.contacts,
      events: seeded.events,
      loads,
      seedSeconds,
      startupMs: listening.time - spawnedAt,
      servingMs,
      loadMs: loaded.ms,
      rssMB,
      peakRssMB,
      heapMB,
      rebuildMs,
      rebuildPeakRssMB,
      rssAfterRebuildMB: after.rssMB,
      heapAfterRebuildMB: after.heapMB,
    };
  } finally {
    // Also when the start failed: a relay left listening would keep this process alive.
    await service?.stop();
    await relay.close();
  }
}

const fixed = (value: number, digits = 0): string => value.toFixed(digits);

await runBench({ name: 'venue-startup', title: 'Venues service start-up and memory by collection size' }, async (bench) => {
  bench.parameter('sizes', SIZES.join(','));
  bench.log(
    'before the read models: the venues service loaded nothing at start (every list scanned the collection per request), so start-up did not depend on the collection size',
  );
  const results: Measured[] = [];
  for (const [size, domain] of [...SIZES.map((size) => [size, null] as const), ...DOMAIN_SIZES.map((size) => [size, DOMAIN] as const)]) {
    const result = await measure(bench, size, domain);
    results.push(result);
    const loads = Object.entries(result.loads)
      .map(([name, load]) => `${name} ${load.kept} in ${load.ms} ms`)
      .join(', ');
    if (result.domain) bench.log(`${String(size).padStart(7)} venues, ${result.contacts} contacts, ${result.events} events: read models ${loads}`);
    bench.log(
      `${String(size).padStart(7)} venues: start-up ${fixed(result.startupMs)} ms (SERVING seen after ${fixed(result.servingMs)} ms), load ${result.loadMs} ms, ` +
        `RSS ${fixed(result.rssMB)} MB (peak ${fixed(result.peakRssMB)}), heap ${fixed(result.heapMB, 1)} MB; ` +
        `rebuild ${result.rebuildMs} ms, peak RSS ${fixed(result.rebuildPeakRssMB)} MB, after it RSS ${fixed(result.rssAfterRebuildMB)} MB, heap ${fixed(result.heapAfterRebuildMB, 1)} MB`,
    );
  }
  bench.detail('runs', results);
  const empty = results.find((result) => result.size === 0)!;
  bench.figure('emptyStartupMs', empty.startupMs, `empty collection: start-up ${fixed(empty.startupMs)} ms`);
  bench.figure('emptyRssMB', empty.rssMB, `empty collection: RSS ${fixed(empty.rssMB)} MB after GC`);
  bench.figure('emptyHeapMB', empty.heapMB, `empty collection: heap ${fixed(empty.heapMB, 1)} MB after GC`);
  for (const result of results.filter((candidate) => candidate.size > 0)) {
    const per10k = (value: number, base: number): number => ((value - base) / result.size) * 10_000;
    if (result.domain) {
      const key = `domain_${result.size}`;
      const label = `${result.size.toLocaleString('en')} venues + ${result.contacts.toLocaleString('en')} contacts + ${result.events.toLocaleString('en')} events:`;
      bench.figure(`startupMs_${key}`, result.startupMs, `${label} start-up ${fixed(result.startupMs)} ms (every read model loaded)`);
      bench.figure(`rssMB_${key}`, result.rssMB, `${label} RSS ${fixed(result.rssMB)} MB after load and GC (peak ${fixed(result.peakRssMB)} MB)`);
      bench.figure(`heapMB_${key}`, result.heapMB, `${label} heap ${fixed(result.heapMB, 1)} MB after GC`);
      bench.figure(
        `rebuildPeakRssMB_${key}`,
        result.rebuildPeakRssMB,
        `${label} peak RSS while the rebuilds hold both states ${fixed(result.rebuildPeakRssMB)} MB`,
      );
      continue;
    }
    const key = String(result.size);
    const label = `${result.size.toLocaleString('en')} venues:`;
    const startupTarget = result.size === 10_000 ? ' (target ≤ 10,000 ms)' : '';
    const rssTarget = result.size === 100_000 ? ' (target ≤ 400 MB)' : '';
    bench.figure(
      `startupMs_${key}`,
      result.startupMs,
      `${label} start-up ${fixed(result.startupMs)} ms${startupTarget}; before the read models: nothing loaded at start`,
    );
    bench.figure(
      `loadMs_${key}`,
      result.loadMs,
      `${label} read model load ${result.loadMs} ms (${fixed((result.loadMs / result.size) * 10_000)} ms per 10,000)`,
    );
    bench.figure(`rssMB_${key}`, result.rssMB, `${label} RSS ${fixed(result.rssMB)} MB after load and GC${rssTarget}`);
    bench.figure(`peakRssMB_${key}`, result.peakRssMB, `${label} peak RSS during the load ${fixed(result.peakRssMB)} MB`);
    bench.figure(`heapMB_${key}`, result.heapMB, `${label} heap ${fixed(result.heapMB, 1)} MB after GC`);
    bench.figure(`rssPer10kMB_${key}`, per10k(result.rssMB, empty.rssMB), `${label} ${fixed(per10k(result.rssMB, empty.rssMB), 1)} MB RSS per 10,000 venues`);
    bench.figure(
      `heapPer10kMB_${key}`,
      per10k(result.heapMB, empty.heapMB),
      `${label} ${fixed(per10k(result.heapMB, empty.heapMB), 1)} MB heap per 10,000 venues`,
    );
    bench.figure(`rebuildMs_${key}`, result.rebuildMs, `${label} rebuild ${result.rebuildMs} ms`);
    bench.figure(
      `rebuildPeakRssMB_${key}`,
      result.rebuildPeakRssMB,
      `${label} peak RSS while a rebuild holds both states ${fixed(result.rebuildPeakRssMB)} MB`,
    );
  }
});
