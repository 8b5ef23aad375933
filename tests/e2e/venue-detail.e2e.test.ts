// The venue detail page and its report (spec §2 'Venue detail', 'Print layout', §5 'Links editor', 'City display',
// §6, §8 'Venues' and links toasts, §9 bullet styles) at a phone and a desktop width: the sections and empty
// states, the links editor (with the shared schema's and the server's 'Invalid URL'), the report page and the
// printed report (page.pdf under print media), a viewer without edit buttons or contact details, and an admin
// deleting a venue through the confirmation. Each width has its own venues, made through the API and purged at
// the end.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Role } from '@venuebook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, browserPerFile, openSignedIn, pathOf, screenshotsOf, SCREENSHOTS, toasts } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844, word: 'Lighthouse' },
  { label: 'desktop', width: 1440, height: 900, word: 'Copperline' },
] as const;

const browser = browserPerFile();
const shotPath = (name: string, width: number, ext = 'png') => join(SCREENSHOTS, `venue-detail-${name}-${width}.${ext}`);
const shot = screenshotsOf('venue-detail', { scrollToTop: true });

const NOTES = [
  'Load-in through the north dock.',
  '  Ask security for the gate code.',
  '    Gate 4 after 6 pm.',
  '      Badge at the booth.',
  'Power: 400 A three-phase.',
].join('\n');

