// The card admin pages (spec §2 'Master Data Card Templates', 'Deleted Data Cards', §8 template and deleted-card
// toasts) and the venue detail's Venue Data (spec §2 'Venue Data grouped by department', §9 cached 5 minutes): an
// admin drags templates within a department and to another one (both survive a reload), creates, edits and deletes
// a template, restores one and purges another on Deleted Data Cards; an editor gets 'Access Denied'; venue detail
// shows values entered through the API by department. The file's templates and venue carry a run id and are purged
// at the end (the e2e files share one stack).
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, browserPerFile, openSignedIn, screenshotsOf, toasts } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const browser = browserPerFile();
const shot = screenshotsOf('admin-cards', { scrollToTop: true });
const RUN = Date.now().toString(36).slice(-5);
const TITLES = { alpha: `E2E Alpha Rig ${RUN}`, bravo: `E2E Bravo Rig ${RUN}`, charlie: `E2E Charlie ${RUN}`, edited: `E2E Charlie Edited ${RUN}` };
const PHONE = { width: 390, height: 844 };
// Tall enough that every department column is on screen for the drags.
const DESKTOP = { width: 1440, height: 2200 };

const templateIds = new Set<string>();
const contexts: BrowserContext[] = [];
let venueId = '';

async function createTemplate(title: string, department: string): Promise<string> {
  const { status, json } = await apiCall('admin', 'POST', '/card-templates', {
    title,
    departments: [department],
    fields: [{ label: 'Rigging Points', type: 'number' }],
  });
  expect(status).toBe(201);
  const id = (json as { id: string }).id;
  templateIds.add(id);
  return id;
}

/** A page signed in as the role, open on `path` (null: none yet). */
async function pageAs(role: 'admin' | 'editor', viewport: { width: number; height: number }, path: string | null): Promise<Page> {
  const { context, page } = await openSignedIn(browser(), role, viewport, { path });
  contexts.push(context);
  return page;
}

const column = (page: Page, department: string) => page.locator(`[data-testid="template-department"][data-department="${department}"]`);
const titlesIn = (page: Page, department: string) =>
  column(page, department)
    .getByTestId('template-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-title')));
const templateCard = (page: Page, title: string) => page.locator(`[data-testid="template-card"][data-title="${title}"]`);

/** A pointer drag (dnd-kit's pointer sensor starts after 4 px) from a handle to the middle of `target`. */
async function drag(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}

async function expectToast(page: Page, text: string): Promise<void> {
  await toasts(page).filter({ hasText: text }).first().waitFor();
}

const MASTER = '/admin/master-data-cards';
const masterShown = (page: Page) => page.getByTestId('template-board').waitFor();

