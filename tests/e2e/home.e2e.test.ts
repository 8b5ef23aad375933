// The walking skeleton from the browser down to the database: the seeded venue list, search, league
// filter, sorts, a venue link, the 404 page and the fallback of a remote that cannot load.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENUES } from '@venuebook/local';
import { account, baseUrl, screenshot, signInByApi, browserPagePerTest, purgeVenuesExcept, waitForSettled } from './browser.ts';

// The e2e files share one stack: venues other files created (and did not remove) would change the counts below.
beforeAll(async () => {
  await purgeVenuesExcept(DEMO_VENUES.map((venue) => venue.name));
});

// Signed in as an editor (the context's refresh cookie; each test opens its first page): no welcome dialog in the
// way, and the edit buttons show.
const ui = browserPagePerTest((page) => signInByApi(page.context(), account('editor')));

const cardNames = (p: Page): Promise<string[]> => p.getByTestId('venue-card').locator('h3').allTextContents();

/** Opens the theme menu (loaded on first use) and chooses `option` once the menu has settled (`waitForSettled`). */
async function chooseTheme(option: 'system' | 'light' | 'dark'): Promise<void> {
  await ui.page.getByTestId('theme-menu').click();
  const item = ui.page.getByTestId(`theme-${option}`);
  await waitForSettled(item);
  await item.click();
}

async function openHome(path = '/'): Promise<void> {
  await ui.page.goto(`${baseUrl()}${path}`);
  await ui.page.getByTestId('venue-grid').or(ui.page.getByTestId('venue-list-empty')).waitFor();
}

