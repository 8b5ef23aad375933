// The shell's weight in Chromium: every script the browser downloads until the page is usable, with the
// HTTP cache off. An editor creates the demo venues through the API, then signs in through the /auth form
// (what the sign-in page downloads is measured on the way), and the signed-in home page is opened cold
// until the venue cards are visible. Per script: raw bytes, bytes on the wire (Content-Encoding), file;
// plus every remote's remoteEntry.js as brotli, gzip and identity. BENCH_REPEAT cold loads (default 3;
// smoke 1) give the time to the first venue card; the home page's total is also given without the federation
// runtime (the shell's entry chunk and remoteEntry.js), against the 170 KB budget. Figures only; it fails when a
// page does not render.
// It builds the front ends first (`turbo run build`, cached when nothing changed); WEB_ROOT=<folder> measures
// the front ends built there instead (e.g. an older checkout), without building.
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_VENUES, REPO_ROOT } from '@venuebook/local';
import { buildAll } from '@venuebook/local/setup';
import { REMOTE_NAMES, remoteEntryPath, remotePackageDir } from '@venuebook/domain/remotes';
import { BenchError, expectTrue, runBench, sized } from './support.ts';
import { CHROMIUM, launchBrowser } from '../setup/chromium.ts';

const REPEAT = sized({ full: 3, smoke: 1 }, process.env.BENCH_REPEAT);
const RENDER_TIMEOUT_MS = 60_000;
const KB = 1024;
const kb = (bytes: number): string => (bytes / KB).toFixed(1);

/** One script response as Chromium saw it. */
interface ScriptDownload {
  file: string;
  url: string;
  status: number;
  /** Content-Encoding of the response ('identity' when none). */
  encoding: string;
  /** Bytes after decoding (what the JavaScript engine parses). */
  rawBytes: number;
  /** Body bytes on the wire (Content-Length, else the encoded length less the headers). */
  wireBytes: number;
}

interface PageWeight {
  scripts: ScriptDownload[];
  count: number;
  rawBytes: number;
  wireBytes: number;
  /** Navigation start until the awaited element was visible. */
  ms: number;
}

interface Pending {
  url: string;
  status: number;
  encoding: string;
  contentLength?: number;
  headerBytes: number;
  rawBytes: number;
  encodedBytes?: number;
  failed?: string;
}

/**
 * Records the scripts of `page` over the DevTools protocol, with the HTTP cache off, from `navigate`
 * until `ready` resolves. Only scripts requested before then count; the measure waits for them to finish.
 */
