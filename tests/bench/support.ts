// What every benchmark in tests/bench shares: the stack (with the demo accounts, no demo venues), signing in
// through the public HTTP API as a user does, sizing (full, or the smoke size `npm test` runs), a
// concurrency helper, latency summaries, and the report: a table on stdout and artifacts/bench/<name>.json.
//
// Figures are printed and written, never asserted as timings. A benchmark fails (exit 1) when a request
// fails or returns wrong data, so a benchmark that no longer works turns `npm test` red.
//
//   BENCH_SMOKE=1                      smoke size (set by `npm run bench -- --smoke` and by `npm test`)
//   BENCH_ACCESS_TOKEN_TTL_SECONDS=30  shorter access tokens for the gateway (proves long runs refresh)
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import { REPO_ROOT, startStack, TEST_PASSWORD_HASH_LOG2_N } from '@venuebook/local';
import type { RunningStack } from '@venuebook/local';
import type { Role, VenueDocumentDto } from '@venuebook/domain';
import { createHealthChecker } from '@venuebook/service-kit';
import { Agent, request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';

/** True in the smoke size: a quick run that proves the benchmark still works. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** Picks the full or the smoke value; `override` (a number from the environment, if set) wins. */
export function sized(values: { full: number; smoke: number }, override?: string): number {
  if (override !== undefined && override !== '') {
    const value = Number(override);
    if (!Number.isInteger(value) || value <= 0) throw new BenchError(`expected a positive integer, got '${override}'`);
    return value;
  }
  return SMOKE ? values.smoke : values.full;
}

/** A benchmark that no longer measures what it should: a failed request or wrong data. */
export class BenchError extends Error {
  override name = 'BenchError';
}

/** Fails the benchmark unless `actual` equals `expected`. */
export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new BenchError(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/** Fails the benchmark unless `condition` holds. */
export function expectTrue(condition: boolean, what: string): void {
  if (!condition) throw new BenchError(what);
}

// ---------------------------------------------------------------------------------------------------------
// Latency figures

export interface LatencySummary {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

export function summarize(times: readonly number[]): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    meanMs: round(mean),
  };
}

/**
 * Runs task(0) … task(count - 1) on `concurrency` workers (each starts the next index when its task ends).
 * The first failure stops the workers from taking more and is thrown. Returns the elapsed milliseconds.
 */
export async function runConcurrently(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(concurrency, count) }, worker));
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return performance.now() - started;
}

/** The busy share of all cores under which the machine counts as quiet, and how long `settle` waits at most. */
const SETTLED_BUSY = 0.1;
const SETTLE_LIMIT_MS = 120_000;

/** Busy and total jiffies of all cores since boot (the first line of /proc/stat). */
function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** Samples the machine's CPU each second until a second is under SETTLED_BUSY busy (or the limit passes). */
async function waitUntilQuiet(): Promise<{ ms: number; busy: number }> {
  const started = performance.now();
  let busy = 1;
  while (performance.now() - started < SETTLE_LIMIT_MS) {
    const before = cpuTimes();
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 1000));
    const after = cpuTimes();
    busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < SETTLED_BUSY) break;
  }
  return { ms: performance.now() - started, busy };
}

// ---------------------------------------------------------------------------------------------------------
// Signing in and calling the API as a user does

const REQUEST_TIMEOUT_MS = 30_000;
/** How often a read answered 503 ('Service temporarily unavailable. Please try again.') is tried again. */
const UNAVAILABLE_RETRIES = 2;
const UNAVAILABLE_BACKOFF_MS = 250;
/**
 * The load generator shares the machine's two cores with the servers it measures, so it should cost as little
 * as it can: undici's `request` on keep-alive connections (one per concurrent request, reused) costs well under
 * half the CPU per call of `fetch` (WHATWG streams, an AbortSignal per call), which leaves the servers more of
 * the cores and so lets them answer more requests a second. Every path a benchmark compares goes through this
 * one client.
 */
