// The Data Cards screen (spec §2 'Data Cards screen', §4 'Template cards', 'Drag reorder', §5 'Card fields',
// 'Adding cards', §8 'Cards and data'): an editor reaches it from the venue page, adds two templates, creates a
// custom card, drags a card above another (the order survives a reload) and removes cards in edit mode, at a
// desktop width (seven columns) and a phone width (tabs, keyboard drag); a viewer sees no write controls.
// One venue of its own (made through the API, purged at the end).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, browserPerFile, openSignedIn, pathOf, screenshotsOf, toasts } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const browser = browserPerFile();
const shot = screenshotsOf('data-cards');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The seeded 'Loading Dock' template (Facilities). */
const LOADING_DOCK = '8ff9af28-e3f6-4293-ab1c-bcaad9114ff3';
let venueId = '';
const venueName = 'Quillfeather Cards Arena';

beforeAll(async () => {
  venueId = await createVenue({ name: venueName, leagues: ['OTE'], address: '5 Quill Way\nAustin, TX 78701' });
});
afterAll(async () => {
  await purgeVenue(venueId);
});

const departmentPath = (department: string) => `/venue/${venueId}/department/${encodeURIComponent(department)}`;
const departmentUrl = (department: string) => `${baseUrl()}${departmentPath(department)}`;
const titles = (scope: Locator): Promise<string[]> => scope.getByTestId('card-open').allTextContents();
const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text }).waitFor();

