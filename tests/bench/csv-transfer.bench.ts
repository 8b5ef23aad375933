// CSV export and import at size: BENCH_VENUES venues (default 10,000; smoke 40) are written straight into
// the venues database (services/venues/src/testing/seed-venues.ts, as the service writes them) and the venues
// service restarted, so its point-read cache starts empty; GET /api/v1/venues/export.csv is timed cold (each venue
// one `{_id}` read, 16 at once) and warm (from the cache), whole and for a league; the exported file is previewed
// as an import (every row an exact duplicate: nothing to create) in row windows of 2,000 over the whole file (as
// the import dialog sends it: the rows before each window read for the in-file check); then BENCH_IMPORT new venues
// (default 10,000, a company's size; smoke 20) are previewed the same way, committed through
// POST /api/v1/imports/venues in requests of 500 rows, committed again and previewed again (nothing created); then a
// contacts file of BENCH_IMPORT_CONTACTS rows (default 10,000; smoke 20) for the imported venues, five each, the same
// way through POST /api/v1/imports/contacts.
//
// Checked: the export has one row per listed venue, in the list's order (its first page against GET /venues);
// every imported row is created once (the venue list grows by as many), and the whole file committed again creates
// nothing and previews with nothing to create.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_VENUES, REPO_ROOT } from '@venuebook/local';
import { CSV_IMPORT_MAX_ROWS } from '@venuebook/domain';
import type { ImportResult, ListVenuesResult } from '@venuebook/domain';
import { request as undiciRequest } from 'undici';
import { BenchError, expectEqual, expectTrue, runBench, sized } from './support.ts';

const VENUES = sized({ full: 10_000, smoke: 40 }, process.env.BENCH_VENUES);
const IMPORT = sized({ full: 10_000, smoke: 20 }, process.env.BENCH_IMPORT);
const CONTACTS = sized({ full: 10_000, smoke: 20 }, process.env.BENCH_IMPORT_CONTACTS);
const COMMIT_ROWS = 500;
const SEED_SCRIPT = join(REPO_ROOT, 'services/venues/src/testing/seed-venues.ts');

/** A CSV cell, quoted (the bench writes its own file: the import reads it with csv-parse). */
const cell = (value: string): string => `"${value.replace(/"/g, '""')}"`;

/**
 * Random hex words after a demo name's first word: no two seeded names come near the similarity threshold (a demo
 * name whole with 16 hex digits did: 'Austin City Limits Live at The Moody Theater …' pairs scored 0.81).
 */
const hex = (n: number): string =>
  Math.floor(Math.random() * 16 ** n)
    .toString(16)
    .padStart(n, '0');