async function openMaster(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}${MASTER}`);
  await masterShown(page);
}

beforeAll(async () => {
  await createTemplate(TITLES.alpha, 'Security');
  await createTemplate(TITLES.bravo, 'Security');
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  for (const id of templateIds) {
    await apiCall('admin', 'DELETE', `/card-templates/${id}`);
    await apiCall('admin', 'DELETE', `/deleted-cards/${id}`);
  }
  if (venueId) await purgeVenue(venueId);
});

describe('Master Data Card Templates', () => {
  it('reorders templates within a department and moves one to another department; both survive a reload', async () => {
    const page = await pageAs('admin', DESKTOP, MASTER);
    await masterShown(page);
    const mine = async (department: string) => (await titlesIn(page, department)).filter((title) => title?.includes(RUN));
    expect(await mine('Security')).toEqual([TITLES.alpha, TITLES.bravo]);
    // The protected General Notes card has no handle and no delete button.
    const notes = templateCard(page, 'General Notes');
    expect(await notes.getByTestId('template-protected').count()).toBe(1);
    expect(await notes.getByTestId('template-drag').count()).toBe(0);
    expect(await notes.getByTestId('template-delete').count()).toBe(0);

    await drag(page, templateCard(page, TITLES.bravo).getByTestId('template-drag'), templateCard(page, TITLES.alpha));
    await expectToast(page, 'Template order updated');
    await openMaster(page);
    expect(await mine('Security')).toEqual([TITLES.bravo, TITLES.alpha]);

    await drag(page, templateCard(page, TITLES.alpha).getByTestId('template-drag'), column(page, 'IT'));
    await expectToast(page, 'Card moved to IT');
    await openMaster(page);
    expect(await mine('Security')).toEqual([TITLES.bravo]);
    expect(await mine('IT')).toEqual([TITLES.alpha]);
    await shot(page, 'master', DESKTOP.width);
  });

  it('creates, edits and deletes a template through its dialogs', async () => {
    const page = await pageAs('admin', PHONE, MASTER);
    await masterShown(page);
    await shot(page, 'master', PHONE.width);
    await column(page, 'IT').getByTestId('template-add').click();
    const dialog = page.getByTestId('template-form-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('template-department-IT').getAttribute('data-state')).toBe('checked');
    await page.getByTestId('template-title').fill(TITLES.charlie);
    await page.getByTestId('template-description').fill('Truss and motor points');
    // Its fields through the card dialog's fields editor: the notes field, and one added.
    await dialog.getByTestId('card-field-add').click();
    await dialog.locator('[data-testid^="card-field-row-"]:not([data-testid="card-field-row-notes"])').getByTestId('card-field-label').fill('Truss Points');
    await shot(page, 'template-dialog', PHONE.width, { fullPage: false });
    await page.getByTestId('template-save').click();
    await expectToast(page, 'Template card created');
    expect(await templateCard(page, TITLES.charlie).textContent()).toContain('2 fields');
    const { json } = await apiCall('admin', 'GET', '/card-templates?department=IT');
    for (const card of (json as { items: { id: string; title: string }[] }).items) if (card.title === TITLES.charlie) templateIds.add(card.id);

    await templateCard(page, TITLES.charlie).getByTestId('template-edit').click();
    await page.getByTestId('template-title').fill(TITLES.edited);
    await page.getByTestId('template-save').click();
    await expectToast(page, 'Template card updated');
    await templateCard(page, TITLES.edited).waitFor();

    await templateCard(page, TITLES.edited).getByTestId('template-delete').click();
    await page.getByTestId('delete-template-dialog').getByTestId('confirm-ok').click();
    await expectToast(page, 'Template card deleted');
    await templateCard(page, TITLES.edited).waitFor({ state: 'detached' });
  });

  it('lists deleted cards with their age; restores one and purges another', async () => {
    // Bravo is deleted too, to be purged.
    const bravo = [...templateIds][1]!;
    expect((await apiCall('admin', 'DELETE', `/card-templates/${bravo}`)).status).toBe(200);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await pageAs('admin', viewport, MASTER);
      await masterShown(page);
      await page.getByTestId('deleted-cards-link').click();
      if (viewport === DESKTOP) {
        await page.getByTestId('deleted-card-list').waitFor();
        await shot(page, 'deleted', viewport.width);
        const edited = page.locator(`[data-testid="deleted-card-item"][data-title="${TITLES.edited}"]`);
        expect(await edited.getByTestId('deleted-card-age').textContent()).toMatch(/^Deleted (less than a minute|1 minute|\d+ minutes) ago$/);
        await edited.getByTestId('restore-card').click();
        await expectToast(page, 'Card restored');
        await edited.waitFor({ state: 'detached' });

        const gone = page.locator(`[data-testid="deleted-card-item"][data-title="${TITLES.bravo}"]`);
        await gone.getByTestId('purge-card').click();
        await page.getByTestId('purge-card-dialog').getByTestId('confirm-ok').click();
        await expectToast(page, 'Card permanently deleted');
        await gone.waitFor({ state: 'detached' });
        templateIds.delete(bravo);

        await page.getByTestId('master-cards-link').click();
        await templateCard(page, TITLES.edited).waitFor();
      } else {
        // 'No deleted cards' once these were restored or purged, unless other files left deleted cards.
        await page.locator('[data-testid="deleted-card-list"], [data-testid="deleted-cards-empty"]').first().waitFor();
        if ((await page.getByTestId('deleted-card-item').count()) === 0)
          expect(await page.getByTestId('deleted-cards-empty').textContent()).toBe('No deleted cards');
        await shot(page, 'deleted', viewport.width);
      }
    }
  });

  it("shows an editor 'Access Denied' on both pages", async () => {
    const page = await pageAs('editor', PHONE, null);
    for (const path of ['/admin/master-data-cards', '/admin/deleted-data-cards']) {
      await page.goto(`${baseUrl()}${path}`);
      const denied = page.getByTestId('admin-access-denied');
      await denied.waitFor();
      expect((await denied.textContent())?.replace(/\s+/g, ' ')).toContain('Access Denied.You need admin privileges to access this page.');
    }
    await shot(page, 'access-denied', PHONE.width);
  });
});

describe('Venue Data on venue detail', () => {
  it('shows the values entered on the venue, grouped by department, each card linking to its department', async () => {
    venueId = await createVenue({ name: `E2E Data Hall ${RUN}` });
    const alpha = [...templateIds][0]!;
    // Alpha (now in IT) and the seeded General Notes card, with values entered through the API.
    expect((await apiCall('editor', 'POST', `/venues/${venueId}/cards/templates`, { department: 'IT', templateIds: [alpha] })).status).toBe(200);
    const save = (cardId: string, department: string, values: Record<string, string>) =>
      apiCall('editor', 'PUT', `/venues/${venueId}/cards/${cardId}/values`, {
        department,
        values: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, baseVersion: 0 }])),
      });
    expect((await save(alpha, 'IT', { rigging_points: '24', notes: 'Motors on the north truss' })).status).toBe(200);
    const templates = (await apiCall('editor', 'GET', '/card-templates')).json as { items: { id: string; isSystemProtected: boolean }[] };
    const generalNotes = templates.items.find((card) => card.isSystemProtected)!;
    expect(
      (await apiCall('editor', 'POST', `/venues/${venueId}/cards/templates`, { department: 'Production/Broadcast', templateIds: [generalNotes.id] })).status,
    ).toBe(200);
    expect((await save(generalNotes.id, 'Production/Broadcast', { notes: 'Dock closes at 6 pm' })).status).toBe(200);

    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      const page = await pageAs('editor', viewport, `/venue/${venueId}`);
      await page.getByTestId('venue-data').waitFor();
      const departments = page.getByTestId('venue-data-department');
      expect(await departments.evaluateAll((sections) => sections.map((s) => s.getAttribute('data-department')))).toEqual(['Production/Broadcast', 'IT']);
      const card = page.locator(`[data-testid="venue-data-card"][data-title="${TITLES.alpha}"]`);
      expect(await card.getByTestId('venue-data-value').allTextContents()).toEqual(['24', 'Motors on the north truss']);
      await page.getByTestId('section-venue-data').scrollIntoViewIfNeeded();
      await shot(page, 'venue-data', viewport.width);
      if (viewport === PHONE) {
        await card.getByRole('link').click();
        await page.waitForURL((url) => url.pathname === `/venue/${venueId}/department/IT`);
      }
    }
  });
});