const dispatcher = new Agent({ keepAliveTimeout: 30_000, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });

export interface ApiResponse<T> {
  status: number;
  body: T;
  /** The HTTP exchange alone (request sent until the body is read); excludes any token refresh. */
  ms: number;
  headers: Dispatcher.ResponseData['headers'];
}

interface Cookie {
  value: string;
  path: string;
}

interface Session {
  accessToken: string;
  expiresIn: number;
  expiresAt: number;
  user: { id: string; email: string; role: string };
}

/**
 * A signed-in user of the public API: `POST /api/v1/auth/token?grant_type=password` once, the access token
 * as Bearer on every call, and a refresh (`grant_type=refresh_token` with the refresh cookie, as the
 * browser does) shortly before the access token expires, so a run longer than ACCESS_TOKEN_TTL_SECONDS
 * keeps going. Concurrent calls share one refresh. A read (GET) answered 503 is tried again up to twice,
 * as the API's message asks and as the browser app does; its latency then includes the wait, and the
 * retries are counted in the report. Any other unexpected status fails the benchmark.
 */
export class ApiClient {
  readonly baseUrl: string;
  /** How many times the session was refreshed. */
  refreshes = 0;
  /** Reads answered 503 and tried again. */
  unavailableRetries = 0;
  #session: Session | undefined;
  #refreshing: Promise<void> | undefined;
  readonly #cookies = new Map<string, Cookie>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Signs in with e-mail and password; fails the benchmark when the gateway refuses. */
  static async signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    await client.#token('password', credentials);
    return client;
  }

  get user(): Session['user'] {
    if (!this.#session) throw new BenchError('not signed in');
    return this.#session.user;
  }

  /** The `authorization` header's value for a request made outside `request` (e.g. a multipart upload), refreshed when due. */
  async authorization(): Promise<string> {
    await this.#fresh();
    return `Bearer ${this.#session!.accessToken}`;
  }

  get<T>(path: string, expectStatus = 200): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, { expectStatus });
  }

  post<T>(path: string, body: unknown, expectStatus = 201): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { body, expectStatus });
  }

  /**
   * A signed-in call; any status other than `expectStatus` fails the benchmark (a GET's 503 is retried first).
   * `baseUrl` sends it elsewhere with the same client and headers (e.g. a yardstick server beside the gateway).
   */
  async request<T>(method: string, path: string, options: { body?: unknown; expectStatus?: number; baseUrl?: string } = {}): Promise<ApiResponse<T>> {
    let spentMs = 0;
    for (let attempt = 0; ; attempt++) {
      await this.#fresh();
      const headers: Record<string, string> = { authorization: `Bearer ${this.#session!.accessToken}`, accept: 'application/json' };
      const mayRetry = method === 'GET' && attempt < UNAVAILABLE_RETRIES;
      const response = await this.#exchange<T>(method, path, headers, options.body, options.expectStatus ?? 200, mayRetry, options.baseUrl);
      if (!('unavailable' in response)) return { ...response, ms: spentMs + response.ms };
      this.unavailableRetries++;
      const backoffMs = UNAVAILABLE_BACKOFF_MS * (attempt + 1);
      await new Promise((resolveSleep) => setTimeout(resolveSleep, backoffMs));
      spentMs += response.ms + backoffMs;
    }
  }

  async #exchange<T>(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: unknown,
    expectStatus: number,
    mayRetry = false,
    baseUrl = this.baseUrl,
  ): Promise<ApiResponse<T> | { unavailable: true; ms: number }> {
    const cookie = [...this.#cookies].filter(([, c]) => path.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`);
    if (cookie.length > 0) headers.cookie = cookie.join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status: number;
    let responseHeaders: Dispatcher.ResponseData['headers'];
    let text: string;
    try {
      const response = await undiciRequest(`${baseUrl}${path}`, {
        dispatcher,
        method: method as Dispatcher.HttpMethod,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      text = await response.body.text();
    } catch (error) {
      throw new BenchError(`${method} ${path}: ${(error as Error).message}`);
    }
    const ms = performance.now() - started;
    this.#keepCookies(responseHeaders);
    if (mayRetry && status === 503 && expectStatus !== 503) return { unavailable: true, ms };
    if (status !== expectStatus) throw new BenchError(`${method} ${path}: expected ${expectStatus}, got ${status} ${text.slice(0, 300)}`);
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new BenchError(`${method} ${path}: the answer is not JSON: ${text.slice(0, 300)}`);
      }
    }
    return { status, body: parsed as T, ms, headers: responseHeaders };
  }

  async #token(grantType: 'password' | 'refresh_token', credentials?: { email: string; password: string }): Promise<void> {
    const response = await this.#exchange<Session>('POST', `/api/v1/auth/token?grant_type=${grantType}`, { accept: 'application/json' }, credentials, 200);
    if ('unavailable' in response) throw new BenchError(`${grantType}: unavailable`);
    const { body } = response;
    expectTrue(typeof body?.accessToken === 'string' && body.accessToken.length > 0, `${grantType}: no access token in the answer`);
    expectTrue(Number.isFinite(body.expiresAt) && body.expiresIn > 0, `${grantType}: no expiry in the answer`);
    this.#session = body;
  }

  /** Refreshes when the access token has less than a third of its life (at most a minute) left. */
  async #fresh(): Promise<void> {
    const session = this.#session;
    if (!session) throw new BenchError('not signed in');
    const margin = Math.min(60, session.expiresIn / 3);
    if (Date.now() / 1000 < session.expiresAt - margin) return;
    this.#refreshing ??= this.#token('refresh_token')
      .then(() => {
        this.refreshes++;
      })
      .finally(() => {
        this.#refreshing = undefined;
      });
    await this.#refreshing;
  }

  /** A minimal cookie jar: name → value and path; an empty value or Max-Age=0 removes the cookie. */
  #keepCookies(headers: Dispatcher.ResponseData['headers']): void {
    const setCookie = headers['set-cookie'];
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const attribute = (key: string): string | undefined => attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attribute('expires');
      const removed = value === '' || attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (removed) this.#cookies.delete(name);
      else this.#cookies.set(name, { value, path: attribute('path') ?? '/' });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Timing list shapes

