// The Audit Logs page in Chromium at company scale: BENCH_AUDIT_ENTRIES audit events (default 13,600; smoke 150)
// are published on the audit stream as the services' recorders publish them (creates with a whole record, updates
// with a few changed fields, deletes), identity stores them, then the owner opens /audit-logs cold BENCH_REPEAT
// times (default 3; smoke 1) at 1440×900. Measured in the page (its own clock, from navigation start): when the
// first row is rendered (the frame after it enters the DOM), when the page settles (its last DOM change before a
// second without changes and without an audit-log request in flight), the main thread's long tasks until then,
// and how many rows the DOM holds. When the table loads further pages as it is scrolled, the time from scrolling
// to its end until the next page's first row is rendered is measured BENCH_SCROLL_PAGES times (default 5; smoke 1).
// Figures only; it fails when the page does not render the newest entry first or the count is wrong.
// It builds the front ends first (`turbo run build`, cached when nothing changed); WEB_ROOT=<folder> measures the
// front ends built there instead (e.g. a build of an older commit), without building.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import { REMOTE_NAMES, remotePackageDir } from '@venuebook/domain/remotes';
import type { AuditLogPage } from '@venuebook/domain';
import { REPO_ROOT } from '@venuebook/local';
import { buildAll } from '@venuebook/local/setup';
import { connectNats, publishEvent } from '@venuebook/service-kit';
import { BenchError, expectTrue, runBench, runConcurrently, sized } from './support.ts';
import { CHROMIUM, launchBrowser } from '../setup/chromium.ts';

const COUNT = sized({ full: 13_600, smoke: 150 }, process.env.BENCH_AUDIT_ENTRIES);
const REPEAT = sized({ full: 3, smoke: 1 }, process.env.BENCH_REPEAT);
const SCROLL_PAGES = sized({ full: 5, smoke: 1 }, process.env.BENCH_SCROLL_PAGES);
const VIEWPORT = { width: 1440, height: 900 };
const RENDER_TIMEOUT_MS = 120_000;
/** The page counts as settled after this long without a DOM change and without an audit-log request in flight. */
const QUIET_MS = 1000;

const TABLES = ['venues', 'contacts', 'data_cards', 'venue_data', 'events', 'venue_documents', 'users', 'admin_settings'];
const USERS = Array.from({ length: 25 }, (_, n) => ({ userId: `bench-user-${n}`, email: `bench-${n}@example.com` }));

/** A record as the services audit a create or a delete: about a dozen fields. */
function wholeRecord(n: number, id: string): Record<string, unknown> {
  return {
    id,
    name: `Bench Arena ${n}`,
    country: 'United States',
    address: `${n} Main Street\nSpringfield, IL 62701`,
    displayCityAs: n % 4 === 0 ? 'Springfield' : '',
    deliveryAddress: `Dock ${n % 7}, ${n} Main Street`,
    website: `https://arena-${n}.example.com`,
    leagues: ['OTE', 'OTX'].slice(0, 1 + (n % 2)),
    venueTypes: ['Arena', 'Stadium'].slice(0, 1 + (n % 2)),
    generalNotes: `Load-in through the north gate. ${'Notes '.repeat(20)}`,
    createdBy: USERS[n % USERS.length]!.userId,
    createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
  };
}

/** The values of the n-th entry: a create, an update of a few fields (one of them added), or a delete. */
function change(n: number, recordId: string): { action: string; oldValues: Record<string, unknown> | null; newValues: Record<string, unknown> | null } {
  switch (n % 3) {
    case 0:
      return { action: 'create', oldValues: null, newValues: wholeRecord(n, recordId) };
    case 1:
      return {
        action: 'update',
        oldValues: { name: `Bench Arena ${n}`, website: `https://arena-${n}.example.com` },
        newValues: { name: `Bench Arena ${n} (renamed)`, website: `https://arena-${n}.example.org`, deliveryNotes: 'Call ahead' },
      };
    default:
      return { action: 'delete', oldValues: wholeRecord(n, recordId), newValues: null };
  }
}

/** What the page records about itself (installed before any of its scripts run); times are ms since navigation start. */
interface PageMarks {
  firstRow: number | null;
  lastChange: number;
  longTaskMs: number;
  longTaskEnd: number;
  now: number;
}

function installMarks(): void {
  const marks = { firstRow: null as number | null, lastChange: 0, longTaskMs: 0, longTaskEnd: 0 };
  (window as unknown as { __auditMarks: typeof marks }).__auditMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.longTaskMs += entry.duration;
      marks.longTaskEnd = Math.max(marks.longTaskEnd, entry.startTime + entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    marks.lastChange = performance.now();
    if (marks.firstRow === null && document.querySelector('[data-testid="audit-log-row"]')) {
      marks.firstRow = -1;
      requestAnimationFrame(() => {
        marks.firstRow = performance.now();
      });
    }
  });
  const observe = () => observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  if (document.documentElement) observe();
  else document.addEventListener('readystatechange', observe, { once: true });
}