describe('an editor', () => {
  it('adds templates, creates a card, drags and removes cards at desktop width', async () => {
    const { page, context, errors } = await openSignedIn(browser(), 'editor', DESKTOP, { path: `/venue/${venueId}` });
    try {
      // 'Add Venue Data' on the venue page leads here: the first department, seven columns.
      await page.getByTestId('venue-add-data').click();
      await page.getByTestId('department-columns').waitFor();
      expect(pathOf(page)).toBe(`/venue/${venueId}/department`);
      expect(await page.getByTestId('data-cards-venue-name').textContent()).toBe(venueName);
      expect(await page.getByTestId('department-column').count()).toBe(7);
      expect(await page.getByTestId('department-column-title').first().getAttribute('aria-current')).toBe('true');

      // Facilities by its URL; its column is the selected one and the dialogs start there.
      await page.goto(departmentUrl('Facilities'));
      const column = page.locator('[data-testid="department-column"][data-department="Facilities"]');
      await column.getByTestId('card-list').or(column.getByTestId('cards-empty')).waitFor();
      const before = await titles(column);

      // Add cards: nothing checked is refused; two templates checked are added.
      await page.getByTestId('fab-add').click();
      const add = page.getByTestId('add-cards-dialog');
      await add.getByTestId('add-cards-option').first().waitFor();
      expect(await add.getByTestId('add-cards-department').inputValue()).toBe('Facilities');
      await add.getByTestId('add-cards-submit').click();
      expect(await add.getByTestId('add-cards-error').textContent()).toBe('Please select at least one card to add');
      await add.getByTestId('add-cards-option').filter({ hasText: 'Loading Dock' }).click();
      await add.getByTestId('add-cards-option').filter({ hasText: 'Power' }).click();
      await shot(page, 'add-cards', DESKTOP.width, { fullPage: false });
      await add.getByTestId('add-cards-submit').click();
      await toast(page, 'Added 2 card(s) to Facilities');
      await add.waitFor({ state: 'hidden' });
      await expect.poll(() => titles(column)).toEqual([...before, 'Loading Dock', 'Power']);

      // Create a custom card: the title is required; a number field is added, the notes field is always there.
      await page.getByTestId('fab-create').click();
      const create = page.getByTestId('create-card-dialog');
      await create.waitFor();
      expect(await create.getByTestId('create-card-notes-field').textContent()).toContain('Notes');
      await create.getByTestId('create-card-title').fill('   ');
      await create.getByTestId('create-card-submit').click();
      expect(await create.getByTestId('create-card-title-error').textContent()).toBe('Card title is required');
      await create.getByTestId('create-card-title').fill('  Rigging Points ');
      await create.getByTestId('new-field-label').fill('Max Load');
      await create.getByTestId('new-field-type').selectOption('number');
      await create.getByTestId('new-field-add').click();
      await create.getByTestId('new-field-type').selectOption('select');
      await create.getByTestId('new-field-label').fill('Beam Type');
      await create.getByTestId('new-field-add').click();
      expect(await create.getByTestId('new-field-options-error').textContent()).toBe('Add at least one option for select field');
      await create.getByTestId('new-field-add-option').click();
      await create.getByTestId('new-field-option').fill('Steel');
      await create.getByTestId('new-field-add').click();
      expect(await create.getByTestId('create-card-field').allTextContents()).toEqual(['Max LoadNumber', 'Beam TypeSelect']);
      await shot(page, 'create-card', DESKTOP.width, { fullPage: false });
      await create.getByTestId('create-card-submit').click();
      await toast(page, 'Card created successfully');
      await create.waitFor({ state: 'hidden' });
      await expect.poll(() => titles(column)).toContain('Rigging Points');

      // Edit mode: drag 'Rigging Points' above 'Loading Dock' (pointer); the order is saved and survives a reload.
      await page.getByTestId('edit-mode-toggle').click();
      const tile = (title: string) => column.getByTestId('card-tile').filter({ hasText: title });
      const from = await tile('Rigging Points').getByTestId('card-drag-handle').boundingBox();
      const to = await tile('Loading Dock').boundingBox();
      await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
      await page.mouse.down();
      await page.mouse.move(from!.x + from!.width / 2, from!.y - 10, { steps: 5 });
      await page.mouse.move(to!.x + 20, to!.y + 5, { steps: 15 });
      await page.mouse.up();
      await toast(page, 'Card order updated');
      const dragged = [...before, 'Rigging Points', 'Loading Dock', 'Power'];
      await expect.poll(() => titles(column)).toEqual(dragged);
      await shot(page, 'edit-mode', DESKTOP.width);
      await page.reload();
      await column.getByTestId('card-list').waitFor();
      expect(await titles(column)).toEqual(dragged);

      // Delete in edit mode: a template leaves the venue, a venue card is soft-deleted (after a confirmation).
      await page.getByTestId('edit-mode-toggle').click();
      await tile('Power').getByTestId('card-delete').click();
      const confirm = page.getByTestId('delete-card-dialog');
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('the template stays');
      await confirm.getByTestId('confirm-ok').click();
      await toast(page, 'Card removed from venue');
      await tile('Rigging Points').getByTestId('card-delete').click();
      await confirm.getByTestId('confirm-ok').click();
      await toast(page, 'Card deleted');
      await expect.poll(() => titles(column)).toEqual([...before, 'Loading Dock']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('uses tabs and the keyboard to reorder at phone width', async () => {
    const { page, context, errors } = await openSignedIn(browser(), 'editor', PHONE, { path: departmentPath('Facilities') });
    try {
      const tabs = page.getByTestId('department-tabs');
      await tabs.waitFor();
      expect(await page.getByTestId('department-columns').count()).toBe(0);
      expect(await tabs.locator('[data-testid="department-tab"][aria-selected="true"]').textContent()).toBe('Facilities');
      const list = page.getByTestId('card-list');
      await list.waitFor();
      await page.getByTestId('fab-add').click();
      const add = page.getByTestId('add-cards-dialog');
      await add.getByTestId('add-cards-option').filter({ hasText: 'Power' }).click();
      await add.getByTestId('add-cards-submit').click();
      await toast(page, 'Added 1 card(s) to Facilities');
      const before = await titles(list);
      expect(before.slice(-2)).toEqual(['Loading Dock', 'Power']);
      await shot(page, 'department', PHONE.width);

      // Keyboard: pick up 'Power', move it up one place, drop it.
      await page.getByTestId('edit-mode-toggle').click();
      await shot(page, 'edit-mode', PHONE.width);
      const handle = list.getByTestId('card-tile').filter({ hasText: 'Power' }).getByTestId('card-drag-handle');
      await handle.waitFor();
      await handle.focus();
      await page.keyboard.press('Space');
      // dnd-kit listens for the arrow keys from the next task after the pick-up, and moves with a transition.
      await list.locator('[data-testid="card-drag-handle"][aria-pressed="true"]').waitFor();
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(300);
      await page.keyboard.press('Space');
      await toast(page, 'Card order updated');
      const moved = [...before.slice(0, -2), 'Power', 'Loading Dock'];
      await page.reload();
      await list.waitFor();
      expect(await titles(list)).toEqual(moved);

      // Another tab: the URL follows (encoded); a department without cards says so, with the inline buttons.
      await tabs.getByTestId('department-tab').filter({ hasText: 'Production Management' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/department/Production%20Management'));
      await page.getByTestId('cards-empty').or(page.getByTestId('card-list')).waitFor();
      await shot(page, 'tab-switched', PHONE.width);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a viewer', () => {
  it('sees the cards without write controls; unknown venues and departments say so', async () => {
    // Values entered on Loading Dock (through the API): the tile shows them, the notes' text too.
    const values = { department: 'Facilities', values: { dock_doors: { value: '4', baseVersion: 0 }, forklift_available: { value: 'Yes', baseVersion: 0 } } };
    expect((await apiCall('editor', 'PUT', `/venues/${venueId}/cards/${LOADING_DOCK}/values`, values)).status).toBe(200);
    expect(
      (
        await apiCall('editor', 'PUT', `/venues/${venueId}/cards/${LOADING_DOCK}/notes/notes`, {
          department: 'Facilities',
          baseText: '',
          text: 'Use the north gate.\nCall ahead.',
        })
      ).status,
    ).toBe(200);

    const { page, context, errors } = await openSignedIn(browser(), 'viewer', DESKTOP, { dismissWelcome: true, path: departmentPath('Facilities') });
    try {
      const column = page.locator('[data-testid="department-column"][data-department="Facilities"]');
      await column.getByTestId('card-list').waitFor();
      expect(await titles(column)).toContain('Loading Dock');
      const dock = column.getByTestId('card-tile').filter({ hasText: 'Loading Dock' });
      await dock.getByTestId('card-values').getByText('Use the north gate.', { exact: false }).waitFor();
      expect(await dock.getByTestId('card-value').allTextContents()).toEqual(['4', 'Yes', 'Use the north gate.\nCall ahead.']);
      for (const control of ['edit-mode-toggle', 'floating-actions', 'empty-add-cards', 'card-drag-handle', 'card-delete', 'clean-field-notes']) {
        expect(await page.getByTestId(control).count(), control).toBe(0);
      }
      await shot(page, 'viewer', DESKTOP.width);
      // A viewer opens a card (the card dialog, read-only for them).
      await dock.getByTestId('card-open').click();
      const dialog = page.getByTestId('card-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('card-dialog-close').click();
      await dialog.waitFor({ state: 'hidden' });

      await page.goto(`${baseUrl()}/venue/${venueId}/department/Catering`);
      await page.getByTestId('department-not-found').waitFor();
      await page.goto(`${baseUrl()}/venue/00000000-0000-4000-8000-000000000000/department`);
      await page.getByTestId('venue-not-found').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('an editor linked to a card', () => {
  it("opens the card named by ?card= (venue detail's Venue Data links) and cleans the venue's field notes", async () => {
    // A replaced notes text leaves removed lines behind (soft-deleted): what Clean Field Notes removes for good.
    const notes = `/venues/${venueId}/cards/${LOADING_DOCK}/notes/notes`;
    const current = (await apiCall('editor', 'GET', notes)).json as { text: string };
    expect((await apiCall('editor', 'PUT', notes, { department: 'Facilities', baseText: current.text, text: 'Gate code 4711' })).status).toBe(200);

    const { page, context, errors } = await openSignedIn(browser(), 'editor', PHONE, {
      dismissWelcome: true,
      path: `${departmentPath('Facilities')}?card=${LOADING_DOCK}`,
    });
    try {
      const dialog = page.getByTestId('card-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Loading Dock');
      await dialog.getByTestId('card-dialog-close').click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).search).toBe('');

      await page.getByTestId('clean-field-notes').click();
      const confirm = page.getByTestId('clean-field-notes-dialog');
      await confirm.waitFor();
      await shot(page, 'clean-field-notes', PHONE.width, { fullPage: false });
      await confirm.getByTestId('confirm-ok').click();
      await toast(page, 'Successfully cleaned up old field note data');
      expect(((await apiCall('viewer', 'GET', notes)).json as { text: string }).text).toBe('Gate code 4711');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
