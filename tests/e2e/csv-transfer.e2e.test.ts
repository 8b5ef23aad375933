// CSV import and export on the home page at a phone and a desktop width: an editor imports venues
// through the preview (errors in red, an in-file duplicate, a similar name left unconfirmed), exports the searched
// list, and imports the exported file again: nothing to create. A larger file shows the progress bar. A viewer
// gets Export but no Import.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerFile, openSignedIn, purgeVenuesMatching, screenshotsOf, viewportScreenshot, type SignedInPage } from './browser.ts';

// Each width its own names, unlike each other and the demo venues (the duplicate check compares names).
const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844, token: 'Zephyrine', names: ['Zephyrine Lakeside Amphitheatre', 'Zephyrine Copperfield Ballroom'] },
  { label: 'desktop', width: 1440, height: 900, token: 'Quillmont', names: ['Quillmont Harbour Pavilion', 'Quillmont Granite Convention Hall'] },
] as const;

/** The names of the files over 2,000 rows start with it (purged afterwards). */
const LARGE_TOKEN = 'Largefile';

const browser = browserPerFile();
afterAll(async () => {
  // The e2e files share one stack (the home page's tests count the demo venues): what this file imported goes.
  // 'Bulk' alone is 300 venues: several at once.
  for (const q of [...VIEWPORTS.map((viewport) => viewport.token), 'Bulk', LARGE_TOKEN]) await purgeVenuesMatching(q, 4);
  // Hundreds of venues, each deleted and purged: on a busy machine that can outlast the e2e project's 120 s hook
  // timeout, so this hook has 300 s.
}, 300_000);

/** What the viewport shows. */
const shot = screenshotsOf('csv', { fullPageByDefault: false });

async function chooseFile(page: Page, name: string, csv: string): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