const readMarks = (page: Page): Promise<PageMarks> =>
  page.evaluate(() => ({ ...(window as unknown as { __auditMarks: Omit<PageMarks, 'now'> }).__auditMarks, now: performance.now() }));

/** Audit-log requests the page has in flight. */
function inFlight(page: Page): () => number {
  let count = 0;
  const isAudit = (url: string) => new URL(url).pathname === '/api/v1/audit-logs';
  page.on('request', (request) => {
    if (isAudit(request.url())) count++;
  });
  const done = (request: { url(): string }) => {
    if (isAudit(request.url())) count--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => count;
}

/** Waits until the page has been quiet for QUIET_MS (no DOM change, no audit-log request) and answers its marks. */
async function settled(page: Page, pending: () => number): Promise<PageMarks> {
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  for (;;) {
    const marks = await readMarks(page);
    if (marks.firstRow !== null && marks.firstRow > 0 && pending() === 0 && marks.now - marks.lastChange >= QUIET_MS) return marks;
    if (Date.now() > deadline) throw new BenchError(`the audit page did not settle within ${RENDER_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await runBench(
  {
    name: 'audit-log-page',
    title: 'Audit Logs page in Chromium at company scale',
    ...(process.env.WEB_ROOT ? { gatewayEnv: { WEB_ROOT: process.env.WEB_ROOT } } : {}),
  },
  async (bench) => {
    const webRoot = process.env.WEB_ROOT ?? REPO_ROOT;
    if (webRoot === REPO_ROOT) {
      try {
        buildAll();
      } catch (error) {
        throw new BenchError(`building the front ends failed: ${(error as Error).message}`);
      }
    }
    const builds = [
      join(webRoot, 'shell', 'dist', 'index.html'),
      ...REMOTE_NAMES.map((name) => join(webRoot, remotePackageDir(name), 'dist', 'remoteEntry.js')),
    ];
    const missing = builds.filter((file) => !existsSync(file));
    if (missing.length > 0) throw new BenchError(`the front ends are not built in ${webRoot} (${missing.join(', ')})`);
    bench.parameter('webRoot', webRoot === REPO_ROOT ? 'this checkout' : webRoot);
    bench.parameter('entries', COUNT);
    bench.parameter('coldLoads', REPEAT);
    bench.parameter('viewport', `${VIEWPORT.width}x${VIEWPORT.height}`);
    bench.parameter('browser', CHROMIUM);
    const base = bench.stack.url;
    const owner = await bench.signIn('owner');
    const account = bench.stack.accounts.find((candidate) => candidate.role === 'owner')!;

    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const context = await browser.newContext({ viewport: VIEWPORT });
      // Signed in before the entries are published, so that what signing in audits is older than every bench entry.
      const signedIn = await context.request.post(`${base}/api/v1/auth/token?grant_type=password`, {
        data: { email: account.email, password: account.password },
      });
      if (signedIn.status() !== 200) throw new BenchError(`browser sign-in: HTTP ${signedIn.status()}`);
      await context.addInitScript(installMarks);
      const errors: Error[] = [];
      context.on('weberror', (error) => errors.push(error.error()));

      // The entries: one second apart, the newest now (identity keeps no time later than its receipt).
      const before = (await owner.get<AuditLogPage>('/api/v1/audit-logs?pageSize=1')).body.total;
      const newestAt = Date.now();
      const records = Array.from({ length: Math.max(1, Math.floor(COUNT / 4)) }, () => randomUUID());
      const nc = await connectNats(bench.stack.infra.natsUrl, { name: 'audit-log-page-bench' });
      try {
        const js = nc.jetstream();
        const publishMs = await runConcurrently(COUNT, 16, async (n) => {
          const recordId = records[n % records.length]!;
          const { action, oldValues, newValues } = change(n, recordId);
          const envelope = createEnvelope(
            SUBJECTS.auditRecorded,
            { service: 'venues', action, table: TABLES[n % TABLES.length]!, recordId, oldValues, newValues },
            { actor: USERS[n % USERS.length]!, occurredAt: new Date(newestAt - (COUNT - 1 - n) * 1000) },
          );
          await publishEvent(js, SUBJECTS.auditRecorded, envelope);
        });
        bench.figure('publishSeconds', publishMs / 1000, `published ${COUNT} audit events in ${(publishMs / 1000).toFixed(1)} s`);
      } finally {
        await nc.drain();
      }
      const storedStart = performance.now();
      let total = before;
      for (total = (await owner.get<AuditLogPage>('/api/v1/audit-logs?pageSize=1')).body.total; total < before + COUNT; ) {
        expectTrue(performance.now() - storedStart < 30 * 60_000, `identity stored only ${total - before} of ${COUNT} entries in 30 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        total = (await owner.get<AuditLogPage>('/api/v1/audit-logs?pageSize=1')).body.total;
      }
      bench.log(`identity stored them: ${total} entries in the log`);
      bench.parameter('logTotal', total);
      await bench.settle('settleAfterStore');

      const loads: { firstRowMs: number; settledMs: number; longTaskMs: number; domRows: number }[] = [];
      let page: Page | undefined;
      for (let i = 0; i < REPEAT; i++) {
        await page?.close();
        page = await context.newPage();
        const pending = inFlight(page);
        await page.goto(`${base}/audit-logs`);
        const marks = await settled(page, pending);
        const domRows = await page.getByTestId('audit-log-row').count();
        // Settled: the last DOM change, long task or first-row frame, whichever came last.
        const settledMs = Math.max(marks.lastChange, marks.longTaskEnd, marks.firstRow!);
        loads.push({ firstRowMs: marks.firstRow!, settledMs, longTaskMs: marks.longTaskMs, domRows });
        bench.log(
          `load ${i + 1}: first row after ${Math.round(marks.firstRow!)} ms, settled after ${Math.round(settledMs)} ms (long tasks ${Math.round(marks.longTaskMs)} ms, ${domRows} rows in the DOM)`,
        );
      }
      page = page!;

      // The newest entry of the log first.
      const newest = (await owner.get<AuditLogPage>('/api/v1/audit-logs?pageSize=1')).body.entries[0]!;
      const firstRow = await page.getByTestId('audit-log-row').first().textContent();
      expectTrue((firstRow ?? '').includes((newest.recordId ?? 'N/A').slice(0, 8)), `the first row is not the newest entry (${newest.recordId}): ${firstRow}`);
      const count = Number((await page.getByTestId('audit-logs-count').textContent())?.replace(/\D/g, ''));
      expectTrue(count > 0, 'the count badge shows no count');

      bench.figure(
        'firstRowMs',
        median(loads.map((load) => load.firstRowMs)),
        `first row rendered after ${Math.round(median(loads.map((load) => load.firstRowMs)))} ms (median of ${loads.length} cold loads)`,
      );
      bench.figure(
        'settledMs',
        median(loads.map((load) => load.settledMs)),
        `page settled after ${Math.round(median(loads.map((load) => load.settledMs)))} ms (median)`,
      );
      bench.figure(
        'longTaskMs',
        median(loads.map((load) => load.longTaskMs)),
        `main thread in long tasks until settled: ${Math.round(median(loads.map((load) => load.longTaskMs)))} ms (median)`,
      );
      bench.figure('domRows', median(loads.map((load) => load.domRows)), `rows in the DOM when settled: ${median(loads.map((load) => load.domRows))}`);
      bench.figure('countShown', count, `the count badge shows ${count} of ${total} entries`);
      bench.detail('loads', loads);

      // Further pages as the table is scrolled to its end: from the scroll until the next page's first row is rendered.
      const scroller = page.getByTestId('audit-logs-scroll');
      const hasMore = async () => (await scroller.getAttribute('data-has-more')) === 'true';
      if (!(await hasMore())) {
        bench.log('the page loads no further pages as it is scrolled: no scroll figures');
      } else {
        const times: number[] = [];
        for (let n = 0; n < SCROLL_PAGES && (await hasMore()); n++) {
          const loaded = Number(await scroller.getAttribute('data-loaded'));
          const ms = await scroller.evaluate(
            (scroller, next) =>
              new Promise<number>((resolve) => {
                const started = performance.now();
                const seen = () => scroller.querySelector(`[data-testid="audit-log-row"][data-index="${next}"]`);
                const observer = new MutationObserver(() => {
                  if (!seen()) return;
                  observer.disconnect();
                  requestAnimationFrame(() => resolve(performance.now() - started));
                });
                observer.observe(scroller, { childList: true, subtree: true, attributes: true });
                scroller.scrollTop = scroller.scrollHeight;
              }),
            loaded,
          );
          times.push(ms);
        }
        const summary = bench.shape('scroll to the end → next page rendered', times);
        bench.figure(
          'nextPageMs',
          summary.p50Ms,
          `scrolled to the end: the next page's first row rendered after ${Math.round(summary.p50Ms)} ms (p50 of ${times.length})`,
        );
      }
      if (errors.length > 0) throw new BenchError(`the page threw: ${errors.map((error) => error.message).join('; ')}`);
    } finally {
      await browser?.close();
    }
  },
);