describe('home list', () => {
  it('shows the seeded venues, newest first, with the spec texts', async () => {
    await openHome();
    await expect.poll(() => ui.page.getByTestId('venue-total').textContent()).toBe(`${DEMO_VENUES.length} venues`);
    const names = await cardNames(ui.page);
    // Newest first: the last demo venue created comes first.
    expect(names[0]).toBe(DEMO_VENUES.at(-1)?.name);
    expect(names).toHaveLength(DEMO_VENUES.length);
    await expect.poll(() => ui.page.getByPlaceholder('Search for venues, city, state or countries...').count()).toBe(1);
    for (const label of ['Newest', 'Updated', 'A→Z']) expect(await ui.page.getByRole('button', { name: label, exact: true }).count()).toBe(1);
    for (const label of ['OTE', 'OT7', 'OTX', 'OTS', 'Studio', 'Other']) {
      expect(await ui.page.getByRole('group', { name: 'Filter by league' }).getByRole('button', { name: label, exact: true }).count()).toBe(1);
    }
    // City by the display rule: 'Display City As' wins over the address.
    const redRocks = ui.page.getByTestId('venue-card').filter({ hasText: 'Red Rocks Amphitheatre' });
    expect(await redRocks.getByTestId('venue-card-city').textContent()).toContain('Denver');
    await screenshot(ui.page, 'home');
    expect(ui.errors).toEqual([]);
  });

  it('narrows the list as the user types and shows the no-match text', async () => {
    await openHome();
    const search = ui.page.getByPlaceholder('Search for venues, city, state or countries...');
    await search.fill('las vegas');
    await expect.poll(() => ui.page.url()).toContain('q=las+vegas');
    // Matched in name or address, case-insensitively.
    const vegas = ['Caesars Palace Colosseum', 'Fontainebleau Las Vegas Ballroom', 'Sphere', 'T-Mobile Arena'];
    expect(
      DEMO_VENUES.filter((venue) => /las vegas/i.test(`${venue.name} ${venue.address}`))
        .map((venue) => venue.name)
        .sort(),
    ).toEqual(vegas);
    await expect.poll(async () => (await cardNames(ui.page)).sort()).toEqual(vegas);
    await screenshot(ui.page, 'home-search');

    // Matched in the country.
    await search.fill('CANADA');
    await expect.poll(async () => (await cardNames(ui.page)).sort()).toEqual(['Bell Centre', 'Scotiabank Arena']);

    await search.fill('zzzz no such venue');
    await ui.page.getByTestId('venue-list-empty').waitFor();
    expect(await ui.page.getByTestId('venue-list-empty').textContent()).toContain('No venues match your filters');
  });

  it('filters by league (any selected league matches)', async () => {
    await openHome();
    const filter = ui.page.getByRole('group', { name: 'Filter by league' });
    await filter.getByRole('button', { name: 'Studio', exact: true }).click();
    const studio = DEMO_VENUES.filter((venue) => venue.leagues.includes('Studio')).map((venue) => venue.name);
    await expect.poll(async () => (await cardNames(ui.page)).sort()).toEqual([...studio].sort());
    expect(await filter.getByRole('button', { name: 'Studio', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await filter.getByRole('button', { name: 'OTS', exact: true }).click();
    const studioOrSelect = DEMO_VENUES.filter((venue) => venue.leagues.some((league) => league === 'Studio' || league === 'OT Select')).map(
      (venue) => venue.name,
    );
    await expect.poll(async () => (await cardNames(ui.page)).sort()).toEqual([...studioOrSelect].sort());
    await screenshot(ui.page, 'home-league-filter');
  });

  it('sorts A→Z and back to newest', async () => {
    await openHome();
    await ui.page.getByRole('button', { name: 'A→Z', exact: true }).click();
    const alphabetical = DEMO_VENUES.map((venue) => venue.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    await expect.poll(() => cardNames(ui.page)).toEqual(alphabetical);
    await expect.poll(() => ui.page.url()).toContain('sort=name');

    await ui.page.getByRole('button', { name: 'Newest', exact: true }).click();
    await expect.poll(async () => (await cardNames(ui.page))[0]).toBe(DEMO_VENUES.at(-1)?.name);
  });

  it('links each card to its venue page', async () => {
    await openHome();
    const card = ui.page.getByTestId('venue-card').filter({ hasText: 'Ryman Auditorium' });
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/venue\/[0-9a-f-]{36}$/);
    await card.click();
    await expect.poll(() => new URL(ui.page.url()).pathname).toBe(href);
    await ui.page.getByRole('heading', { name: 'Ryman Auditorium' }).waitFor();
    await screenshot(ui.page, 'venue-detail');
  });
});

describe('shell', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    await ui.page.goto(`${baseUrl()}/no/such/page`);
    await ui.page.getByText('Oops! Page not found').waitFor();
    await screenshot(ui.page, 'not-found');
    await ui.page.getByRole('link', { name: 'Return to Home' }).click();
    await ui.page.getByTestId('venue-grid').waitFor();
    expect(new URL(ui.page.url()).pathname).toBe('/');
  });

  it('switches the colour mode from the theme menu (loaded on first use) and keeps it across reloads', async () => {
    await openHome();
    await chooseTheme('dark');
    await ui.page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await ui.page.getByTestId('theme-menu').click();
    await ui.page.getByTestId('theme-dark').waitFor();
    await screenshot(ui.page, 'theme-menu-dark');
    await ui.page.keyboard.press('Escape');
    await openHome();
    expect(await ui.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await chooseTheme('light');
    await ui.page.waitForFunction(() => document.documentElement.classList.contains('light'));
  });

  it('shows a fallback inside the layout when a remote cannot be loaded, and the rest keeps working', async () => {
    await ui.page.route('**/remotes/venues/remoteEntry.js', (route) => route.abort());
    await ui.page.goto(`${baseUrl()}/`);
    await ui.page.getByTestId('remote-fallback').waitFor();
    expect(await ui.page.getByTestId('remote-fallback').textContent()).toContain('This section is unavailable right now');
    // The header is still there and a shell route still renders.
    expect(await ui.page.getByRole('banner').count()).toBe(1);
    await screenshot(ui.page, 'remote-fallback');
    await ui.page.unroute('**/remotes/venues/remoteEntry.js');
    await ui.page.goto(`${baseUrl()}/missing-route`);
    await ui.page.getByText('Oops! Page not found').waitFor();
  });
});