/** A request shape of a list benchmark: `read` makes one request, checks its answer and returns its latency. */
export interface ReadShape {
  label: string;
  /** What the report shows beside the timings (e.g. the list's total). */
  extra?: Record<string, string | number>;
  read(): Promise<number>;
}

export interface ShapeTiming {
  requests: number;
  warmUp: number;
  rounds: number;
  connections: number;
  targetP99Ms: number;
}

/**
 * Times each shape: `warmUp` requests first (not counted), then `requests` requests over `connections`
 * concurrent connections, in `rounds` rounds that take every shape in turn (a passing load falls on every
 * shape alike). Records each shape's latencies and req/s and the figure `shapesOverTarget` (how many shapes
 * missed p99 ≤ targetP99Ms, listed in its label).
 */
export async function timeShapes(bench: Bench, shapes: readonly ReadShape[], timing: ShapeTiming): Promise<void> {
  for (const shape of shapes) await runConcurrently(timing.warmUp, timing.connections, async () => void (await shape.read()));
  const times = new Map(shapes.map((shape) => [shape.label, [] as number[]]));
  const elapsed = new Map(shapes.map((shape) => [shape.label, 0]));
  for (let round = 0; round < timing.rounds; round++) {
    const share = Math.floor(timing.requests / timing.rounds) + (round < timing.requests % timing.rounds ? 1 : 0);
    for (const shape of shapes) {
      const ms = await runConcurrently(share, timing.connections, async () => void times.get(shape.label)!.push(await shape.read()));
      elapsed.set(shape.label, elapsed.get(shape.label)! + ms);
    }
  }
  const missed: string[] = [];
  for (const shape of shapes) {
    const reqPerSecond = Math.round(timing.requests / (elapsed.get(shape.label)! / 1000));
    const summary = bench.shape(`${shape.label} (${timing.connections} conn.)`, times.get(shape.label)!, { ...shape.extra, reqPerSecond });
    if (summary.p99Ms > timing.targetP99Ms) missed.push(`${shape.label} (p99 ${summary.p99Ms} ms)`);
  }
  bench.detail('targetP99Ms', timing.targetP99Ms);
  bench.figure('shapesOverTarget', missed.length, `p99 over ${timing.targetP99Ms} ms: ${missed.length === 0 ? 'none' : missed.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------------------
// Running a benchmark

export interface Bench {
  name: string;
  stack: RunningStack;
  /** Signs in as the demo account of `role` through the public API. */
  signIn(role: Role): Promise<ApiClient>;
  /** Records a parameter (count, repetitions, concurrency…) for the report. */
  parameter(key: string, value: string | number | boolean): void;
  /** Records a single figure (e.g. creations per second) and prints it with `label` (none: printed with another's). */
  figure(key: string, value: number, label?: string): void;
  /** Records the latencies of one request shape; `extra` (e.g. the list total) goes into the report too. */
  shape(label: string, times: readonly number[], extra?: Record<string, string | number>): LatencySummary;
  /** Records structured detail that is neither a figure nor a latency (e.g. one row per downloaded file). */
  detail(key: string, value: unknown): void;
  log(message: string): void;
  /**
   * Waits until the machine is quiet (under SETTLED_BUSY of both cores busy over a second, at most
   * SETTLE_LIMIT_MS) and records how long that took as the figure `<key>Seconds`: what a burst of writes
   * sets going (events consumed by every read model, audit entries stored) finishes before reads are timed,
   * so the timings are of the reads and not of the writes' tail.
   */
  settle(key: string): Promise<void>;
}

export interface BenchReport {
  name: string;
  title: string;
  status: 'passed' | 'failed';
  error?: string;
  size: 'smoke' | 'full';
  startedAt: string;
  durationSeconds: number;
  machine: {
    cores: number;
    cpuModel: string;
    memoryGiB: number;
    platform: string;
    arch: string;
    node: string;
    /** The database behind the venues: FerretDB on SQLite, a mongod, a Docker MongoDB or MONGODB_URI. */
    storageKind: string;
    /** Where each server came from (stack.infra.sources): a binary's path, 'docker' or 'env'. */
    storage: Record<string, string>;
  };
  parameters: Record<string, string | number | boolean>;
  figures: Record<string, number>;
  shapes: Record<string, LatencySummary & Record<string, string | number>>;
  details?: Record<string, unknown>;
}

/** What `source` (stack.infra.sources.mongo) says about the database. */
function storageKind(source: string): string {
  if (source === 'env') return 'MongoDB-compatible server from MONGODB_URI';
  if (source === 'docker') return 'MongoDB 8 (Docker)';
  if (basename(source) === 'mongod') return 'MongoDB (mongod)';
  if (basename(source) === 'ferretdb') return 'FerretDB v1 on SQLite';
  return source;
}

/** The report of every benchmark: artifacts/bench/<name>.json. */
export function reportPath(name: string): string {
  return join(REPO_ROOT, 'artifacts', 'bench', `${name}.json`);
}

function printShapes(shapes: BenchReport['shapes']): void {
  const rows = Object.entries(shapes);
  if (rows.length === 0) return;
  const extras = [
    ...new Set(rows.flatMap(([, shape]) => Object.keys(shape).filter((key) => !['samples', 'p50Ms', 'p95Ms', 'p99Ms', 'maxMs', 'meanMs'].includes(key)))),
  ];
  const width = Math.max(22, ...rows.map(([label]) => label.length + 2));
  const columns = ['p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'mean ms', 'n'];
  console.log(`\n${'request'.padEnd(width)}${columns.map((column) => column.padStart(9)).join('')}${extras.map((extra) => `  ${extra}`).join('')}`);
  for (const [label, shape] of rows) {
    const values = [shape.p50Ms, shape.p95Ms, shape.p99Ms, shape.maxMs, shape.meanMs].map((value) => value.toFixed(1).padStart(9));
    console.log(
      `${label.padEnd(width)}${values.join('')}${String(shape.samples).padStart(9)}${extras.map((extra) => `  ${String(shape[extra] ?? '')}`).join('')}`,
    );
  }
}

/**
 * Starts a fresh stack (own data folder, the demo accounts, no demo venues; `env`: the operator's settings,
 * e.g. VENUES_REPLICAS), runs `body`, prints the table and writes artifacts/bench/<name>.json (also when it
 * fails, with the error), stops everything. Sets the exit code to 1 when the benchmark failed.
 */
export async function runBench(
  spec: { name: string; title: string; env?: Record<string, string>; gatewayEnv?: Record<string, string> },
  body: (bench: Bench) => Promise<void>,
): Promise<void> {
  const startedAt = new Date();
  const report: BenchReport = {
    name: spec.name,
    title: spec.title,
    status: 'passed',
    size: SMOKE ? 'smoke' : 'full',
    startedAt: startedAt.toISOString(),
    durationSeconds: 0,
    machine: {
      cores: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      platform: process.platform,
      arch: process.arch,
      node: process.version,
      storageKind: 'unknown',
      storage: {},
    },
    parameters: {},
    figures: {},
    shapes: {},
  };
  const log = (message: string): void => console.log(message);
  log(`${spec.title} (${report.size} size)`);

  const dataDir = mkdtempSync(join(tmpdir(), `venuebook-bench-${spec.name}-`));
  let stack: RunningStack | undefined;
  const clients: ApiClient[] = [];
  try {
    const ttl = process.env.BENCH_ACCESS_TOKEN_TTL_SECONDS;
    stack = await startStack({
      dataDir,
      port: 0,
      seed: 'accounts',
      env: spec.env ?? {},
      logLevel: 'warn',
      // The smoke size proves the bench works; the full size signs in at the production password cost.
      ...(SMOKE ? { passwordHashLog2N: TEST_PASSWORD_HASH_LOG2_N } : {}),
      gatewayEnv: { ...spec.gatewayEnv, ...(ttl ? { ACCESS_TOKEN_TTL_SECONDS: ttl } : {}) },
    });
    report.machine.storage = { ...stack.infra.sources };
    report.machine.storageKind = storageKind(stack.infra.sources.mongo);
    const running = stack;
    const bench: Bench = {
      name: spec.name,
      stack: running,
      async signIn(role) {
        const account = running.accounts.find((candidate) => candidate.role === role);
        if (!account) throw new BenchError(`no demo account with the role ${role}`);
        const client = await ApiClient.signIn(running.url, account);
        clients.push(client);
        return client;
      },
      parameter(key, value) {
        report.parameters[key] = value;
      },
      figure(key, value, label) {
        report.figures[key] = Math.round(value * 100) / 100;
        if (label !== undefined) log(label);
      },
      shape(label, times, extra = {}) {
        if (times.length === 0) throw new BenchError(`${label}: no samples`);
        const summary = summarize(times);
        report.shapes[label] = { ...summary, ...extra };
        return summary;
      },
      detail(key, value) {
        report.details = { ...report.details, [key]: value };
      },
      log,
      async settle(key) {
        // The smoke size's timings are never judged, and `npm test` runs two benchmarks at a time: waiting for a
        // quiet machine there would wait for the other one (up to the limit).
        if (SMOKE) {
          log(`${key}: smoke size, timed without waiting for a quiet machine`);
          return;
        }
        const { ms, busy } = await waitUntilQuiet();
        report.figures[`${key}Seconds`] = Math.round(ms / 100) / 10;
        log(`${key}: the machine was quiet (${Math.round(busy * 100)} % busy) after ${(ms / 1000).toFixed(1)} s`);
      },
    };
    await body(bench);
  } catch (error) {
    report.status = 'failed';
    report.error = error instanceof BenchError ? error.message : ((error as Error).stack ?? String(error));
  } finally {
    await stack?.stop().catch((error: unknown) => console.error(`stopping the stack: ${(error as Error).message}`));
    await dispatcher.destroy();
    const logs = join(dataDir, 'logs');
    if (report.status === 'failed') log(`server logs kept in ${logs}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }

  // Every signed-in client's refreshes and 503 retries (reads under overload), so the figures disclose them.
  report.figures.sessionRefreshes = clients.reduce((sum, client) => sum + client.refreshes, 0);
  report.figures.unavailableRetries = clients.reduce((sum, client) => sum + client.unavailableRetries, 0);
  report.durationSeconds = Math.round((Date.now() - startedAt.getTime()) / 100) / 10;
  printShapes(report.shapes);
  log(`\nsession refreshes: ${report.figures.sessionRefreshes}; reads answered 503 and retried: ${report.figures.unavailableRetries}`);
  log(`${report.machine.cores} cores, Node ${report.machine.node}, ${report.machine.storageKind}; ${report.durationSeconds} s`);
  const file = reportPath(spec.name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`figures: ${file.replace(`${REPO_ROOT}/`, '')}`);
  if (report.status === 'failed') {
    console.error(`\n\x1b[31mbenchmark ${spec.name} failed:\x1b[0m ${report.error}`);
    process.exitCode = 1;
  }
}