await runBench({ name: 'csv-transfer', title: 'CSV import and export of venues at size' }, async (bench) => {
  bench.parameter('venues', VENUES);
  bench.parameter('importedVenues', IMPORT);
  bench.parameter('importedContacts', CONTACTS);
  bench.parameter('commitRowsPerRequest', COMMIT_ROWS);
  // The venues, straight into the database while the service is down; it loads them when it starts.
  const replicas = bench.stack.services.venues.replicas;
  for (const replica of replicas) await replica.stop();
  const seedStarted = performance.now();
  await promisify(execFile)(process.execPath, [SEED_SCRIPT, String(VENUES), '7'], {
    cwd: REPO_ROOT,
    env: { ...process.env, MONGODB_URI: bench.stack.infra.env.MONGODB_URI ?? '', MONGODB_DB: 'venuebook_venues' },
  });
  bench.log(`seeded ${VENUES} venues in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  for (const replica of replicas) await replica.start();
  await bench.settle('settleAfterSeed');
  const account = bench.stack.accounts.find((candidate) => candidate.role === 'editor');
  if (!account) throw new BenchError('no editor account');
  const signIn = await undiciRequest(`${bench.stack.url}/api/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const token = ((await signIn.body.json()) as { accessToken: string }).accessToken;
  const call = async (method: 'GET' | 'POST', path: string, body?: string, attempt = 0): Promise<{ text: string; ms: number }> => {
    const started = performance.now();
    const response = await undiciRequest(`${bench.stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'text/csv' }) },
      ...(body === undefined ? {} : { body }),
      headersTimeout: 600_000,
      bodyTimeout: 600_000,
    });
    const text = await response.body.text();
    // A read answered 503 (e.g. the first call after the restart) is tried again, as the app does.
    if (response.statusCode === 503 && method === 'GET' && attempt < 2) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return call(method, path, body, attempt + 1);
    }
    if (response.statusCode !== 200) throw new BenchError(`${method} ${path}: ${response.statusCode} ${text.slice(0, 300)}`);
    return { text, ms: performance.now() - started };
  };
  const header = 'Venue Name,Country,Address,Website,Leagues,Venue Types,Main Contact Name,Main Contact Phone,General Venue Notes';
  const names = Array.from({ length: IMPORT }, (_, index) => `${DEMO_VENUES[index % DEMO_VENUES.length]!.name.split(' ')[0]!} ${hex(12)} ${hex(12)}`);
  const rows = names.map((name, index) => {
    const demo = DEMO_VENUES[index % DEMO_VENUES.length]!;
    return [
      name,
      demo.country ?? '',
      demo.address,
      demo.website ?? '',
      demo.leagues.join('; '),
      demo.venueTypes.join('; '),
      demo.contactName ?? '',
      demo.contactPhone ?? '',
      demo.generalNotes ?? '',
    ]
      .map(cell)
      .join(',');
  });
  const file = [header, ...rows].join('\r\n');
  bench.detail('fileBytes', file.length);

  const firstPage = JSON.parse((await call('GET', '/api/v1/venues?sort=name&pageSize=200')).text) as ListVenuesResult;
  const checkExport = (text: string, expected: number, names?: string[]) => {
    const lines = text.split('\r\n').filter(Boolean);
    expectEqual(lines.length - 1, expected, 'export: rows');
    if (names)
      for (const [index, name] of names.entries())
        expectTrue(
          lines[index + 1]!.startsWith(name.includes(',') || name.includes('"') ? `"${name.replace(/"/g, '""')}"` : name),
          `export row ${index + 1}: ${name}`,
        );
  };
  const cold = await call('GET', '/api/v1/venues/export.csv?sort=name');
  checkExport(
    cold.text,
    firstPage.total,
    firstPage.items.map((venue) => venue.name),
  );
  bench.figure(
    'exportColdMs',
    cold.ms,
    `export of ${firstPage.total} venues, cold cache (one {_id} read each, 16 at once): ${Math.round(cold.ms)} ms, ${(cold.text.length / 1024 / 1024).toFixed(1)} MB`,
  );
  const warm = await call('GET', '/api/v1/venues/export.csv?sort=name');
  checkExport(warm.text, firstPage.total);
  bench.figure('exportWarmMs', warm.ms, `export of ${firstPage.total} venues, warm cache: ${Math.round(warm.ms)} ms`);
  const ote = JSON.parse((await call('GET', '/api/v1/venues?leagues=OTE&pageSize=1')).text) as ListVenuesResult;
  const league = await call('GET', '/api/v1/venues/export.csv?leagues=OTE');
  checkExport(league.text, ote.total);
  bench.figure('exportLeagueMs', league.ms, `export of the ${ote.total} OTE venues, warm: ${Math.round(league.ms)} ms`);

  /** A whole file previewed in row windows of CSV_IMPORT_MAX_ROWS (the file sent whole each time, as the import dialog does). */
  const previewWhole = async (text: string, kind: 'venues' | 'contacts' = 'venues'): Promise<{ rows: ImportResult['rows']; ms: number; windows: number }> => {
    const rows: ImportResult['rows'] = [];
    let totalRows = Infinity;
    let ms = 0;
    let windows = 0;
    for (let offset = 0; offset < totalRows; offset += CSV_IMPORT_MAX_ROWS) {
      const answer = await call('POST', `/api/v1/imports/${kind}?offset=${offset}&limit=${CSV_IMPORT_MAX_ROWS}`, text);
      const window = JSON.parse(answer.text) as ImportResult;
      totalRows = window.totalRows;
      rows.push(...window.rows);
      ms += answer.ms;
      windows += 1;
    }
    expectEqual(windows, Math.ceil(rows.length / CSV_IMPORT_MAX_ROWS) || 1, `${kind} preview: windows`);
    expectTrue(
      rows.every((row, index) => row.row === index + 1),
      `${kind} preview: every row once, in order`,
    );
    return { rows, ms, windows };
  };
  /** Rows committed in requests of COMMIT_ROWS, each with the header and its first row's number (as the import dialog sends them). */
  const commitWhole = async (
    kind: 'venues' | 'contacts',
    head: string,
    lines: readonly string[],
  ): Promise<{ created: number; skipped: number; ms: number }> => {
    let created = 0;
    let skipped = 0;
    const started = performance.now();
    for (let at = 0; at < lines.length; at += COMMIT_ROWS) {
      const chunk = [head, ...lines.slice(at, at + COMMIT_ROWS)].join('\r\n');
      const result = JSON.parse((await call('POST', `/api/v1/imports/${kind}?mode=commit&firstRow=${at + 1}`, chunk)).text) as ImportResult;
      created += result.summary.created;
      skipped += result.summary.skipped;
    }
    return { created, skipped, ms: performance.now() - started };
  };
  const venueTotal = async (): Promise<number> => (JSON.parse((await call('GET', '/api/v1/venues?pageSize=1')).text) as ListVenuesResult).total;
  const again = await previewWhole(cold.text);
  expectEqual(again.rows.length, firstPage.total, 're-import preview: rows');
  expectEqual(again.rows.filter((row) => row.action === 'create' || row.action === 'confirm').length, 0, 're-import preview: rows to create');
  bench.figure(
    'reimportPreviewMs',
    again.ms,
    `preview of the exported file (${firstPage.total} rows in ${again.windows} windows of ${CSV_IMPORT_MAX_ROWS}, nothing to create): ${Math.round(again.ms)} ms`,
  );

  const preview = await previewWhole(file);
  const notCreated = preview.rows.filter((row) => row.action !== 'create');
  if (notCreated.length > 0)
    bench.log(`not created: ${JSON.stringify(notCreated.slice(0, 3).map(({ row, reason, errors, matches }) => ({ row, reason, errors, matches })))}`);
  expectEqual(preview.rows.length - notCreated.length, IMPORT, 'preview: rows to create');
  bench.figure(
    'previewMs',
    preview.ms,
    `preview of ${IMPORT} rows (${(file.length / 1024 / 1024).toFixed(1)} MB) in ${preview.windows} windows of ${CSV_IMPORT_MAX_ROWS}: ${Math.round(preview.ms)} ms`,
  );

  const before = await venueTotal();
  const commit = await commitWhole('venues', header, rows);
  expectEqual(commit.created, IMPORT, 'commit: venues created');
  expectEqual(await venueTotal(), before + IMPORT, 'commit: venues listed');
  bench.figure(
    'commitRowsPerSecond',
    IMPORT / (commit.ms / 1000),
    `commit of ${IMPORT} rows in requests of ${COMMIT_ROWS}: ${(commit.ms / 1000).toFixed(1)} s, ${Math.round(IMPORT / (commit.ms / 1000))} rows/s`,
  );
  const rerun = await commitWhole('venues', header, rows);
  expectEqual(rerun.created, 0, 'commit again: venues created');
  expectEqual(rerun.skipped, IMPORT, 'commit again: venues skipped');
  bench.figure('recommitMs', rerun.ms, `the same ${IMPORT} rows committed again (nothing created): ${(rerun.ms / 1000).toFixed(1)} s`);
  const previewAgain = await previewWhole(file);
  expectEqual(previewAgain.rows.filter((row) => row.action === 'create' || row.action === 'confirm').length, 0, 'preview again: rows to create');
  expectEqual(await venueTotal(), before + IMPORT, 'commit again: venues listed');

  // Contacts of the imported venues, five each.
  const contactHeader = 'Venue,Name,Title,Phone,Email,Tag';
  const contactVenues = Math.max(1, Math.floor(CONTACTS / 5));
  const contactRows = Array.from({ length: CONTACTS }, (_, index) =>
    [names[index % contactVenues]!, `Contact ${hex(8)} ${hex(8)}`, 'Stage Manager', '', '', 'Audio'].map(cell).join(','),
  );
  const contactFile = [contactHeader, ...contactRows].join('\r\n');
  const contactPreview = await previewWhole(contactFile, 'contacts');
  expectEqual(contactPreview.rows.filter((row) => row.action === 'create').length, CONTACTS, 'contacts preview: rows to create');
  bench.figure(
    'contactsPreviewMs',
    contactPreview.ms,
    `preview of ${CONTACTS} contact rows in ${contactPreview.windows} windows of ${CSV_IMPORT_MAX_ROWS}: ${Math.round(contactPreview.ms)} ms`,
  );
  const contactCommit = await commitWhole('contacts', contactHeader, contactRows);
  expectEqual(contactCommit.created, CONTACTS, 'contacts commit: created');
  bench.figure(
    'contactsCommitRowsPerSecond',
    CONTACTS / (contactCommit.ms / 1000),
    `commit of ${CONTACTS} contact rows in requests of ${COMMIT_ROWS}: ${(contactCommit.ms / 1000).toFixed(1)} s`,
  );
  const contactRerun = await commitWhole('contacts', contactHeader, contactRows);
  expectEqual(contactRerun.created, 0, 'contacts commit again: created');
  expectEqual(contactRerun.skipped, CONTACTS, 'contacts commit again: skipped');
  const contactPreviewAgain = await previewWhole(contactFile, 'contacts');
  expectEqual(contactPreviewAgain.rows.filter((row) => row.action === 'create').length, 0, 'contacts preview again: rows to create');
});
