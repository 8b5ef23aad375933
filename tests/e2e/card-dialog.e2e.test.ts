// The card dialog (spec §2 'Card dialog', §4, §5 'Data card save', §8 'Cards and data', §9 Tab and textarea rows;
// the field history and restore): an editor enters values of every type, saves with Ctrl+Enter and sees them again;
// the 'Unsaved Changes' guard; a surveyor saves the same field from a stale dialog ('Field Conflict Detected',
// Overwrite; the editor's stale dialog then Cancel Changes), notes merge, Verify; the editor restores an earlier
// value from the field's history and customises the template for the venue; a viewer sees values read-only.
// Desktop (1440) and phone (390) widths; one venue of its own (purged).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, browserPerFile, openSignedIn, screenshotsOf, toasts } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const browser = browserPerFile();
const shot = screenshotsOf('card-dialog', { fullPageByDefault: false });
const DESKTOP = { width: 1440, height: 1000 };
const PHONE = { width: 390, height: 844 };
/** The seeded 'Loading Dock' and 'Power' templates (Facilities). */
const LOADING_DOCK = '8ff9af28-e3f6-4293-ab1c-bcaad9114ff3';
const POWER = 'eea499d4-5351-47bf-a8de-df30b5a26d4c';

let venueId = '';

beforeAll(async () => {
  venueId = await createVenue({ name: `Card Dialog Hall ${Date.now().toString(36).slice(-5)}` });
  const { status } = await apiCall('admin', 'POST', `/venues/${venueId}/cards/templates`, { department: 'Facilities', templateIds: [LOADING_DOCK, POWER] });
  expect(status).toBe(200);
});
afterAll(async () => {
  await purgeVenue(venueId);
});

const dialog = (page: Page) => page.getByTestId('card-dialog');
const input = (page: Page, key: string) => dialog(page).locator(`[data-testid="card-field-${key}"] [data-testid="card-field-input"]`);
const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text }).first().waitFor();

const FACILITIES = () => `/venue/${venueId}/department/Facilities`;

/** The Facilities screen, then the card's dialog (its tile's open button). */
async function openCard(page: Page, title: string): Promise<void> {
  if (!page.url().endsWith('/department/Facilities')) await page.goto(`${baseUrl()}${FACILITIES()}`);
  await page.locator('[data-testid="card-open"]:visible', { hasText: title }).first().click();
  await dialog(page).getByTestId('card-enter-data').waitFor();
  await expect.poll(() => dialog(page).locator('[data-testid="card-field-input"]').first().isVisible()).toBe(true);
}

async function closeDialog(page: Page): Promise<void> {
  await dialog(page).getByTestId('card-dialog-close').click();
  await dialog(page).waitFor({ state: 'hidden' });
}