/** A service process started by a bench (`spawnServiceUntilServing`). */
export interface SpawnedService {
  address: string;
  child: ChildProcess;
  /** spawn → health SERVING, ms. */
  servingMs: number;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts a service's entry point as its own process, as deploy/local's startGrpcService does (loopback plain-text
 * gRPC on `port`, output appended to `logFile`), with `env` on top of this process's, then polls its health every
 * 50 ms for `serviceTypeName` and waits up to `timeoutMs` for SERVING (the caller's bound; startGrpcService waits
 * up to its own SERVICE_READY_TIMEOUT_MS, 10 minutes). A process that exits or never serves is stopped and fails the bench.
 */
export async function spawnServiceUntilServing(options: {
  name: string;
  main: string;
  serviceTypeName: string;
  port: number;
  logFile: string;
  env: Record<string, string>;
  timeoutMs: number;
}): Promise<SpawnedService> {
  const { name, main, serviceTypeName, port, logFile, env, timeoutMs } = options;
  const address = `127.0.0.1:${port}`;
  const out = openSync(logFile, 'a', 0o600);
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      ...env,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(port),
      GRPC_TLS_CERT: '',
      GRPC_TLS_KEY: '',
      GRPC_TLS_CA: '',
      GRPC_ALLOW_INSECURE: '',
    },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const health = createHealthChecker(address);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new BenchError(`the ${name} service exited (code ${child.exitCode}) before serving; see ${logFile}`);
      if (Date.now() > deadline) throw new BenchError(`the ${name} service did not serve within ${timeoutMs / 1000} s; see ${logFile}`);
      if ((await health.check(serviceTypeName).catch(() => 'UNKNOWN')) === 'SERVING') break;
      await new Promise((resolveSleep) => setTimeout(resolveSleep, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    health.close();
  }
  return { address, child, servingMs: performance.now() - started, logFile, stop };
}

/** A service's JSON log lines (pino), in order. */
export function serviceLogLines(file: string): { msg?: string; time?: number; ms?: number; reason?: string; readModel?: string; kept?: number }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; time?: number; ms?: number; reason?: string; readModel?: string; kept?: number });
}

