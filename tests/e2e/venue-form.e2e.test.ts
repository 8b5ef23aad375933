// The add and edit venue forms (spec §2, §4 'Add venue flow', 'Edit venue form', §5, §8) at a phone and a
// desktop width: create through the form, the duplicate check on a second venue of the same name, edit with the
// unsaved-changes guard (in-app dialog, the browser's Back button, and the browser's prompt on closing the tab).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserPerFile, openSignedIn, pathOf, screenshotsOf, toasts, type SignedInPage } from './browser.ts';

// Each width its own venue, with names unlike each other and the demo venues (the duplicate check compares names).
const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844, name: 'Harborview Pavilion' },
  { label: 'desktop', width: 1440, height: 900, name: 'Quartz Summit Ballroom' },
] as const;

const browser = browserPerFile();
/** A screenshot under artifacts/screenshots (gitignored): the whole page, or what the viewport shows (dialogs). */
const shot = screenshotsOf('venue-form');

describe.each(VIEWPORTS)('venue forms at $label width ($width×$height)', ({ width, height, name }) => {
  let signedIn: SignedInPage | undefined;
  let page: Page;
  let errors: Error[];
  let venuePath = '';

  beforeAll(async () => {
    signedIn = await openSignedIn(browser(), 'editor', { width, height });
    ({ page, errors } = signedIn);
  });
  afterAll(async () => {
    await signedIn?.context.close();
  });

  it('creates a venue through the add form (Save & Close)', async () => {
    await page.getByTestId('venue-grid').waitFor();
    await shot(page, 'home', width);
    await page.getByRole('link', { name: 'Create New Venue' }).click();
    await page.getByRole('heading', { name: 'Add New Venue' }).waitFor();
    expect(pathOf(page)).toBe('/add-venue');

    // The save buttons wait for a name; the country starts as United States.
    expect(await page.getByTestId('venue-save-close').isDisabled()).toBe(true);
    expect(await page.getByTestId('venue-continue').isDisabled()).toBe(true);
    expect(await page.getByTestId('venue-country').inputValue()).toBe('United States');
    expect(await page.getByLabel(/^Venue Name/).count()).toBe(1);
    for (const label of ['Country', 'Address', 'Display City As', 'Deliveries Address', 'Delivery Notes', 'Website']) {
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
    }
    expect(await page.getByText('Shown instead of the city from the address').count()).toBe(1);
    expect(await page.getByLabel('General Venue Notes').count()).toBe(0);
    // 29 venue types in a list that scrolls at 24rem; six league toggles, OT Select shown as OTS.
    const types = page.getByTestId('venue-types');
    expect(await types.getByRole('checkbox').count()).toBe(29);
    expect(await types.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual(['384px', 'auto']);
    expect(await page.getByTestId('venue-leagues').getByRole('button').allTextContents()).toEqual(['OTE', 'OT7', 'OTX', 'OTS', 'Studio', 'Other']);
    await shot(page, 'add-empty', width);

    await page.getByTestId('venue-name').fill(name);
    expect(await page.getByTestId('venue-save-close').isEnabled()).toBe(true);
    await page.getByTestId('venue-address').fill('1 Test Street\nDenver, CO 80202');
    await page.getByTestId('venue-website').fill('example.com');
    await page.getByTestId('venue-contact-name').fill('Pat Doe');
    await page.getByTestId('venue-contact-title').fill('Venue Manager');
    // Phone formatted as typed (spec §5).
    const phone = page.getByTestId('venue-contact-phone');
    await phone.pressSequentially('3035');
    expect(await phone.inputValue()).toBe('(303) 5');
    await phone.pressSequentially('551234');
    expect(await phone.inputValue()).toBe('(303) 555-1234');
    await page.getByTestId('venue-contact-email').fill('not-an-email');
    await page.getByTestId('venue-type-Arena').click();
    await page.getByTestId('venue-type-Stadium').click();
    await page.getByTestId('venue-league-OTE').click();
    await page.getByTestId('venue-league-OTS').click();
    expect(await page.getByTestId('venue-league-OTS').getAttribute('aria-pressed')).toBe('true');

    // The shared schema's messages (spec §5) before any request.
    await page.getByTestId('venue-save-close').click();
    await page.getByText('Invalid email').waitFor();
    expect(pathOf(page)).toBe('/add-venue');
    await shot(page, 'add-invalid', width);

    await page.getByTestId('venue-contact-email').fill('pat@example.com');
    await page.getByTestId('venue-save-close').click();
    // Either the duplicate check answers (no venue of this name yet: no dialog) or it fails, is shown and
    // creation goes on (spec §5, §8).
    await page.waitForURL((url) => url.pathname === '/');
    const card = page.getByTestId('venue-card').filter({ hasText: name });
    await card.waitFor();
    venuePath = (await card.getAttribute('href')) ?? '';
    expect(venuePath).toMatch(/^\/venue\/[0-9a-f-]{36}$/);
    await shot(page, 'home-after-create', width);
    expect(errors).toEqual([]);
  });

  it('checks for duplicates before creating a second venue of the same name', async () => {
    await page.goto(`${baseUrl()}/add-venue`);
    await page.getByTestId('venue-name').fill(name);
    await page.getByTestId('venue-league-OTE').click();
    await page.getByTestId('venue-continue').click();

    const dialog = page.getByTestId('duplicate-dialog');
    const failed = page.getByText('Duplicate Check Failed');
    await dialog.or(failed).first().waitFor();
    if (await dialog.isVisible()) {
      // The endpoint answers: an exact match blocks 'Create Anyway'.
      expect(await dialog.getByRole('heading').first().textContent()).toBe('Duplicate Venue Found');
      const item = dialog.getByTestId('duplicate-item').filter({ hasText: name });
      expect(await item.getByTestId('duplicate-similarity').textContent()).toBe('100%');
      expect(await dialog.getByTestId('duplicate-list').evaluate((el) => getComputedStyle(el).maxHeight)).toBe('240px');
      expect(await dialog.getByTestId('duplicate-create-anyway').isDisabled()).toBe(true);
      await shot(page, 'duplicate-dialog', width, { fullPage: false });
      await dialog.getByTestId('duplicate-review').click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('venue-name').evaluate((el) => el === document.activeElement)).toBe(true);

      // A similar name: 'Similar Venues Found', and 'Create Anyway' goes on to data entry.
      await page.getByTestId('venue-name').fill(`${name} Annex`);
      await page.getByTestId('venue-continue').click();
      await dialog.or(page.getByText('Oops! Page not found')).first().waitFor();
      if (await dialog.isVisible()) {
        expect(await dialog.getByRole('heading').first().textContent()).toBe('Similar Venues Found');
        await shot(page, 'similar-dialog', width, { fullPage: false });
        await dialog.getByTestId('duplicate-create-anyway').click();
      }
    } else {
      // Until the endpoint exists: the §8 toast, then the venue is created anyway.
      await page
        .getByText(/Proceeding with creation\./)
        .first()
        .waitFor();
      await shot(page, 'duplicate-check-unavailable', width, { fullPage: false });
    }
    // 'Continue to Data Entry' goes to the new venue's department page.
    await page.waitForURL((url) => /^\/venue\/[0-9a-f-]{36}\/department$/.test(url.pathname));
    expect(pathOf(page)).not.toBe(`${venuePath}/department`);
  });

  it('edits the venue: Save disabled until changed, the unsaved-changes dialog, then saves', async () => {
    await page.goto(`${baseUrl()}${venuePath}/edit`);
    await page.getByRole('heading', { name: 'Edit Venue' }).waitFor();
    expect(await page.getByTestId('venue-name').inputValue()).toBe(name);
    expect(await page.getByTestId('venue-contact-phone').inputValue()).toBe('(303) 555-1234');
    expect(await page.getByTestId('venue-website').inputValue()).toBe('https://example.com');
    expect(await page.getByTestId('venue-type-Arena').getByRole('checkbox').isChecked()).toBe(true);
    expect(await page.getByTestId('venue-league-OTS').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('High level notes or thoughts about the venue').count()).toBe(1);
    const save = page.getByTestId('venue-save');
    expect(await save.isDisabled()).toBe(true);
    await shot(page, 'edit', width);

    // Tab in the notes indents by 2 spaces (spec §9).
    const notes = page.getByTestId('venue-general-notes');
    await notes.fill('Load-in through the north dock.\n');
    await notes.press('End');
    await notes.press('Tab');
    await notes.pressSequentially('Ask security for the gate code.');
    expect(await notes.inputValue()).toBe('Load-in through the north dock.\n  Ask security for the gate code.');
    expect(await save.isEnabled()).toBe(true);

    // In-app navigation with unsaved changes: the dialog; 'Stay on Page' keeps the edits.
    await page.getByTestId('header-logo').click();
    const unsaved = page.getByTestId('unsaved-changes-dialog');
    await unsaved.waitFor();
    expect(await unsaved.getByRole('heading').first().textContent()).toBe('Unsaved Changes');
    await shot(page, 'unsaved-dialog', width, { fullPage: false });
    await unsaved.getByTestId('unsaved-stay').click();
    await unsaved.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(`${venuePath}/edit`);
    expect(await page.getByTestId('venue-general-notes').inputValue()).toContain('north dock');

    // Cancel asks too; 'Leave Page' goes to the venue without saving.
    await page.getByTestId('venue-cancel').click();
    await unsaved.waitFor();
    await unsaved.getByTestId('unsaved-leave').click();
    await page.waitForURL((url) => url.pathname === venuePath);

    // Edit again and save: back on the venue, and the edit form shows what was saved.
    await page.goto(`${baseUrl()}${venuePath}/edit`);
    await page.getByTestId('venue-general-notes').fill('Load-in through the north dock.');
    await page.getByTestId('venue-contact-phone').fill('');
    await page.getByTestId('venue-contact-phone').pressSequentially('442079460958');
    expect(await page.getByTestId('venue-contact-phone').inputValue()).toBe('+44 (207) 946-0958');
    await save.click();
    await page.waitForURL((url) => url.pathname === venuePath);
    await page.goto(`${baseUrl()}${venuePath}/edit`);
    expect(await page.getByTestId('venue-general-notes').inputValue()).toBe('Load-in through the north dock.');
    // A stored value with '+' is shown unchanged.
    expect(await page.getByTestId('venue-contact-phone').inputValue()).toBe('+44 (207) 946-0958');
    expect(errors).toEqual([]);
  });

  it('shows the §8 toasts when the network fails: the duplicate check (then creates), creating, updating', async () => {
    // The browser loses the network for one call at a time (a real failure of the request, not a fake answer).
    await page.route('**/api/v1/venues/duplicate-check', (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl()}/add-venue`);
    await page.getByTestId('venue-name').fill(`${name} Offline Check`);
    await page.getByTestId('venue-save-close').click();
    const toast = toasts(page);
    const checkFailed = toast.filter({ hasText: 'Duplicate Check Failed' });
    await checkFailed.waitFor();
    expect(await checkFailed.textContent()).toContain('Proceeding with creation.');
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByTestId('venue-card')
      .filter({ hasText: `${name} Offline Check` })
      .waitFor();
    await shot(page, 'duplicate-check-failed', width, { fullPage: false });

    await page.route('**/api/v1/venues', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
    await page.goto(`${baseUrl()}/add-venue`);
    await page.getByTestId('venue-name').fill(`${name} Offline Create`);
    await page.getByTestId('venue-save-close').click();
    const createFailed = toast.filter({ hasText: 'Failed to create venue. Please try again.' });
    await createFailed.waitFor();
    expect(await createFailed.textContent()).toContain('Error');
    expect(pathOf(page)).toBe('/add-venue');
    await shot(page, 'create-failed', width, { fullPage: false });
    await page.unrouteAll();

    await page.route(`**/api/v1${venuePath.replace('/venue/', '/venues/')}`, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.goto(`${baseUrl()}${venuePath}/edit`);
    await page.getByTestId('venue-delivery-notes').fill('Dock closes at 6 pm.');
    await page.getByTestId('venue-save').click();
    await toast.filter({ hasText: 'Failed to update venue' }).waitFor();
    expect(pathOf(page)).toBe(`${venuePath}/edit`);
    await shot(page, 'update-failed', width, { fullPage: false });
    await page.unrouteAll();
  });

  it("holds the browser's Back button with unsaved changes: 'Stay on Page' keeps the edits, 'Leave Page' goes back", async () => {
    const other = await signedIn!.context.newPage();
    try {
      await other.goto(`${baseUrl()}${venuePath}`);
      await other.goto(`${baseUrl()}${venuePath}/edit`);
      const notes = other.getByTestId('venue-general-notes');
      await notes.fill('A draft left by Back');
      const unsaved = other.getByTestId('unsaved-changes-dialog');
      await other.goBack();
      await unsaved.waitFor();
      expect(pathOf(other)).toBe(`${venuePath}/edit`);
      await unsaved.getByTestId('unsaved-stay').click();
      await unsaved.waitFor({ state: 'hidden' });
      expect(await notes.inputValue()).toBe('A draft left by Back');
      await other.goBack();
      await unsaved.waitFor();
      await unsaved.getByTestId('unsaved-leave').click();
      await other.waitForURL((url) => url.pathname === venuePath);
    } finally {
      await other.close();
    }
  });

  it("asks the browser's leave prompt when the tab closes with unsaved changes", async () => {
    // Still on the edit form with the unsaved delivery notes of the test before.
    expect(await page.getByTestId('venue-delivery-notes').inputValue()).toBe('Dock closes at 6 pm.');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      // Leaving: the page closes.
      void dialog.accept();
    });
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogs).toEqual(['beforeunload']);
  });
});
