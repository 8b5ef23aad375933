// The walking skeleton from the browser down to the database: the seeded venue list, search, league
// filter, sorts, a venue link, the 404 page and the fallback of a remote that cannot load.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_VENUES } from '@venuebook/local';
import { account, baseUrl, launchBrowser, pageErrors, screenshot, signIn } from './browser.ts';

let browser: Browser;
let page: Page;
let errors: Error[];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = pageErrors(page);
  // An editor: no welcome dialog in the way, and the edit buttons show.
  await signIn(page, account('editor'));
  return async () => {
    await context.close();
  };
});

const cardNames = (p: Page): Promise<string[]> => p.getByTestId('venue-card').locator('h3').allTextContents();

async function openHome(path = '/'): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByTestId('venue-grid').or(page.getByTestId('venue-list-empty')).waitFor();
}

describe('home list', () => {
  it('shows the seeded venues, newest first, with the spec texts', async () => {
    await openHome();
    await expect.poll(() => page.getByTestId('venue-total').textContent()).toBe(`${DEMO_VENUES.length} venues`);
    const names = await cardNames(page);
    // Newest first: the last demo venue created comes first.
    expect(names[0]).toBe(DEMO_VENUES.at(-1)?.name);
    expect(names).toHaveLength(DEMO_VENUES.length);
    await expect.poll(() => page.getByPlaceholder('Search for venues, city, state or countries...').count()).toBe(1);
    for (const label of ['Newest', 'Updated', 'A→Z']) expect(await page.getByRole('button', { name: label, exact: true }).count()).toBe(1);
    for (const label of ['OTE', 'OT7', 'OTX', 'OTS', 'Studio', 'Other']) {
      expect(await page.getByRole('group', { name: 'Filter by league' }).getByRole('button', { name: label, exact: true }).count()).toBe(1);
    }
    // City by the display rule: 'Display City As' wins over the address.
    const redRocks = page.getByTestId('venue-card').filter({ hasText: 'Red Rocks Amphitheatre' });
    expect(await redRocks.getByTestId('venue-card-city').textContent()).toContain('Denver');
    await screenshot(page, 'home');
    expect(errors).toEqual([]);
  });

  it('narrows the list as the user types and shows the no-match text', async () => {
    await openHome();
    const search = page.getByPlaceholder('Search for venues, city, state or countries...');
    await search.fill('las vegas');
    await expect.poll(() => page.url()).toContain('q=las+vegas');
    // Matched in name or address, case-insensitively.
    const vegas = ['Caesars Palace Colosseum', 'Fontainebleau Las Vegas Ballroom', 'Sphere', 'T-Mobile Arena'];
    expect(DEMO_VENUES.filter((venue) => /las vegas/i.test(`${venue.name} ${venue.address}`)).map((venue) => venue.name).sort()).toEqual(vegas);
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual(vegas);
    await screenshot(page, 'home-search');

    // Matched in the country.
    await search.fill('CANADA');
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual(['Bell Centre', 'Scotiabank Arena']);

    await search.fill('zzzz no such venue');
    await page.getByTestId('venue-list-empty').waitFor();
    expect(await page.getByTestId('venue-list-empty').textContent()).toContain('No venues match your filters');
  });

  it('filters by league (any selected league matches)', async () => {
    await openHome();
    const filter = page.getByRole('group', { name: 'Filter by league' });
    await filter.getByRole('button', { name: 'Studio', exact: true }).click();
    const studio = DEMO_VENUES.filter((venue) => venue.leagues.includes('Studio')).map((venue) => venue.name);
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual([...studio].sort());
    expect(await filter.getByRole('button', { name: 'Studio', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await filter.getByRole('button', { name: 'OTS', exact: true }).click();
    const studioOrSelect = DEMO_VENUES.filter((venue) => venue.leagues.some((league) => league === 'Studio' || league === 'OT Select')).map(
      (venue) => venue.name,
    );
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual([...studioOrSelect].sort());
    await screenshot(page, 'home-league-filter');
  });

  it('sorts A→Z and back to newest', async () => {
    await openHome();
    await page.getByRole('button', { name: 'A→Z', exact: true }).click();
    const alphabetical = DEMO_VENUES.map((venue) => venue.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    await expect.poll(() => cardNames(page)).toEqual(alphabetical);
    await expect.poll(() => page.url()).toContain('sort=name');

    await page.getByRole('button', { name: 'Newest', exact: true }).click();
    await expect.poll(async () => (await cardNames(page))[0]).toBe(DEMO_VENUES.at(-1)?.name);
  });

  it('links each card to its venue page', async () => {
    await openHome();
    const card = page.getByTestId('venue-card').filter({ hasText: 'Ryman Auditorium' });
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/venue\/[0-9a-f-]{36}$/);
    await card.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await page.getByRole('heading', { name: 'Ryman Auditorium' }).waitFor();
  });
});

describe('shell', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByTestId('venue-grid').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows a fallback inside the layout when a remote cannot be loaded, and the rest keeps working', async () => {
    await page.route('**/remotes/venues/remoteEntry.js', (route) => route.abort());
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('remote-fallback').waitFor();
    expect(await page.getByTestId('remote-fallback').textContent()).toContain('This section is unavailable right now');
    // The header is still there and a shell route still renders.
    expect(await page.getByRole('banner').count()).toBe(1);
    await screenshot(page, 'remote-fallback');
    await page.unroute('**/remotes/venues/remoteEntry.js');
    await page.goto(`${baseUrl()}/missing-route`);
    await page.getByText('Oops! Page not found').waitFor();
  });
});