describe.each(VIEWPORTS)('venue detail at $label width ($width×$height)', ({ label, width, height, word }) => {
  const name = `${word} Arena`;
  const emptyName = `${word} Warehouse Annex`;
  let venueId = '';
  let emptyId = '';
  const contexts: BrowserContext[] = [];
  const errors: Error[] = [];

  /** A page signed in as the role, open on `path`. */
  async function pageAs(role: Role, path: string): Promise<Page> {
    // The viewer's one-time welcome dialog (spec §6), if this stack has not shown it yet.
    const { context, page } = await openSignedIn(browser(), role, { width, height }, { dismissWelcome: role === 'viewer', errors, path });
    contexts.push(context);
    return page;
  }

  beforeAll(async () => {
    venueId = await createVenue({
      name,
      country: 'Canada',
      address: '100 Harbour Road\nVancouver, BC V6B 1A1',
      deliveryAddress: '12 Dock Lane\nVancouver, BC',
      deliveryNotes: 'Trucks before 7 am.',
      website: 'example.com/arena',
      leagues: ['OTE', 'OT Select'],
      venueTypes: ['Arena', 'Stadium'],
      generalNotes: NOTES,
      contactName: 'Pat Doe',
      contactTitle: 'Venue Manager',
      contactPhone: '(303) 555-1234',
      contactEmail: 'pat@example.com',
    });
    for (const contact of [
      { name: 'Sam Rivera', title: 'Audio Lead', phone: '(303) 555-0001', email: 'sam@example.com', tag: 'Audio' },
      { name: 'Lee Chan', title: 'Security Chief', phone: '', email: '', tag: 'Security' },
    ]) {
      expect((await apiCall('admin', 'POST', `/venues/${venueId}/contacts`, contact)).status).toBe(201);
    }
    emptyId = await createVenue({ name: emptyName });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    for (const id of [venueId, emptyId]) await purgeVenue(id);
  });

  it('shows every section of the venue, its buttons for an editor, and notes bulleted by indent', async () => {
    const page = await pageAs('editor', `/venue/${venueId}`);
    await page.getByTestId('venue-detail').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    // City display (spec §5): the last address line (without a trailing US ZIP), with the country outside the US.
    expect(await page.getByTestId('venue-city').textContent()).toBe('Vancouver, BC V6B 1A1, Canada');
    expect(await page.getByTestId('venue-leagues').textContent()).toBe('OTEOTS');
    expect(await page.getByTestId('venue-back').getAttribute('href')).toBe('/');

    // Buttons of §2 with their targets; Report on small screens, Print Report / Save PDF on large ones.
    const hrefs = Object.fromEntries(
      await Promise.all(
        ['venue-add-data', 'venue-edit', 'venue-documents', 'venue-photos', 'venue-events', 'venue-report-link'].map(
          async (id) => [id, await page.getByTestId(id).getAttribute('href')] as const,
        ),
      ),
    );
    const base = `/venue/${venueId}`;
    expect(hrefs).toEqual({
      'venue-add-data': `${base}/department`,
      'venue-edit': `${base}/edit`,
      'venue-documents': `${base}/documents`,
      'venue-photos': `${base}/photos`,
      'venue-events': `${base}/events`,
      'venue-report-link': `${base}/report`,
    });
    const small = width < 768;
    expect(await page.getByTestId('venue-report-link').isVisible()).toBe(small);
    expect(await page.getByTestId('venue-print').isVisible()).toBe(!small);
    // Delete Venue is for higher-privilege users (the editor is one, spec §6 as the permission table reads it).
    expect(await page.getByTestId('venue-delete').isVisible()).toBe(true);

    // Content: types, the address as a maps link with the country, deliveries, website, created date.
    expect(await page.getByTestId('venue-types').textContent()).toBe('ArenaStadium');
    expect(await page.getByTestId('venue-address').getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=100%20Harbour%20Road%2C%20Vancouver%2C%20BC%20V6B%201A1',
    );
    expect(await page.getByTestId('venue-country').textContent()).toBe('Canada');
    expect(await page.getByTestId('venue-delivery-address').textContent()).toContain('12 Dock Lane');
    expect(await page.getByTestId('venue-delivery-notes').textContent()).toBe('Trucks before 7 am.');
    expect(await page.getByTestId('venue-website').getAttribute('href')).toBe('https://example.com/arena');
    expect(await page.getByTestId('venue-created').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // §9 bullets: indent 0 round, 2 square, 4 hollow, 6 diamond.
    const notes = page.getByTestId('section-notes').locator('[data-bullet]');
    expect(await notes.evaluateAll((items) => items.map((li) => `${li.getAttribute('data-indent')}:${li.getAttribute('data-bullet')}`))).toEqual([
      '0:round',
      '2:square',
      '4:hollow',
      '6:diamond',
      '0:round',
    ]);
    expect(await page.getByTestId('main-contact').textContent()).toContain('pat@example.com');
    // The Venue Contacts dialog's button beside the main contact ('Contacts' on small screens).
    expect((await page.getByTestId('section-contact').getByTestId('venue-contacts-button').innerText()).trim()).toBe(small ? 'Contacts' : 'Venue Contacts');
    expect(await page.getByTestId('links-empty').textContent()).toBe('No links added yet');
    expect(await page.getByTestId('venue-data-empty').textContent()).toBe('No venue data entered yet');
    await shot(page, 'editor', width);
    expect(errors).toEqual([]);
  });

  it("edits the links: 'Invalid URL' from the shared rules and from the server, rows without text or URL dropped", async () => {
    const page = await pageAs('editor', `/venue/${venueId}`);
    await page.getByTestId('links-edit').click();
    const editor = page.getByTestId('links-editor');
    await editor.waitFor();
    await editor.getByTestId('link-text').nth(0).fill('Site Map');
    await editor.getByTestId('link-url').nth(0).fill('example.com/map');
    await editor.getByTestId('link-add').click();
    await editor.getByTestId('link-text').nth(1).fill('Bad link');
    await editor.getByTestId('link-url').nth(1).fill('not a url');
    await editor.getByTestId('link-add').click();
    await editor.getByTestId('link-text').nth(2).fill('No URL, dropped');
    await editor.getByTestId('links-save').click();
    expect(await editor.getByTestId('link-url-error').textContent()).toBe('Invalid URL: not a url');
    await shot(page, 'links-invalid', width);

    // The server's own check: what reaches it is changed on the way (a real 400 with details, shown as sent).
    await editor.getByTestId('link-url').nth(1).fill('example.org/plan');
    await page.route(`**/api/v1/venues/${venueId}/links`, (route) =>
      route.continue({ postData: JSON.stringify({ links: [{ displayText: 'Bad', url: 'http://' }] }) }),
    );
    await editor.getByTestId('links-save').click();
    await editor.getByTestId('links-server-error').waitFor();
    expect(await editor.getByTestId('links-server-error').textContent()).toContain('Invalid URL: http://');
    expect(await toasts(page).filter({ hasText: 'Failed to update links' }).textContent()).toContain('Invalid URL: http://');
    await shot(page, 'links-server-invalid', width, { fullPage: false });
    await page.unrouteAll();

    await editor.getByTestId('links-save').click();
    await toasts(page).filter({ hasText: 'Links updated successfully' }).waitFor();
    await editor.waitFor({ state: 'hidden' });
    const links = page.getByTestId('venue-link');
    expect(await links.allTextContents()).toEqual(['Site Map', 'Bad link']);
    expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(['https://example.com/map', 'https://example.org/plan']);
    await shot(page, 'links-saved', width);
    expect(errors).toEqual([]);
  });

  it('shows the empty states of a venue with only a name', async () => {
    const page = await pageAs('editor', `/venue/${emptyId}`);
    await page.getByTestId('venue-detail').waitFor();
    expect(await page.getByTestId('links-empty').textContent()).toBe('No links added yet');
    expect(await page.getByTestId('main-contact-empty').textContent()).toBe('No main contact designated.');
    expect(await page.getByTestId('venue-data-empty').textContent()).toBe('No venue data entered yet');
    await page.goto(`${baseUrl()}/venue/${emptyId}/report`);
    await page.getByTestId('venue-report-page').getByText('No contacts added yet.').waitFor();
    await shot(page, 'empty', width);
    await page.goto(`${baseUrl()}/venue/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Venue Not Found').waitFor();
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(errors).toEqual([]);
  });

  it('shows the report page and prints the report to PDF (print media)', async () => {
    const page = await pageAs('editor', `/venue/${venueId}`);
    await page.getByTestId('venue-detail').waitFor();
    if (width < 768) {
      await page.getByTestId('venue-report-link').click();
      await page.waitForURL((url) => url.pathname === `/venue/${venueId}/report`);
    } else {
      // window.print() opens the browser's dialog; here it only records the call.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void ((window as unknown as { printed: number }).printed += 1);
      });
      await page.getByTestId('venue-print').click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.goto(`${baseUrl()}/venue/${venueId}/report`);
    }
    const report = page.getByTestId('venue-report-page').getByTestId('venue-report');
    await report.getByTestId('report-contact').first().waitFor();
    expect(await report.getByTestId('report-title').textContent()).toBe(name);
    expect(await report.getByText('Venue Technical Report').count()).toBe(1);
    expect(await report.getByTestId('report-generated').textContent()).toMatch(/^Generated [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // The gallery's link with its key (GET /venues/{id}/gallery), which a rotation replaces.
    const { publicPath } = (await apiCall('editor', 'GET', `/venues/${venueId}/gallery`)).json as { publicPath: string };
    expect(publicPath).toMatch(new RegExp(`^/public/venue/${venueId}/photos\\?key=[\\w-]{20,}$`));
    const photos = `${baseUrl()}${publicPath}`;
    await report.getByTestId('report-photos-link').waitFor();
    expect(await report.getByTestId('report-photos-link').getAttribute('href')).toBe(photos);
    expect(await report.getByTestId('report-photos-link').textContent()).toBe(photos);
    // All contacts, the main one first with its badge, then newest first.
    const contacts = report.getByTestId('report-contact');
    expect(await contacts.count()).toBe(3);
    expect(await contacts.nth(0).textContent()).toContain('Pat Doe');
    expect(await contacts.nth(0).getByTestId('report-main-badge').textContent()).toBe('Main');
    expect(await contacts.nth(1).textContent()).toContain('Lee Chan');
    expect(await contacts.nth(1).getByTestId('report-contact-tag').textContent()).toBe('Security');
    expect(await contacts.nth(2).textContent()).toContain('sam@example.com');
    expect(await report.getByTestId('report-main-badge').count()).toBe(1);
    await shot(page, 'report-page', width);

    // Print media: only the report, once (the shell's header and the screen copy are left out).
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('venue-print-root');
    expect(await printed.isVisible()).toBe(true);
    expect(await page.getByTestId('venue-report-page').isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    await shot(page, 'report-print', width);
    await page.pdf({ path: shotPath('report', width, 'pdf'), format: 'Letter', printBackground: true });

    // The detail page prints the same report.
    await page.goto(`${baseUrl()}/venue/${venueId}`);
    await page.getByTestId('venue-print-root').getByTestId('report-contact').first().waitFor({ state: 'attached' });
    expect(await page.getByTestId('venue-detail').isVisible()).toBe(false);
    expect(await page.getByTestId('venue-print-root').getByTestId('report-contact').count()).toBe(3);
    // Paper is light whatever the app's theme: with the system theme dark, the printed text stays dark on white.
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    const colours = await page
      .getByTestId('venue-print-root')
      .evaluate((root) =>
        [root, root.querySelector('h1')!, root.querySelector('[data-testid="report-contact-tag"]')!].map(
          (el, i) => getComputedStyle(el)[i === 0 ? 'backgroundColor' : 'color'],
        ),
      );
    expect(colours[0]).toBe('rgb(255, 255, 255)');
    // The title and a tag badge: no light text (each channel 200 or more) on the white paper.
    for (const colour of colours.slice(1)) expect(colour).not.toMatch(/rgb\((2[0-9]{2}), (2[0-9]{2}), (2[0-9]{2})\)/);
    await shot(page, 'detail-print', width);
    await page.pdf({ path: shotPath('detail-print', width, 'pdf'), format: 'Letter', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByTestId('venue-print-root').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows a viewer no edit buttons and no contact details', async () => {
    const page = await pageAs('viewer', `/venue/${venueId}`);
    await page.getByTestId('venue-detail').waitFor();
    for (const id of ['venue-add-data', 'venue-edit', 'venue-delete', 'links-edit']) {
      expect(await page.getByTestId(id).count(), id).toBe(0);
    }
    for (const id of ['venue-documents', 'venue-photos', 'venue-events']) expect(await page.getByTestId(id).isVisible(), id).toBe(true);
    expect(await page.getByTestId('main-contact-hidden').textContent()).toBe('Contact details are hidden for your role.');
    expect(await page.getByTestId('venue-link').count()).toBe(2);
    await shot(page, 'viewer', width);
    await page.goto(`${baseUrl()}/venue/${venueId}/report`);
    const report = page.getByTestId('venue-report-page');
    await report.getByTestId('report-contact').first().waitFor();
    const text = (await report.textContent()) ?? '';
    for (const secret of ['Pat Doe', 'pat@example.com', 'sam@example.com', '555-0001', 'Lee Chan']) expect(text, secret).not.toContain(secret);
    expect(await report.getByTestId('report-contact-tag').allTextContents()).toEqual(expect.arrayContaining(['Audio', 'Security']));
    await shot(page, 'viewer-report', width);
    expect(errors).toEqual([]);
  });

  it('deletes a venue as an admin after the confirmation, then goes home', async () => {
    const page = await pageAs('admin', `/venue/${emptyId}`);
    await page.getByTestId('venue-delete').click();
    const dialog = page.getByTestId('delete-venue-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toBe('Delete Venue');
    expect(await dialog.textContent()).toContain(`"${emptyName}"`);
    await shot(page, 'delete-dialog', width, { fullPage: false });
    await dialog.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(`/venue/${emptyId}`);

    // A failed call: the §8 toast, the venue stays.
    await page.route(`**/api/v1/venues/${emptyId}`, (route) =>
      route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByTestId('venue-delete').click();
    await dialog.getByTestId('confirm-ok').click();
    await toasts(page).filter({ hasText: 'Failed to delete venue' }).waitFor();
    expect(pathOf(page)).toBe(`/venue/${emptyId}`);
    await page.unrouteAll();

    await page.getByTestId('venue-delete').click();
    await dialog.getByTestId('confirm-ok').click();
    await toasts(page).filter({ hasText: 'Venue deleted successfully' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('venue-grid').waitFor();
    expect(await page.getByTestId('venue-card').filter({ hasText: emptyName }).count()).toBe(0);
    expect((await apiCall('admin', 'GET', `/venues/${emptyId}`)).status).toBe(404);
    await shot(page, 'deleted', width, { fullPage: false });
    expect(errors, label).toEqual([]);
  });
});