describe.each(VIEWPORTS)('CSV import and export at $label width ($width×$height)', ({ width, height, token, names }) => {
  let signedIn: SignedInPage | undefined;
  let page: Page;
  let errors: Error[];

  beforeAll(async () => {
    signedIn = await openSignedIn(browser(), 'editor', { width, height }, { context: { acceptDownloads: true } });
    ({ page, errors } = signedIn);
  });
  afterAll(async () => {
    await signedIn?.context.close();
  });

  it('imports venues through the preview: errors in red, duplicates flagged, only the valid rows created', async () => {
    await page.getByTestId('venue-grid').waitFor();
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('import-kind-venues').click();
    const csv = [
      'Venue Name,Leagues,Website,Main Contact Email',
      `${names[0]},OTE,example.com,`,
      `${names[1]},OT7,,bad-mail`,
      ',OTE,,',
      `${names[0]},OTE,,`,
      `"${names[1]}, Annex",OT7,,`,
    ].join('\r\n');
    await chooseFile(page, `${token}.csv`, csv);
    await dialog.getByTestId('import-preview').waitFor();
    const statuses = await dialog.getByTestId('import-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
    expect(statuses).toEqual(['create', 'error', 'error', 'duplicate', 'create']);
    expect(await dialog.getByText('Main Contact Email: Invalid email').count()).toBe(1);
    expect(await dialog.getByText('Venue Name: Venue name is required').count()).toBe(1);
    expect(await dialog.getByText(`Same as ${names[0]} (row 1, 100%)`).count()).toBe(1);
    // The error text is red.
    const color = await dialog.getByText('Venue Name: Venue name is required').evaluate((el) => getComputedStyle(el).color);
    expect(color).toMatch(/rgb\((1\d\d|2\d\d), \d{1,2}, \d{1,2}\)|oklch|color\(/);
    await shot(page, 'import-preview', width);
    // Sized to its content on a large screen: five rows leave the dialog well short of the viewport.
    if (width >= 1024) expect((await dialog.boundingBox())!.height).toBeLessThan(height * 0.85);

    await dialog.getByTestId('import-commit').click();
    await dialog.getByTestId('import-result').waitFor();
    expect(await dialog.getByTestId('import-result').innerText()).toContain('Created 2, skipped 3');
    await shot(page, 'import-result', width);
    await dialog.getByTestId('import-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await shot(page, 'home-editor', width);

    await page.getByPlaceholder('Search for venues, city, state or countries...').fill(token);
    await page.waitForFunction(
      (t) => document.querySelector('[data-testid="venue-total"]')?.textContent === '2 venues' && document.body.innerText.includes(t),
      token,
    );
  });

  it('exports the searched list and a re-import of the export adds nothing', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-venues').click()]);
    expect(download.suggestedFilename()).toMatch(/^venues-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync((await download.path())!, 'utf8');
    const lines = file
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toMatch(/^Venue Name,Country,Address/);
    expect(lines).toHaveLength(3);
    expect(file).toContain(names[0]);
    expect(file).toContain(`"${names[1]}, Annex"`);

    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    await chooseFile(page, 'export.csv', file);
    await dialog.getByTestId('import-preview').waitFor();
    const statuses = await dialog.getByTestId('import-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
    // The same rows ('Already imported': their import keys) or the same names ('Duplicate'): nothing to create.
    expect(statuses).toHaveLength(2);
    for (const status of statuses) expect(['imported', 'duplicate']).toContain(status);
    expect(await dialog.getByTestId('import-commit').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('import-commit').innerText()).toBe('Import 0 rows');
    await shot(page, 'reimport-preview', width);
    await dialog.getByTestId('import-cancel').click();
    await dialog.getByTestId('import-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});

describe('CSV import of a larger file', () => {
  it('shows a progress bar while it commits 300 rows in chunks, then creates them all', async () => {
    const { context, page } = await openSignedIn(browser(), 'editor', { width: 1440, height: 900 });
    await page.getByTestId('venue-grid').waitFor();
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    // Names far apart from each other (a number alone would make them 'similar'): random hex words.
    const rows = Array.from({ length: 300 }, () => `Bulk ${randomUUID().slice(0, 8)} ${randomUUID().slice(24)},Studio`);
    await chooseFile(page, 'bulk.csv', ['Venue Name,Leagues', ...rows].join('\n'));
    await dialog.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    const summary = await dialog.getByTestId('import-summary').innerText();
    // The dialog shows a progress bar from 300 rows.
    expect(summary).toContain('300 rows');
    await dialog.getByTestId('import-commit').click();
    await dialog.getByTestId('import-progress').waitFor();
    expect(await dialog.getByRole('progressbar').count()).toBe(1);
    // The bar moves once per chunk of 100 rows: a third of the way after the first of three.
    await page.waitForFunction(() => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) >= 33);
    await shot(page, 'import-progress', 1440);
    await dialog.getByTestId('import-result').waitFor({ timeout: 60_000 });
    const result = await dialog.getByTestId('import-result').innerText();
    expect(result).toContain('Created 300, skipped 0');
    await context.close();
  });

  it('gives a viewer Export but no Import', async () => {
    const { context, page } = await openSignedIn(browser(), 'viewer', { width: 390, height: 844 });
    await page.getByTestId('venue-grid').waitFor();
    expect(await page.getByTestId('export-venues').count()).toBe(1);
    expect(await page.getByTestId('import-open').count()).toBe(0);
    await shot(page, 'viewer-home', 390);
    await context.close();
  });
});

/** What the viewport shows (the dialog), under artifacts/e2e (gitignored; when screenshots are enabled). */
const viewportShot = viewportScreenshot;

/** A random lowercase word: names far apart from each other and from the demo venues. */
const word = (length: number): string => Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe.each(VIEWPORTS)('CSV import of a file over 2,000 rows at $label width ($width×$height)', ({ label, width, height }) => {
  it('previews the whole file in windows with a progress bar, flags a near-duplicate 2,000 rows apart, then commits it in chunks', async () => {
    const { context, page, errors } = await openSignedIn(browser(), 'editor', { width, height });
    await page.getByTestId('venue-grid').waitFor();
    const ROWS = 2_100;
    const token = `${LARGE_TOKEN}${label}`;
    const names = Array.from({ length: ROWS }, () => `${token} ${word(7)} ${word(8)}`);
    // Row 2,050 is similar to row 3, in another preview window (a random word: unlike the other width's pair).
    const pair = word(9);
    names[2] = `${token} Marigold ${pair} Terrace`;
    names[2_049] = `${token} Marigold ${pair} Terace`;
    // A dirty file, so that the shared stack gets (and loses again) a few dozen venues, not two thousand: every 50th row
    // and the pair are new venues, the other rows have an invalid e-mail (errors in the preview, skipped by the commit).
    const valid = (index: number) => index % 50 === 0 || index === 2 || index === 2_049;
    const lines = names.map((name, index) => `${name},OTX,${valid(index) ? '' : 'bad-mail'}`);
    const toCreate = names.filter((_, index) => valid(index)).length - 1;

    // The second preview window is held until the progress bar is on screen (then sent on to the gateway unchanged).
    await page.route('**/api/v1/imports/venues?*', async (route) => {
      if (route.request().url().includes('offset=2000')) {
        await page.getByTestId('import-preview-progress').waitFor();
        expect(await page.getByRole('progressbar', { name: 'Preview progress' }).getAttribute('aria-valuenow')).toBe('95');
        expect(await page.getByTestId('import-preview-progress').innerText()).toContain('2,000 / 2,100');
        await viewportShot(page, `csv-large-preview-progress-${width}`);
      }
      await route.continue();
    });
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-kind-venues').click();
    await chooseFile(page, `${token}.csv`, ['Venue Name,Leagues,Main Contact Email', ...lines].join('\n'));
    await dialog.getByTestId('import-preview').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('import-summary').innerText()).toContain(
      `${ROWS} rows: ${toCreate} to create, 1 with similar names, ${ROWS - toCreate - 1} skipped`,
    );
    expect(await dialog.getByTestId('import-shown').innerText()).toBe(`Showing 200 of ${ROWS} rows, rows to check first`);
    // The rows to check come first: the near-duplicate of row 3 (row 2,050), then the errors in file order.
    const listed = await dialog
      .getByTestId('import-row')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('td')?.textContent, row.getAttribute('data-status')]));
    expect(listed).toHaveLength(200);
    expect(listed.slice(0, 3)).toEqual([
      ['2050', 'similar'],
      ['2', 'error'],
      ['4', 'error'],
    ]);
    expect(await dialog.getByText(`Similar to ${names[2]} (row 3,`).count()).toBe(1);
    await dialog.getByTestId('import-show-more').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="import-row"]').length === 400);
    await viewportShot(page, `csv-large-preview-${width}`);

    await dialog.getByTestId('import-commit').click();
    await dialog.getByTestId('import-progress').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[aria-label="Import progress"]')?.getAttribute('aria-valuenow')) >= 10);
    await viewportShot(page, `csv-large-import-progress-${width}`);
    await dialog.getByTestId('import-result').waitFor({ timeout: 240_000 });
    expect(await dialog.getByTestId('import-result').innerText()).toContain(`Created ${toCreate}, skipped ${ROWS - toCreate}`);
    await viewportShot(page, `csv-large-import-result-${width}`);
    await dialog.getByTestId('import-close').click();
    await page.getByPlaceholder('Search for venues, city, state or countries...').fill(token);
    await page.waitForFunction((total) => document.querySelector('[data-testid="venue-total"]')?.textContent === total, `${toCreate} venues`);
    expect(errors).toEqual([]);
    await context.close();
    // The venues go again (the e2e files share one stack).
    expect(await purgeVenuesMatching(token, 2)).toBe(toCreate);
  }, 600_000);
});
