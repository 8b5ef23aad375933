// Venue events, all events and Deleted Venues (spec §2 'Events', 'Deleted Venues', §5 'Event name', §8, §9) at a
// phone and a desktop width: an editor creates, edits and deletes events on a venue; finds them on /events by
// search, sort, league and dates; a viewer sees no write buttons; an admin restores a deleted venue, deletes it
// again and purges it; a non-admin is sent home from /deleted-venues. Each width has its own two venues (made
// through the API and purged at the end, so the shared stack keeps only the demo venues).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  baseUrl,
  browserPerFile,
  openSignedIn,
  pathOf,
  SCREENSHOTS_ENABLED,
  screenshotsOf,
  toasts,
  uploadDocumentByApi,
  type SignedInPage,
} from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const VIEWPORTS = [
  { label: 'Phone', width: 390, height: 844 },
  { label: 'Desktop', width: 1440, height: 900 },
] as const;

const browser = browserPerFile();
const shot = screenshotsOf('events');

/**
 * A screenshot of the page again in the dark colour mode (the theme menu's stored setting), then back to the
 * default: two reloads for the screenshot's sake, so nothing at all unless screenshots are enabled.
 */
async function darkShot(page: Page, name: string, width: number, ready: string): Promise<void> {
  if (!SCREENSHOTS_ENABLED) return;
  await page.evaluate(() => localStorage.setItem('venuebook-theme', 'dark'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  await page.getByTestId(ready).waitFor();
  await shot(page, `${name}-dark`, width);
  await page.evaluate(() => localStorage.removeItem('venuebook-theme'));
  await page.reload();
  await page.getByTestId(ready).waitFor();
}

const eventNames = (page: Page): Promise<string[]> => page.getByTestId('event-name-text').allTextContents();
const rowNames = (page: Page): Promise<string[]> => page.getByTestId('event-row-name').allTextContents();

describe.each(VIEWPORTS)('events and deleted venues at $label width ($width×$height)', ({ label, width, height }) => {
  // Words unlike the demo venues and the other width's, so that a search finds just this width's rows.
  const word = `${label}zx`;
  const hallName = `Marigold ${label} Hall`;
  const arenaName = `Juniper ${label} Arena`;
  let hallId = '';
  let arenaId = '';
  let signedIn: SignedInPage | undefined;
  let page: Page;
  let errors: Error[];

  beforeAll(async () => {
    hallId = await createVenue({ name: hallName, leagues: ['OTX'], address: '1 Bloom Road\nBoise, ID 83702' });
    arenaId = await createVenue({ name: arenaName, leagues: ['OTE'], address: '9 Pine Street\nTulsa, OK 74103' });
    // One event on the arena through the API (the league filter tells the two venues apart).
    const { status } = await apiCall('editor', 'POST', `/venues/${arenaId}/events`, {
      name: `${word} Juniper Kickoff`,
      eventDate: '2026-02-01',
      description: '',
    });
    expect(status).toBe(201);
    signedIn = await openSignedIn(browser(), 'editor', { width, height }, { path: null });
    ({ page, errors } = signedIn);
  });
  afterAll(async () => {
    await signedIn?.context.close();
    await purgeVenue(hallId);
    await purgeVenue(arenaId);
  });

  it('creates, edits and deletes events on the venue events page', async () => {
    await page.goto(`${baseUrl()}/venue/${hallId}/events`);
    const empty = page.getByTestId('events-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('No Events Yet');
    expect(await page.getByTestId('events-venue-name').textContent()).toContain(hallName);
    expect(await page.getByTestId('new-event').count()).toBe(0);
    await shot(page, 'venue-empty', width);

    // 'Create First Event': the name is required (submit disabled while blank after trimming).
    await page.getByRole('button', { name: 'Create First Event' }).click();
    const dialog = page.getByTestId('event-form-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toBe('New Event');
    const save = dialog.getByTestId('event-save');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByTestId('event-name').fill('   ');
    expect(await save.isDisabled()).toBe(true);
    expect(await dialog.getByTestId('event-date').getAttribute('type')).toBe('date');
    await dialog.getByTestId('event-name').fill(`  ${word} Gala Night  `);
    expect(await save.isEnabled()).toBe(true);
    await dialog.getByTestId('event-date').fill('2026-05-14');
    await dialog.getByTestId('event-description').fill('Black tie.\nDoors at 7 pm.');
    await shot(page, 'new-event-dialog', width, { fullPage: false });
    await save.click();
    await toasts(page).filter({ hasText: 'Event created' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => eventNames(page)).toEqual([`${word} Gala Night`]);
    expect(await page.getByTestId('event-date-text').first().textContent()).toBe('May 14, 2026');

    // 'New Event' once there is one: an event without a date, and one in the past.
    for (const [name, date] of [
      [`${word} Aardvark Expo`, ''],
      [`${word} Zephyr Finals`, '2025-01-10'],
    ] as const) {
      await page.getByTestId('new-event').click();
      await dialog.waitFor();
      expect(await dialog.getByTestId('event-name').inputValue()).toBe('');
      await dialog.getByTestId('event-name').fill(name);
      if (date) await dialog.getByTestId('event-date').fill(date);
      await save.click();
      await dialog.waitFor({ state: 'hidden' });
    }
    // By date, newest first, no date last.
    await expect.poll(() => eventNames(page)).toEqual([`${word} Gala Night`, `${word} Zephyr Finals`, `${word} Aardvark Expo`]);
    expect(await page.getByTestId('event-date-text').allTextContents()).toEqual(['May 14, 2026', 'Jan 10, 2025', 'No date']);

    // Edit: the form starts from the event.
    const zephyr = page.getByTestId('event-item').filter({ hasText: 'Zephyr Finals' });
    await zephyr.getByTestId('edit-event').click();
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toBe('Edit Event');
    expect(await dialog.getByTestId('event-name').inputValue()).toBe(`${word} Zephyr Finals`);
    expect(await dialog.getByTestId('event-date').inputValue()).toBe('2025-01-10');
    await dialog.getByTestId('event-name').fill(`${word} Zephyr Finals Day 2`);
    await dialog.getByTestId('event-date').fill('2025-01-11');
    await dialog.getByTestId('event-save').click();
    await toasts(page).filter({ hasText: 'Event updated' }).waitFor();
    await expect.poll(() => eventNames(page)).toContain(`${word} Zephyr Finals Day 2`);
    expect(await page.getByTestId('event-date-text').nth(1).textContent()).toBe('Jan 11, 2025');

    // The per-event documents: the spec's empty text, then the documents linked to the event (and only those).
    const gala = page.getByTestId('event-item').filter({ hasText: 'Gala Night' });
    expect(await gala.getByTestId('event-description-text').textContent()).toBe('Black tie.\nDoors at 7 pm.');
    await gala.getByTestId('event-documents-toggle').click();
    await gala.getByTestId('event-documents').waitFor();
    expect(await gala.getByTestId('event-documents').textContent()).toBe('No documents uploaded yet.');
    const { json: listed } = await apiCall('editor', 'GET', `/venues/${hallId}/events`);
    const galaId = (listed as { items: { id: string; name: string }[] }).items.find((event) => event.name === `${word} Gala Night`)?.id ?? '';
    expect(galaId).not.toBe('');
    const runSheet = {
      name: 'gala-run-sheet.pdf',
      type: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    };
    await uploadDocumentByApi('editor', hallId, runSheet, { category: 'technical', eventId: galaId });
    await uploadDocumentByApi('editor', hallId, { ...runSheet, name: 'venue-map.pdf' });
    // Read again when the page comes back (the media pages refresh it through the shared cache).
    await page.reload();
    await gala.getByTestId('event-documents-toggle').click();
    await expect.poll(() => gala.getByTestId('event-document-name').allTextContents()).toEqual(['gala-run-sheet.pdf']);
    expect(await gala.getByTestId('event-document-meta').textContent()).toMatch(/^Technical Specifications · \d+ Bytes$/);
    await shot(page, 'event-documents', width);
    // The link opens the file itself (a signed URL of the API).
    const href = (await gala.getByTestId('event-document-name').getAttribute('href')) ?? '';
    const file = await fetch(new URL(href, baseUrl()));
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(runSheet.bytes);
    await shot(page, 'venue-list', width);
    await darkShot(page, 'venue-list', width, 'event-list');

    // Delete asks first: Cancel keeps the event, Delete removes it.
    const aardvark = page.getByTestId('event-item').filter({ hasText: 'Aardvark Expo' });
    await aardvark.getByTestId('delete-event').click();
    const confirm = page.getByTestId('delete-event-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`${word} Aardvark Expo`);
    await shot(page, 'delete-dialog', width, { fullPage: false });
    await confirm.getByTestId('confirm-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await aardvark.count()).toBe(1);
    await aardvark.getByTestId('delete-event').click();
    await confirm.getByTestId('confirm-ok').click();
    await toasts(page).filter({ hasText: 'Event deleted' }).waitFor();
    await expect.poll(() => eventNames(page)).toEqual([`${word} Gala Night`, `${word} Zephyr Finals Day 2`]);
    expect(errors).toEqual([]);
  });

  it('shows the §8 failure toast when a write fails', async () => {
    await page.route('**/api/v1/events/*', (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback()));
    await page.getByTestId('event-item').first().getByTestId('edit-event').click();
    const dialog = page.getByTestId('event-form-dialog');
    await dialog.getByTestId('event-description').fill('Changed offline');
    await dialog.getByTestId('event-save').click();
    await toasts(page)
      .filter({ hasText: /^.*Failed to update event: .+/ })
      .waitFor();
    // The form stays open with the edits.
    expect(await dialog.getByTestId('event-description').inputValue()).toBe('Changed offline');
    await shot(page, 'update-failed', width, { fullPage: false });
    await page.unrouteAll();
    await dialog.getByTestId('event-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('finds the events on /events by search, sort, league and dates', async () => {
    await page.goto(`${baseUrl()}/events`);
    await page.getByRole('heading', { name: 'All Events' }).waitFor();
    await page.getByTestId('event-rows').or(page.getByTestId('event-list-empty')).waitFor();
    await shot(page, 'all', width);

    await page.getByTestId('event-search').fill(word);
    await expect.poll(() => page.url()).toContain(`q=${word}`);
    // Newest (default): by date descending.
    const byDate = [`${word} Gala Night`, `${word} Juniper Kickoff`, `${word} Zephyr Finals Day 2`];
    await expect.poll(() => rowNames(page)).toEqual(byDate);
    expect(await page.getByTestId('event-total').textContent()).toBe('3 events');
    const kickoff = page.getByTestId('event-row').filter({ hasText: 'Juniper Kickoff' });
    expect(await kickoff.getByTestId('event-row-venue').textContent()).toBe(arenaName);
    expect(await kickoff.getByTestId('event-row-city').textContent()).toContain('Tulsa, OK');
    expect(await kickoff.getByTestId('event-row-date').textContent()).toBe('Feb 1, 2026');
    expect(await kickoff.getAttribute('href')).toBe(`/venue/${arenaId}`);
    await shot(page, 'all-search', width);
    await darkShot(page, 'all-search', width, 'event-rows');

    for (const [sort, names] of [
      ['oldest', [...byDate].reverse()],
      ['a-z', [`${word} Gala Night`, `${word} Juniper Kickoff`, `${word} Zephyr Finals Day 2`]],
      ['z-a', [`${word} Zephyr Finals Day 2`, `${word} Juniper Kickoff`, `${word} Gala Night`]],
      ['newest', byDate],
    ] as const) {
      await page.getByTestId(`event-sort-${sort}`).click();
      await expect.poll(() => rowNames(page), { message: sort }).toEqual(names);
      expect(await page.getByTestId(`event-sort-${sort}`).getAttribute('aria-pressed')).toBe('true');
    }

    // Leagues: the arena is OTE, the hall OTX.
    const leagues = page.getByRole('group', { name: 'Filter by league' });
    await leagues.getByRole('button', { name: 'OTE', exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual([`${word} Juniper Kickoff`]);
    await leagues.getByRole('button', { name: 'OTX', exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual(byDate);
    await leagues.getByRole('button', { name: 'OTE', exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual([`${word} Gala Night`, `${word} Zephyr Finals Day 2`]);
    await leagues.getByRole('button', { name: 'OTX', exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual(byDate);

    // Dates (inclusive).
    await page.getByTestId('event-from').fill('2026-01-01');
    await expect.poll(() => rowNames(page)).toEqual([`${word} Gala Night`, `${word} Juniper Kickoff`]);
    await page.getByTestId('event-to').fill('2026-02-01');
    await expect.poll(() => rowNames(page)).toEqual([`${word} Juniper Kickoff`]);
    await expect.poll(() => page.url()).toContain('from=2026-01-01&to=2026-02-01');
    await shot(page, 'all-filtered', width);

    // Nothing matches: the spec's empty text.
    await page.getByTestId('event-search').fill(`${word} nosuchthing`);
    await page.getByTestId('event-list-empty').waitFor();
    expect(await page.getByTestId('event-list-empty').textContent()).toContain('No events found');
    await shot(page, 'all-empty', width);

    // Clear filters, search again, and a row opens its venue.
    await page.getByTestId('clear-event-filters').click();
    await expect.poll(() => pathOf(page) + new URL(page.url()).search).toBe('/events');
    await page.getByTestId('event-search').fill(`${word} kickoff`);
    await expect.poll(() => rowNames(page)).toEqual([`${word} Juniper Kickoff`]);
    await page.getByTestId('event-row').first().click();
    await page.waitForURL((url) => url.pathname === `/venue/${arenaId}`);
    expect(errors).toEqual([]);
  });

  it('sends a non-admin home from /deleted-venues', async () => {
    await page.goto(`${baseUrl()}/deleted-venues`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('venue-grid').waitFor();
    expect(await page.getByTestId('deleted-venues-page').count()).toBe(0);
    // Replace navigation: going back does not return to /deleted-venues.
    await page.goBack();
    await page.waitForURL((url) => url.pathname !== '/');
    expect(pathOf(page)).toBe(`/venue/${arenaId}`);
  });

  it('shows a viewer the events without write buttons', async () => {
    // The viewer's one-time welcome dialog is closed without being recorded on the shared account (other files expect it).
    const { context: viewerContext, page: viewer } = await openSignedIn(
      browser(),
      'viewer',
      { width, height },
      { dismissWelcome: true, path: `/venue/${hallId}/events` },
    );
    try {
      await viewer.getByTestId('event-list').waitFor();
      await expect.poll(() => viewer.getByTestId('event-item').count()).toBe(2);
      for (const id of ['new-event', 'create-first-event', 'edit-event', 'delete-event']) expect(await viewer.getByTestId(id).count(), id).toBe(0);
      await shot(viewer, 'viewer', width);
    } finally {
      await viewerContext.close();
    }
  });

  it('lets an admin restore a deleted venue, then delete it permanently', async () => {
    const { context: adminContext, page: admin, errors: adminErrors } = await openSignedIn(browser(), 'admin', { width, height });
    try {
      expect((await apiCall('admin', 'DELETE', `/venues/${arenaId}`)).status).toBe(204);
      // Reached from the side menu's admin items (spec §2 'Header').
      await admin.getByTestId('user-menu-button').click();
      await admin.getByTestId('user-menu').getByRole('link', { name: 'Deleted Venues' }).click();
      await admin.waitForURL((url) => url.pathname === '/deleted-venues');
      await admin.getByRole('heading', { name: 'Deleted Venues', exact: true }).waitFor();
      await admin.getByTestId('deleted-venue-list').waitFor();
      // Newest deleted first: the arena just deleted, with the day it was deleted.
      expect(await admin.getByTestId('deleted-venue-name').first().textContent()).toBe(arenaName);
      const item = admin.getByTestId('deleted-venue-item').filter({ hasText: arenaName });
      expect(await item.getByTestId('deleted-venue-date').textContent()).toMatch(/^Deleted [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await shot(admin, 'deleted-venues', width);

      await item.getByTestId('restore-venue').click();
      await toasts(admin)
        .filter({ hasText: `"${arenaName}" restored successfully` })
        .waitFor();
      await expect.poll(() => item.count()).toBe(0);
      expect((await apiCall('admin', 'GET', `/venues/${arenaId}`)).status).toBe(200);
      // Its event is back on /events.
      const events = await apiCall('editor', 'GET', `/events?q=${encodeURIComponent(`${word} kickoff`)}`);
      expect((events.json as { total: number }).total).toBe(1);

      // Deleted again, then for good (after the confirmation).
      expect((await apiCall('admin', 'DELETE', `/venues/${arenaId}`)).status).toBe(204);
      await admin.reload();
      await item.waitFor();
      await item.getByTestId('purge-venue').click();
      const confirm = admin.getByTestId('purge-venue-dialog');
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(arenaName);
      await shot(admin, 'purge-dialog', width, { fullPage: false });
      await confirm.getByTestId('confirm-cancel').click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await item.count()).toBe(1);
      await item.getByTestId('purge-venue').click();
      await confirm.getByTestId('confirm-ok').click();
      await toasts(admin)
        .filter({ hasText: `"${arenaName}" permanently deleted` })
        .waitFor();
      await expect.poll(() => item.count()).toBe(0);
      expect((await apiCall('admin', 'GET', `/venues/${arenaId}`)).status).toBe(404);
      // Purged with its events.
      const after = await apiCall('editor', 'GET', `/events?q=${encodeURIComponent(`${word} kickoff`)}`);
      expect((after.json as { total: number }).total).toBe(0);
      if ((await admin.getByTestId('deleted-venue-item').count()) === 0) {
        expect(await admin.getByTestId('deleted-venues-empty').textContent()).toContain('No deleted venues');
        await shot(admin, 'deleted-venues-empty', width);
      }
      expect(adminErrors).toEqual([]);
    } finally {
      await adminContext.close();
    }
  });
});
