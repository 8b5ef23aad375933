// CSV import and export on the home page (issue 11) at a phone and a desktop width: an editor imports venues
// through the preview (errors in red, an in-file duplicate, a similar name left unconfirmed), exports the searched
// list, and imports the exported file again: nothing to create. A larger file shows the progress bar. A viewer
// gets Export but no Import.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from '@venuebook/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, launchBrowser, pageErrors, purgeVenuesMatching, signIn } from './browser.ts';

const SCREENSHOTS = join(REPO_ROOT, 'artifacts', 'screenshots');

// Each width its own names, unlike each other and the demo venues (the duplicate check compares names).
const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844, token: 'Zephyrine', names: ['Zephyrine Lakeside Amphitheatre', 'Zephyrine Copperfield Ballroom'] },
  { label: 'desktop', width: 1440, height: 900, token: 'Quillmont', names: ['Quillmont Harbour Pavilion', 'Quillmont Granite Convention Hall'] },
] as const;

let browser: Browser | undefined;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // The e2e files share one stack (the home page's tests count the demo venues): what this file imported goes.
  for (const q of [...VIEWPORTS.map((viewport) => viewport.token), 'Bulk']) await purgeVenuesMatching(q);
});

async function shot(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `csv-${name}-${width}.png`), animations: 'disabled' });
}

async function chooseFile(page: Page, name: string, csv: string): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

describe.each(VIEWPORTS)('CSV import and export at $label width ($width×$height)', ({ width, height, token, names }) => {
  let context: BrowserContext;
  let page: Page;
  let errors: Error[];

  beforeAll(async () => {
    context = await browser!.newContext({ viewport: { width, height }, acceptDownloads: true });
    page = await context.newPage();
    errors = pageErrors(page);
    await signIn(page, account('editor'));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('imports venues through the preview: errors in red, duplicates flagged, only the valid rows created', async () => {
    await page.getByTestId('venue-grid').waitFor();
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('import-kind-venues').click();
    const csv = ['Venue Name,Leagues,Website,Main Contact Email', `${names[0]},OTE,example.com,`, `${names[1]},OT7,,bad-mail`, ',OTE,,', `${names[0]},OTE,,`, `"${names[1]}, Annex",OT7,,`].join('\r\n');
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
    await page.waitForFunction((t) => document.querySelector('[data-testid="venue-total"]')?.textContent === '2 venues' && document.body.innerText.includes(t), token);
  });

  it('exports the searched list and a re-import of the export adds nothing', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-venues').click()]);
    expect(download.suggestedFilename()).toMatch(/^venues-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync((await download.path())!, 'utf8');
    const lines = file.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
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
  it('shows a progress bar while it commits 400 rows in chunks, then creates them all', async () => {
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, account('editor'));
    await page.getByTestId('venue-grid').waitFor();
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    // Names far apart from each other (a number alone would make them 'similar'): random hex words.
    const rows = Array.from({ length: 400 }, () => `Bulk ${randomUUID().slice(0, 8)} ${randomUUID().slice(24)},Studio`);
    await chooseFile(page, 'bulk.csv', ['Venue Name,Leagues', ...rows].join('\n'));
    await dialog.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    const summary = await dialog.getByTestId('import-summary').innerText();
    expect(summary).toContain('400 rows');
    await dialog.getByTestId('import-commit').click();
    await dialog.getByTestId('import-progress').waitFor();
    expect(await dialog.getByRole('progressbar').count()).toBe(1);
    // The bar moves once per chunk of 100 rows.
    await page.waitForFunction(() => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) >= 25);
    await shot(page, 'import-progress', 1440);
    await dialog.getByTestId('import-result').waitFor({ timeout: 60_000 });
    const result = await dialog.getByTestId('import-result').innerText();
    expect(result).toContain('Created 400, skipped 0');
    await context.close();
  });

  it('gives a viewer Export but no Import', async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, account('viewer'));
    await page.getByTestId('venue-grid').waitFor();
    expect(await page.getByTestId('export-venues').count()).toBe(1);
    expect(await page.getByTestId('import-open').count()).toBe(0);
    await shot(page, 'viewer-home', 390);
    await context.close();
  });
});