describe('the card dialog', () => {
  it('enters and saves every field type, keeps them, and guards unsaved changes (desktop)', async () => {
    const { page, context, errors } = await openSignedIn(browser(), 'editor', DESKTOP, { path: FACILITIES() });
    try {
      await openCard(page, 'Loading Dock');
      expect(await dialog(page).getByRole('heading').first().textContent()).toBe('Loading Dock');
      expect(await dialog(page).getByTestId('card-tab-customize').isVisible()).toBe(true);
      await input(page, 'dock_doors').fill('4');
      await input(page, 'dock_height').fill('1.2 m');
      await input(page, 'forklift_available').selectOption('Yes');
      // Spec §9: 6 rows at 1024 px and wider; Tab inserts two spaces.
      expect(await input(page, 'notes').getAttribute('rows')).toBe('6');
      await input(page, 'notes').click();
      await page.keyboard.type('Gate B');
      await page.keyboard.press('Tab');
      await page.keyboard.type('after 6pm');
      expect(await input(page, 'notes').inputValue()).toBe('Gate B  after 6pm');
      // Nothing may move to another card while something is unsaved.
      expect(await dialog(page).getByTestId('card-next').isDisabled()).toBe(true);
      await shot(page, 'enter-data', DESKTOP.width);
      await page.keyboard.press('Control+Enter');
      await toast(page, 'Data saved successfully');
      await expect.poll(() => dialog(page).getByTestId('card-next').isDisabled()).toBe(false);
      await closeDialog(page);

      await openCard(page, 'Loading Dock');
      expect(await input(page, 'dock_doors').inputValue()).toBe('4');
      expect(await input(page, 'dock_height').inputValue()).toBe('1.2 m');
      expect(await input(page, 'forklift_available').inputValue()).toBe('Yes');
      expect(await input(page, 'notes').inputValue()).toBe('Gate B  after 6pm');
      expect(await dialog(page).locator('[data-testid="card-field-dock_height"] [data-testid="card-field-changed"]').textContent()).toMatch(
        /^Changed by editor@.* ago$/,
      );

      // Unsaved Changes: Keep Editing keeps the text; Discard Changes closes and forgets it.
      await input(page, 'dock_height').fill('2 m');
      await page.keyboard.press('Escape');
      const unsaved = page.getByTestId('card-unsaved-dialog');
      await unsaved.waitFor();
      await unsaved.getByTestId('card-unsaved-keep').click();
      await unsaved.waitFor({ state: 'hidden' });
      expect(await input(page, 'dock_height').inputValue()).toBe('2 m');
      await dialog(page).getByTestId('card-dialog-close').click();
      await unsaved.getByTestId('card-unsaved-discard').click();
      await dialog(page).waitFor({ state: 'hidden' });
      await openCard(page, 'Loading Dock');
      expect(await input(page, 'dock_height').inputValue()).toBe('1.2 m');

      // At a phone width: 3 rows; the fields editor's select needs an option ('New Option' when added).
      await page.setViewportSize(PHONE);
      await expect.poll(() => input(page, 'notes').getAttribute('rows')).toBe('3');
      await dialog(page).getByTestId('card-tab-customize').click();
      await dialog(page).getByTestId('card-field-add').click();
      await dialog(page).getByTestId('card-field-type').nth(3).selectOption('select');
      expect(await dialog(page).getByTestId('card-field-option-error').textContent()).toBe('Add at least one option for select field');
      expect(await dialog(page).getByTestId('card-save-customization').isDisabled()).toBe(true);
      await dialog(page).getByTestId('card-field-option-add').click();
      expect(await dialog(page).getByTestId('card-field-option').inputValue()).toBe('New Option');
      await shot(page, 'customize', PHONE.width);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows 'Field Conflict Detected' to a stale dialog and overwrites; history restores an earlier value; customise", async () => {
    const editor = await openSignedIn(browser(), 'editor', DESKTOP, { path: FACILITIES() });
    const surveyor = await openSignedIn(browser(), 'surveyor', PHONE, { path: FACILITIES() });
    try {
      // Both open the card; the surveyor's dialog goes stale when the editor saves.
      await openCard(surveyor.page, 'Loading Dock');
      expect(await input(surveyor.page, 'notes').getAttribute('rows')).toBe('3');
      await openCard(editor.page, 'Loading Dock');
      // Presence: both have the card open ('2 editing', the names in its popover).
      await expect.poll(() => dialog(editor.page).getByTestId('card-presence').textContent(), { timeout: 10_000 }).toBe('2 editing');
      await dialog(editor.page).getByTestId('card-presence').click();
      await expect.poll(() => editor.page.getByTestId('card-presence-list').textContent()).toContain('surveyor@example.com');
      await shot(editor.page, 'presence', DESKTOP.width);
      await dialog(editor.page).getByTestId('card-presence').click();
      await input(editor.page, 'dock_height').fill('1.5 m');
      await input(editor.page, 'notes').fill('Gate B  after 6pm\nEditor line');
      await editor.page.getByTestId('card-save').click();
      await toast(editor.page, 'Data saved successfully');

      await input(surveyor.page, 'dock_height').fill('1.8 m');
      await input(surveyor.page, 'notes').fill('Gate B  after 6pm\nSurveyor line');
      await surveyor.page.getByTestId('card-save').click();
      const conflict = surveyor.page.getByTestId('card-conflict-dialog');
      await conflict.waitFor();
      // The notes field merges instead (spec §4 'Field notes save'): both new lines are kept.
      await toast(surveyor.page, 'Merged your 1 new lines with 1 lines added by others');
      expect(await input(surveyor.page, 'notes').inputValue()).toBe('Gate B  after 6pm\nEditor line\nSurveyor line');
      expect(await conflict.getByTestId('card-conflict-field').textContent()).toContain('Dock height');
      expect(await conflict.getByTestId('card-conflict-current').textContent()).toBe('1.5 m');
      expect(await conflict.getByTestId('card-conflict-mine').textContent()).toBe('1.8 m');
      await shot(surveyor.page, 'conflict', PHONE.width);
      await conflict.getByTestId('card-conflict-overwrite').click();
      await toast(surveyor.page, 'Data saved successfully');
      await conflict.waitFor({ state: 'hidden' });
      // 'Last verified': Verify with a source.
      const doors = surveyor.page.getByTestId('card-field-dock_doors');
      await doors.getByTestId('card-field-verify').click();
      await surveyor.page.getByTestId('card-verify-source').fill('site visit');
      await shot(surveyor.page, 'verify', PHONE.width);
      await surveyor.page.getByTestId('card-verify-confirm').click();
      await expect.poll(() => doors.getByTestId('card-field-verified').textContent()).toMatch(/Verified .* ago \(site visit\)$/);
      await shot(surveyor.page, 'enter-data', PHONE.width);

      // The editor's dialog is stale now too: 'Cancel Changes' takes the surveyor's value.
      await input(editor.page, 'dock_height').fill('1.6 m');
      await editor.page.keyboard.press('Control+Enter');
      const editorConflict = editor.page.getByTestId('card-conflict-dialog');
      await editorConflict.getByTestId('card-conflict-cancel').click();
      await editorConflict.waitFor({ state: 'hidden' });
      await expect.poll(() => input(editor.page, 'dock_height').inputValue()).toBe('1.8 m');

      // History (newest first): the editor restores 1.2 m.
      await closeDialog(editor.page);
      await openCard(editor.page, 'Loading Dock');
      expect(await input(editor.page, 'dock_height').inputValue()).toBe('1.8 m');
      await editor.page.locator('[data-testid="card-field-dock_height"] [data-testid="card-field-history"]').click();
      const history = editor.page.getByTestId('card-field-history-dialog');
      await history.getByTestId('card-history-item').first().waitFor();
      expect(await history.getByTestId('card-history-value').allTextContents()).toEqual(['1.8 m', '1.5 m', '1.2 m']);
      await shot(editor.page, 'history', DESKTOP.width);
      await history.locator('[data-testid="card-history-item"][data-version="1"] [data-testid="card-history-restore"]').click();
      await toast(editor.page, 'Dock height restored to version 1');
      await expect.poll(() => history.getByTestId('card-history-value').first().textContent()).toBe('1.2 m');
      await history.getByTestId('card-history-close').click();
      expect(await input(editor.page, 'dock_height').inputValue()).toBe('1.2 m');

      // Customize Card: rename and add a field, kept locally until Save Customization; the template becomes the venue's card.
      await editor.page.getByTestId('card-tab-customize').click();
      await editor.page.getByTestId('card-customize-title').fill('Loading Dock North');
      await editor.page.getByTestId('card-field-add').click();
      await editor.page.getByTestId('card-field-label').nth(3).fill('Dock Marshal');
      await shot(editor.page, 'customize', DESKTOP.width);
      await editor.page.getByTestId('card-back-to-data').click();
      await editor.page.getByTestId('card-tab-customize').click();
      expect(await editor.page.getByTestId('card-customize-title').inputValue()).toBe('Loading Dock North');
      await editor.page.getByTestId('card-save-customization').click();
      await toast(editor.page, 'Card updated successfully');
      await expect.poll(() => dialog(editor.page).getByRole('heading').first().textContent()).toBe('Loading Dock North');
      await input(editor.page, 'dock_height').waitFor();
      expect(await input(editor.page, 'dock_height').inputValue()).toBe('1.2 m');
      expect(await dialog(editor.page).getByText('Dock Marshal').isVisible()).toBe(true);
      // Now the venue's own card: a second customisation updates it (the added field removed again).
      await editor.page.getByTestId('card-tab-customize').click();
      await editor.page.getByTestId('card-field-remove').nth(3).click();
      await editor.page.getByTestId('card-customize-title').fill('Loading Dock N');
      await editor.page.getByTestId('card-save-customization').click();
      await expect.poll(() => dialog(editor.page).getByRole('heading').first().textContent()).toBe('Loading Dock N');
      await editor.page.getByTestId('card-back-to-data').click();
      expect(await dialog(editor.page).getByText('Dock Marshal').count()).toBe(0);
      expect([...editor.errors, ...surveyor.errors]).toEqual([]);
    } finally {
      await editor.context.close();
      await surveyor.context.close();
    }
  });

  it('shows a viewer the values read-only, without Save or Customize', async () => {
    const { page, context } = await openSignedIn(browser(), 'viewer', PHONE, { dismissWelcome: true, path: FACILITIES() });
    try {
      await openCard(page, 'Power');
      expect(await input(page, 'shore_power').getAttribute('readonly')).not.toBeNull();
      expect(await dialog(page).getByTestId('card-save').count()).toBe(0);
      expect(await dialog(page).getByTestId('card-tab-customize').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