async function measure(context: BrowserContext, page: Page, navigate: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<PageWeight> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending = new Map<string, Pending>();
  const finished = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Script') pending.set(event.requestId, { url: event.request.url, status: 0, encoding: 'identity', headerBytes: 0, rawBytes: 0 });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    const header = (name: string): string | undefined => Object.entries(event.response.headers).find(([key]) => key.toLowerCase() === name)?.[1];
    const length = header('content-length');
    entry.status = event.response.status;
    entry.encoding = header('content-encoding') ?? 'identity';
    entry.headerBytes = event.response.encodedDataLength;
    if (length !== undefined) entry.contentLength = Number(length);
  });
  cdp.on('Network.dataReceived', (event) => {
    const entry = pending.get(event.requestId);
    if (entry) entry.rawBytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    entry.encodedBytes = event.encodedDataLength;
    finished.add(event.requestId);
  });
  cdp.on('Network.loadingFailed', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    entry.failed = event.errorText;
    finished.add(event.requestId);
  });

  const started = performance.now();
  await navigate();
  await ready();
  const ms = performance.now() - started;
  const counted = [...pending.keys()];
  const deadline = Date.now() + 10_000;
  while (counted.some((id) => !finished.has(id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await cdp.detach();

  const scripts = counted.map((id): ScriptDownload => {
    const entry = pending.get(id)!;
    if (entry.failed || !finished.has(id)) throw new BenchError(`${entry.url}: ${entry.failed ?? 'did not finish'}`);
    if (entry.status !== 200) throw new BenchError(`${entry.url}: HTTP ${entry.status}`);
    return {
      file: new URL(entry.url).pathname,
      url: entry.url,
      status: entry.status,
      encoding: entry.encoding,
      rawBytes: entry.rawBytes,
      wireBytes: entry.contentLength ?? (entry.encodedBytes ?? 0) - entry.headerBytes,
    };
  });
  scripts.sort((a, b) => b.wireBytes - a.wireBytes);
  return {
    scripts,
    count: scripts.length,
    rawBytes: scripts.reduce((sum, script) => sum + script.rawBytes, 0),
    wireBytes: scripts.reduce((sum, script) => sum + script.wireBytes, 0),
    ms,
  };
}

/** Body bytes of GET `url` with this Accept-Encoding, as sent (not decoded), and the Content-Encoding. */
function download(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new BenchError(`GET ${url}: HTTP ${response.statusCode}`));
        else resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function printScripts(log: (message: string) => void, title: string, weight: PageWeight): void {
  log(`\n${title}: ${weight.count} scripts, ${kb(weight.rawBytes)} KB raw, ${kb(weight.wireBytes)} KB on the wire`);
  log(`  ${'script'.padEnd(48)}${'raw KB'.padStart(9)}${'wire KB'.padStart(9)}  encoding`);
  for (const script of weight.scripts)
    log(`  ${script.file.padEnd(48)}${kb(script.rawBytes).padStart(9)}${kb(script.wireBytes).padStart(9)}  ${script.encoding}`);
}

/** The shell's entry chunk and every remote's container: the scripts Module Federation itself adds. */
const isFederationRuntime = (file: string): boolean => /^\/main\.[0-9a-f]+\.js$/.test(file) || file.endsWith('/remoteEntry.js');

/** What the home page may download before its list renders (the shell's weight), compressed. */
const HOME_BUDGET_KB = 170;

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await runBench({ name: 'shell-weight', title: "The shell's weight: scripts until the home list renders (Chromium, cache off)" }, async (bench) => {
  const webRoot = process.env.WEB_ROOT ?? REPO_ROOT;
  if (webRoot === REPO_ROOT) {
    // turbo with the machine's cache, as npm test and npm start build (an unchanged tree builds nothing).
    try {
      buildAll();
    } catch (error) {
      throw new BenchError(`building the front ends failed: ${(error as Error).message}`);
    }
  }
  const builds = [join(webRoot, 'shell', 'dist', 'index.html'), ...REMOTE_NAMES.map((name) => join(webRoot, remotePackageDir(name), 'dist', 'remoteEntry.js'))];
  const missing = builds.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new BenchError(`the front ends are not built in ${webRoot} (${missing.join(', ')})`);
  bench.parameter('webRoot', webRoot === REPO_ROOT ? 'this checkout' : webRoot);
  bench.parameter('coldLoads', REPEAT);
  bench.parameter('browser', CHROMIUM);
  const base = bench.stack.url;

  const editor = await bench.signIn('editor');
  for (const venue of DEMO_VENUES) await editor.post('/api/v1/venues', venue);
  bench.log(`created ${DEMO_VENUES.length} venues`);
  const account = bench.stack.accounts.find((candidate) => candidate.role === 'editor')!;

  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const errors: Error[] = [];
    context.on('weberror', (error) => errors.push(error.error()));

    // The sign-in page, signed out: until its form is visible. Then sign in as a user does.
    const authPage = await context.newPage();
    const auth = await measure(
      context,
      authPage,
      () => authPage.goto(`${base}/`),
      () => authPage.getByTestId('auth-email').waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS }),
    );
    await authPage.getByTestId('auth-email').fill(account.email);
    await authPage.getByTestId('auth-password').fill(account.password);
    await authPage.getByTestId('auth-submit').click();
    await authPage.waitForURL((url) => url.pathname === '/', { timeout: RENDER_TIMEOUT_MS });
    await authPage.getByTestId('venue-card').first().waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
    await authPage.close();

    // The signed-in home page, cold (the session comes back through the refresh cookie), until the venue
    // cards are visible.
    const loads: PageWeight[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const page = await context.newPage();
      loads.push(
        await measure(
          context,
          page,
          () => page.goto(`${base}/`),
          () => page.getByTestId('venue-card').first().waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS }),
        ),
      );
      expectTrue((await page.getByTestId('venue-card').count()) > 0, 'the home page shows no venue card');
      await page.close();
    }
    if (errors.length > 0) throw new BenchError(`the page threw: ${errors.map((error) => error.message).join('; ')}`);
    const home = loads.at(-1)!;

    // Every remote's entry, as each encoding is served.
    // (A build without compressed copies is measured too, e.g. an older one through WEB_ROOT: then the
    // encodings say identity.)
    const entries: Record<string, { brotliBytes: number; gzipBytes: number; rawBytes: number; encodings: string }> = {};
    for (const name of REMOTE_NAMES) {
      const url = `${base}${remoteEntryPath(name)}`;
      const [br, gz, identity] = [await download(url, 'br'), await download(url, 'gzip'), await download(url, 'identity')];
      expectTrue(identity.encoding === 'identity', `${url}: compressed for a client that accepts no compression`);
      entries[name] = {
        brotliBytes: br.bytes,
        gzipBytes: gz.bytes,
        rawBytes: identity.bytes,
        encodings: `${br.encoding}, ${gz.encoding}, ${identity.encoding}`,
      };
    }

    printScripts(bench.log, 'Sign-in page (signed out), until the form is visible', auth);
    printScripts(bench.log, 'Home page (signed in), until the venue cards are visible', home);
    bench.log(`\n  ${'remoteEntry.js'.padEnd(48)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}${'br KB'.padStart(9)}  served as`);
    for (const [name, sizes] of Object.entries(entries)) {
      bench.log(
        `  ${remoteEntryPath(name as (typeof REMOTE_NAMES)[number]).padEnd(48)}${kb(sizes.rawBytes).padStart(9)}${kb(sizes.gzipBytes).padStart(9)}${kb(sizes.brotliBytes).padStart(9)}  ${sizes.encodings}`,
      );
    }
    bench.log('');

    const largest = [...home.scripts].sort((a, b) => b.rawBytes - a.rawBytes)[0]!;
    // The federation runtime: the shell's entry chunk (almost all of it Module Federation's runtime core and
    // bundler runtime, plus webpack's own few KB) and the remotes' remoteEntry.js containers.
    const federation = home.scripts.filter((script) => isFederationRuntime(script.file));
    const federationWire = federation.reduce((sum, script) => sum + script.wireBytes, 0);
    bench.figure('homeScripts', home.count, `home page: ${home.count} scripts before the venue cards are visible`);
    bench.figure('homeRawKB', home.rawBytes / KB, `home page: ${kb(home.rawBytes)} KB of JavaScript (raw)`);
    bench.figure('homeWireKB', home.wireBytes / KB, `home page: ${kb(home.wireBytes)} KB of JavaScript on the wire`);
    bench.figure(
      'homeFederationRuntimeWireKB',
      federationWire / KB,
      `home page: ${kb(federationWire)} KB on the wire is the federation runtime (${federation.map((script) => script.file).join(', ')})`,
    );
    bench.figure(
      'homeWireKBWithoutFederationRuntime',
      (home.wireBytes - federationWire) / KB,
      `home page: ${kb(home.wireBytes - federationWire)} KB on the wire without the federation runtime (budget ${HOME_BUDGET_KB} KB in all)`,
    );
    bench.figure(
      'homeLargestScriptRawKB',
      largest.rawBytes / KB,
      `home page: largest script ${largest.file}, ${kb(largest.rawBytes)} KB raw, ${kb(largest.wireBytes)} KB on the wire`,
    );
    bench.figure(
      'homeCardsVisibleMs',
      median(loads.map((load) => load.ms)),
      `home page: venue cards visible after ${Math.round(median(loads.map((load) => load.ms)))} ms (median of ${loads.length} cold loads, 2-core machine)`,
    );
    bench.figure('authScripts', auth.count, `sign-in page: ${auth.count} scripts, ${kb(auth.rawBytes)} KB raw, ${kb(auth.wireBytes)} KB on the wire`);
    bench.figure('authRawKB', auth.rawBytes / KB, `sign-in page: ${kb(auth.rawBytes)} KB raw`);
    bench.figure('authWireKB', auth.wireBytes / KB, `sign-in page: ${kb(auth.wireBytes)} KB on the wire`);
    const largestEntry = Math.max(...Object.values(entries).map((sizes) => sizes.rawBytes));
    bench.figure('largestRemoteEntryRawKB', largestEntry / KB, `largest remoteEntry.js: ${kb(largestEntry)} KB raw`);
    bench.figure(
      'largestRemoteEntryBrotliKB',
      Math.max(...Object.values(entries).map((sizes) => sizes.brotliBytes)) / KB,
      `largest remoteEntry.js: ${kb(Math.max(...Object.values(entries).map((sizes) => sizes.brotliBytes)))} KB brotli`,
    );
    bench.detail(
      'homeScripts',
      home.scripts.map(({ url: _url, ...script }) => script),
    );
    bench.detail(
      'authScripts',
      auth.scripts.map(({ url: _url, ...script }) => script),
    );
    bench.detail('remoteEntries', entries);
  } finally {
    await browser?.close();
  }
});