/** Each read model's last 'read model loaded' line in a service's log: its load time and how many records it kept. */
export function readModelLoads(file: string): Record<string, { ms: number; kept: number }> {
  const loads: Record<string, { ms: number; kept: number }> = {};
  for (const line of serviceLogLines(file))
    if (line.msg === 'read model loaded' && line.readModel) loads[line.readModel] = { ms: line.ms ?? Number.NaN, kept: line.kept ?? 0 };
  return loads;
}

// ---------------------------------------------------------------------------------------------------------
// Documents and processes

/**
 * One multipart upload through the gateway (`POST /api/v1/venues/{id}/documents`, as the browser's FormData upload:
 * the queue sends it with XMLHttpRequest, the same multipart body); answers the document, the time from the first
 * byte sent to the answer read, and the answer's headers. Anything but 201 fails the benchmark.
 */
export async function uploadDocument(
  api: ApiClient,
  venueId: string,
  file: { name: string; type: string; bytes: Uint8Array; category?: string },
): Promise<{ document: VenueDocumentDto; ms: number; headers: Headers }> {
  const form = new FormData();
  form.set('category', file.category ?? (file.type.startsWith('image/') ? 'photos' : 'general'));
  form.set('lastModified', String(Date.now()));
  form.set('size', String(file.bytes.byteLength));
  form.set('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  const authorization = await api.authorization();
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${api.baseUrl}/api/v1/venues/${venueId}/documents`, {
      method: 'POST',
      headers: { authorization, accept: 'application/json' },
      body: form,
    });
    text = await response.text();
  } catch (error) {
    throw new BenchError(`upload of ${file.name}: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`);
  }
  const ms = performance.now() - started;
  if (response.status !== 201) throw new BenchError(`upload of ${file.name}: expected 201, got ${response.status} ${text.slice(0, 300)}`);
  return { document: JSON.parse(text) as VenueDocumentDto, ms, headers: response.headers };
}

/** CPU milliseconds (user + system) of process `pid` since it started, from /proc (clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)), so 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Process `pid`'s resident memory now (VmRSS) and its peak since it started (VmHWM), in MiB, from /proc. */
export function processRssMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** The processes this one started (the stack's servers, stand-ins and services). */
function childPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command: the state, then the parent's pid.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * A child of this process one of whose arguments matches `argument` (the servers and stand-ins the stack started, e.g.
 * /\/minio$/ or /google-drive\.ts$/): this benchmark's own, when `npm test` runs two at a time.
 */
export function childProcessPid(argument: RegExp): number | undefined {
  return childPids().find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        .split('\0')
        .some((arg) => argument.test(arg));
    } catch {
      return false;
    }
  });
}

/**
 * CPU ms that every process on the machine but this one, the processes it started and the kernel's own threads has
 * spent, now: each one's own and that of its children it has reaped (so a build that ran and ended in between still
 * counts through the process that started it).
 */
function otherProcessesCpuMs(): number {
  const mine = new Set([process.pid, ...childPids()]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || mine.has(Number(entry))) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command (proc(5), 1-based): the parent's pid is field 4, utime 14, stime 15, cutime 16, cstime 17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      // The kernel's threads (kthreadd's children) work for everyone: the page cache's writeback of this run's files too.
      if (Number(entry) === 2 || parent === 2) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

/**
 * Watches the machine from now on: `otherCores()` answers how many cores other work (every process but this one and
 * those it started, e.g. another checkout's build) kept busy on average since, which disturbs what was timed meanwhile.
 */
export function watchOtherWork(): { otherCores(): number } {
  const before = otherProcessesCpuMs();
  const started = performance.now();
  return {
    otherCores: () => Math.max(0, otherProcessesCpuMs() - before) / Math.max(1, performance.now() - started),
  };
}
