// Venue contacts (spec §2 'Venue Contacts dialog', 'Contacts', §4 'Contacts dialog form', §5 'Venue contact form',
// §6, §8 'Contacts', §9) at a phone and a desktop width: an editor adds, edits (with a custom tag) and deletes
// contacts in the venue's dialog; finds them on /contacts, where the main contact cannot be deleted; a viewer sees no
// contact details and no write buttons; an admin restores and purges on /deleted-contacts and others are sent home.
// Each width has its own venue (made through the API with a main contact, purged at the end).
import type { BrowserContext, Page } from 'playwright-core';
import type { Role } from '@venuebook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, browserPerFile, openSignedIn, pathOf, screenshotsOf, toasts, type SignedInPage } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const VIEWPORTS = [
  { label: 'Phone', width: 390, height: 844 },
  { label: 'Desktop', width: 1440, height: 900 },
] as const;

const MAIN_REFUSED = 'Cannot delete main contact. Please change the main contact for this venue first, then try deleting again.';

const browser = browserPerFile();
const shot = screenshotsOf('contacts');
const entryNames = (page: Page): Promise<string[]> => page.getByTestId('contact-item').getByTestId('contact-name').allTextContents();

/**
 * A page signed in as the role, open on `path` (home by default); the first-use welcome dialog (a viewer's first
 * sign-in) may appear on any page: kept from showing.
 */
const newPage = (role: Role, width: number, height: number, path?: string | null): Promise<SignedInPage> =>
  openSignedIn(browser(), role, { width, height }, { dismissWelcome: true, path });

describe.each(VIEWPORTS)('venue contacts at $label width ($width×$height)', ({ label, width, height }) => {
  // Words unlike the demo data and the other width's, so that a search finds just this width's contacts.
  const word = `${label}qv`;
  const venueName = `Larkspur ${label} Theatre`;
  const mainName = `Morgan ${word}main`;
  const alice = `Alice ${word}zulu`;
  const bob = `Bob ${word}alpha`;
  let venueId = '';
  const contexts: BrowserContext[] = [];

  const venueInput = {
    name: venueName,
    leagues: ['OTE'],
    address: '5 Lark Lane\nDenver, CO 80202',
    contactName: mainName,
    contactTitle: 'General Manager',
    contactPhone: '3035550100',
    contactEmail: 'morgan@example.com',
  };

  beforeAll(async () => {
    venueId = await createVenue(venueInput);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await purgeVenue(venueId);
  });

  it('adds, edits (custom tag) and deletes contacts in the Venue Contacts dialog as an editor', async () => {
    const { context, page, errors } = await newPage('editor', width, height, `/venue/${venueId}`);
    contexts.push(context);
    const open = page.getByTestId('venue-contacts-button');
    await open.waitFor();
    // 'Venue Contacts', 'Contacts' on small screens.
    expect((await open.innerText()).trim()).toBe(width < 768 ? 'Contacts' : 'Venue Contacts');
    await open.click();
    const dialog = page.getByTestId('venue-contacts-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toBe(`Venue Contacts - ${venueName}`);
    expect(await dialog.getByRole('heading', { name: 'Additional Contacts' }).count()).toBe(1);
    // The main contact is not listed.
    await dialog.getByTestId('contacts-empty').waitFor();
    expect(await dialog.getByTestId('contacts-empty').textContent()).toBe('No additional contacts found. Add one above.');
    await shot(page, 'dialog-empty', width, { fullPage: false });

    // Validated on submit, re-validated on change (§5).
    const submit = dialog.getByTestId('contact-submit');
    expect(await submit.textContent()).toBe('Add Contact');
    await submit.click();
    expect(await dialog.getByTestId('contact-name-error').textContent()).toBe('Name is required');
    await dialog.getByTestId('contact-name-input').fill(alice);
    await dialog.getByTestId('contact-name-error').waitFor({ state: 'detached' });
    await dialog.getByTestId('contact-email-input').fill('not-an-email');
    await submit.click();
    expect(await dialog.getByTestId('contact-email-error').textContent()).toBe('Invalid email');
    await dialog.getByTestId('contact-email-input').fill('alice@example.com');
    await dialog.getByTestId('contact-email-error').waitFor({ state: 'detached' });
    // The phone is formatted as typed.
    await dialog.getByTestId('contact-phone-input').pressSequentially('3035550111');
    expect(await dialog.getByTestId('contact-phone-input').inputValue()).toBe('(303) 555-0111');
    await dialog.getByTestId('contact-title-input').fill('Stage Manager');
    // The 11 default tags (or the server's list), then '+ Add custom tag' for editors.
    const select = dialog.getByTestId('contact-tag-select');
    const options = await select.locator('option').allTextContents();
    expect(options.slice(0, 12)).toEqual([
      'No tag',
      'Administration',
      'Audio',
      'Facilities',
      'Field',
      'Legal',
      'Lighting',
      'Management',
      'Sales',
      'Security',
      'Tech',
      'Other',
    ]);
    expect(options.at(-1)).toBe('+ Add custom tag');
    await select.selectOption('Audio');
    await shot(page, 'dialog-form', width, { fullPage: false });
    await submit.click();
    await toasts(page).filter({ hasText: 'Contact added successfully' }).waitFor();
    await expect.poll(() => entryNames(page)).toEqual([alice]);
    // The form is empty again.
    expect(await dialog.getByTestId('contact-name-input').inputValue()).toBe('');

    // A second one, with only a name: sorted by the last word ('…alpha' before '…zulu').
    await dialog.getByTestId('contact-name-input').fill(bob);
    await submit.click();
    await toasts(page).filter({ hasText: 'Contact added successfully' }).waitFor();
    await expect.poll(() => entryNames(page)).toEqual([bob, alice]);
    const aliceEntry = dialog.getByTestId('contact-item').filter({ hasText: alice });
    expect(await aliceEntry.locator('strong').textContent()).toBe(`${word}zulu`);
    expect(await aliceEntry.getByTestId('contact-tag').textContent()).toBe('Audio');
    expect(await aliceEntry.getByTestId('contact-title').textContent()).toBe('Stage Manager');
    expect(await aliceEntry.getByTestId('contact-phone').textContent()).toContain('(303) 555-0111');
    expect(await aliceEntry.getByTestId('contact-email').getAttribute('href')).toBe('mailto:alice@example.com');

    // Edit: the form fills; '+ Add custom tag' switches to a text input, Cancel returns to the list.
    await aliceEntry.getByTestId('contact-edit').click();
    expect(await submit.textContent()).toBe('Update Contact');
    expect(await dialog.getByTestId('contact-name-input').inputValue()).toBe(alice);
    expect(await select.inputValue()).toBe('Audio');
    await select.selectOption('__custom__');
    const custom = dialog.getByTestId('contact-custom-tag-input');
    await custom.waitFor();
    await dialog.getByTestId('contact-custom-tag-cancel').click();
    await select.waitFor();
    await select.selectOption('__custom__');
    await custom.fill(`Rigging ${label}`);
    await shot(page, 'dialog-edit-custom-tag', width, { fullPage: false });
    await submit.click();
    await toasts(page).filter({ hasText: 'Contact updated successfully' }).waitFor();
    await expect.poll(() => aliceEntry.getByTestId('contact-tag').textContent()).toBe(`Rigging ${label}`);
    expect(await submit.textContent()).toBe('Add Contact');
    expect(await dialog.getByTestId('contact-cancel-edit').count()).toBe(0);

    // Edit mode, then closing the dialog: it opens again in add mode with an empty form.
    await aliceEntry.getByTestId('contact-edit').click();
    await dialog.getByTestId('contact-name-input').fill('Changed Name');
    await dialog.getByTestId('venue-contacts-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await open.click();
    await dialog.waitFor();
    expect(await dialog.getByTestId('contact-name-input').inputValue()).toBe('');
    expect(await dialog.getByTestId('contact-submit').textContent()).toBe('Add Contact');
    await expect.poll(() => entryNames(page)).toEqual([bob, alice]);
    await shot(page, 'dialog-list', width, { fullPage: false });

    // Delete asks first; Cancel keeps it, Delete removes it.
    const bobEntry = dialog.getByTestId('contact-item').filter({ hasText: bob });
    await bobEntry.getByTestId('contact-delete').click();
    const confirm = page.getByTestId('delete-contact-dialog');
    await confirm.waitFor();
    expect(await confirm.getByRole('heading').textContent()).toBe('Delete Contact');
    expect(await confirm.textContent()).toContain(`Are you sure you want to delete "${bob}"? This action cannot be undone.`);
    await shot(page, 'dialog-delete-confirm', width, { fullPage: false });
    await confirm.getByTestId('confirm-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await bobEntry.count()).toBe(1);
    await bobEntry.getByTestId('contact-delete').click();
    await confirm.getByTestId('confirm-ok').click();
    await toasts(page).filter({ hasText: 'Contact deleted successfully' }).waitFor();
    await expect.poll(() => entryNames(page)).toEqual([alice]);
    expect(errors).toEqual([]);
  });

  it('falls back to the 11 default tags when the tag list fails, and shows the §8 failure toast', async () => {
    // Signed in, no page yet: the failures are set up before the first load.
    const { context, page, errors } = await newPage('editor', width, height, null);
    contexts.push(context);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.route('**/api/v1/contact-tags', (route) => route.abort('internetdisconnected'));
    await page.route('**/api/v1/venues/*/contacts', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
    await page.goto(`${baseUrl()}/venue/${venueId}`);
    await page.getByTestId('venue-contacts-button').click();
    const dialog = page.getByTestId('venue-contacts-dialog');
    await dialog.waitFor();
    const select = dialog.getByTestId('contact-tag-select');
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual([
        'No tag',
        'Administration',
        'Audio',
        'Facilities',
        'Field',
        'Legal',
        'Lighting',
        'Management',
        'Sales',
        'Security',
        'Tech',
        'Other',
        '+ Add custom tag',
      ]);
    expect(logged.some((text) => text.includes('Failed to load contact tags'))).toBe(true);
    await dialog.getByTestId('contact-name-input').fill(`Offline ${word}`);
    await dialog.getByTestId('contact-submit').click();
    await toasts(page).filter({ hasText: 'Failed to add contact' }).waitFor();
    // The typed contact stays in the form.
    expect(await dialog.getByTestId('contact-name-input').inputValue()).toBe(`Offline ${word}`);
    expect(errors).toEqual([]);
  });

  it('searches /contacts, where the main contact cannot be deleted and another one can', async () => {
    const { context, page, errors } = await newPage('editor', width, height, '/contacts');
    contexts.push(context);
    await page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor();
    await page.getByTestId('contact-search').fill(word);
    const names = () => page.getByTestId('contact-row').getByTestId('contact-name').allTextContents();
    // Sorted by the last word: '…main' before '…zulu'.
    await expect.poll(names).toEqual([mainName, alice]);
    const main = page.getByTestId('contact-row').filter({ hasText: mainName });
    expect(await main.getByTestId('contact-main-badge').textContent()).toBe('main contact');
    expect(await main.getByTestId('contact-venue').textContent()).toBe(venueName);
    expect(await main.getByTestId('contact-venue').getAttribute('href')).toBe(`/venue/${venueId}`);
    await shot(page, 'all-search', width);

    // The main contact's detail dialog states the §5 rule; its delete is disabled.
    await main.getByTestId('contact-open').click();
    const detail = page.getByTestId('contact-detail-dialog');
    await detail.waitFor();
    expect(await detail.getByTestId('main-contact-refused').textContent()).toBe(MAIN_REFUSED);
    expect(await detail.getByTestId('contact-detail-delete').isDisabled()).toBe(true);
    expect(await detail.getByTestId('contact-email').getAttribute('href')).toBe('mailto:morgan@example.com');
    await shot(page, 'all-main-detail', width, { fullPage: false });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    // The server refuses it too.
    const { items } = (await apiCall('editor', 'GET', `/venues/${venueId}/contacts`)).json as { items: { id: string; isCurrentMainContact: boolean }[] };
    const refused = await apiCall('editor', 'DELETE', `/contacts/${items.find((c) => c.isCurrentMainContact)!.id}`);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain(MAIN_REFUSED);

    // Another contact: detail dialog → Delete → confirmation → the §8 toast.
    await page.getByTestId('contact-row').filter({ hasText: alice }).getByTestId('contact-open').click();
    await detail.waitFor();
    await detail.getByTestId('contact-detail-delete').click();
    const confirm = page.getByTestId('delete-contact-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Are you sure you want to delete "${alice}"?`);
    await confirm.getByTestId('confirm-ok').click();
    await toasts(page)
      .filter({ hasText: `Contact "${alice}" deleted successfully` })
      .waitFor();
    await expect.poll(names).toEqual([mainName]);

    // No match: the empty state.
    await page.getByTestId('contact-search').fill(`${word}nothing`);
    await page.getByTestId('contact-list-empty').waitFor();
    expect(await page.getByTestId('contact-list-empty').textContent()).toContain('No contacts found');
    await shot(page, 'all-empty', width);

    // The venue link goes to the venue.
    await page.getByTestId('contact-search').fill(word);
    await expect.poll(names).toEqual([mainName]);
    await page.getByTestId('contact-venue').first().click();
    await page.waitForURL((url) => url.pathname === `/venue/${venueId}`);
    expect(errors).toEqual([]);
  });

  it('shows a viewer no contact details and no write buttons', async () => {
    const cara = `Cara ${word}mid`;
    const added = await apiCall('editor', 'POST', `/venues/${venueId}/contacts`, { name: cara, email: 'cara@example.com', tag: 'Sales' });
    expect(added.status).toBe(201);
    const { context, page, errors } = await newPage('viewer', width, height, `/venue/${venueId}`);
    contexts.push(context);
    await page.getByTestId('venue-contacts-button').click();
    const dialog = page.getByTestId('venue-contacts-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('contact-item').first().waitFor();
    expect(await dialog.getByTestId('contact-form').count()).toBe(0);
    expect(await dialog.getByTestId('contact-edit').count()).toBe(0);
    expect(await dialog.getByTestId('contact-delete').count()).toBe(0);
    expect(await entryNames(page)).toEqual(['Contact details hidden']);
    expect(await dialog.getByTestId('contact-email').count()).toBe(0);
    expect(await dialog.getByTestId('contacts-read-only').textContent()).toContain('hidden for your role');
    expect(await dialog.textContent()).not.toContain(cara);
    expect(await dialog.getByTestId('contact-tag').textContent()).toBe('Sales');
    await shot(page, 'viewer-dialog', width, { fullPage: false });
    await page.keyboard.press('Escape');

    // /contacts: a viewer's search matches venue names; rows carry no details and no delete.
    await page.goto(`${baseUrl()}/contacts`);
    await page.getByTestId('contact-search').fill(`Larkspur ${label}`);
    const venues = () => page.getByTestId('contact-row').getByTestId('contact-venue').allTextContents();
    await expect.poll(async () => new Set(await venues())).toEqual(new Set([venueName]));
    expect(await page.getByTestId('contact-row').count()).toBe(2);
    expect(new Set(await page.getByTestId('contact-row').getByTestId('contact-name').allTextContents())).toEqual(new Set(['Contact details hidden']));
    expect(await page.getByTestId('contact-row-delete').count()).toBe(0);
    expect(await page.getByTestId('contact-email').count()).toBe(0);
    await shot(page, 'viewer-all', width);

    // Not an admin: /deleted-contacts sends the viewer home (replace).
    await page.goto(`${baseUrl()}/deleted-contacts`);
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
  });

  it('lets an admin restore and permanently delete on /deleted-contacts', async () => {
    // From the admin menu's link target.
    const { context, page, errors } = await newPage('admin', width, height, '/deleted-contacts');
    contexts.push(context);
    await page.getByRole('heading', { name: 'Deleted Contacts', exact: true }).waitFor();
    expect(pathOf(page)).toBe('/deleted-contacts');
    const group = page.getByTestId('deleted-contact-group').filter({ hasText: venueName });
    await group.waitFor();
    const names = () => group.getByTestId('contact-name').allTextContents();
    await expect.poll(async () => new Set(await names())).toEqual(new Set([alice, bob]));
    await shot(page, 'deleted', width);

    // Restore Bob: back on the venue.
    await group.getByTestId('deleted-contact-item').filter({ hasText: bob }).getByTestId('restore-contact').click();
    await toasts(page)
      .filter({ hasText: `Contact "${bob}" restored successfully` })
      .waitFor();
    await expect.poll(names).toEqual([alice]);
    const restored = (await apiCall('admin', 'GET', `/venues/${venueId}/contacts`)).json as { items: { name: string }[] };
    expect(restored.items.map((c) => c.name)).toContain(bob);

    // Delete Alice for good, after a confirmation.
    await group.getByTestId('deleted-contact-item').filter({ hasText: alice }).getByTestId('purge-contact').click();
    const confirm = page.getByTestId('purge-contact-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(alice);
    await shot(page, 'purge-confirm', width, { fullPage: false });
    await confirm.getByTestId('confirm-ok').click();
    await toasts(page)
      .filter({ hasText: `Contact "${alice}" permanently deleted` })
      .waitFor();
    await group.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it("shows the 'former contact' badge on a main contact a venue edit replaced (spec §3, §4), in the dialog, /contacts and the report", async () => {
    // A new person as the main contact: the old one is unflagged and kept as a former contact.
    const successor = `Quinn ${word}next`;
    const edited = await apiCall('editor', 'PUT', `/venues/${venueId}`, { ...venueInput, contactName: successor, contactEmail: 'quinn@example.com' });
    expect(edited.status).toBe(200);
    const { items } = (await apiCall('editor', 'GET', `/venues/${venueId}/contacts`)).json as {
      items: { name: string; isCurrentMainContact: boolean; formerMainContact: boolean }[];
    };
    expect(items.find((c) => c.name === mainName)).toMatchObject({ isCurrentMainContact: false, formerMainContact: true });
    expect(items.filter((c) => c.formerMainContact).map((c) => c.name)).toEqual([mainName]);

    const { context, page, errors } = await newPage('editor', width, height, `/venue/${venueId}`);
    contexts.push(context);
    await page.getByTestId('venue-contacts-button').click();
    const dialog = page.getByTestId('venue-contacts-dialog');
    await dialog.waitFor();
    // The dialog lists the former main contact (no longer the main one) with its badge; added contacts have none.
    await expect.poll(() => entryNames(page)).toContain(mainName);
    expect(await entryNames(page)).not.toContain(successor);
    const former = dialog.getByTestId('contact-item').filter({ hasText: mainName });
    expect(await former.getByTestId('contact-former-badge').textContent()).toBe('former contact');
    expect(await dialog.getByTestId('contact-former-badge').count()).toBe(1);
    await former.scrollIntoViewIfNeeded();
    await shot(page, 'dialog-former', width, { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // /contacts: the former one has the badge, the new main contact 'main contact'.
    await page.goto(`${baseUrl()}/contacts`);
    await page.getByTestId('contact-search').fill(word);
    const rows = page.getByTestId('contact-row');
    await rows.filter({ hasText: successor }).getByTestId('contact-main-badge').waitFor();
    expect(await rows.filter({ hasText: mainName }).getByTestId('contact-former-badge').textContent()).toBe('former contact');
    expect(await rows.filter({ hasText: successor }).getByTestId('contact-former-badge').count()).toBe(0);

    // The report's contact list.
    await page.goto(`${baseUrl()}/venue/${venueId}/report`);
    const report = page.getByTestId('venue-report-page').getByTestId('venue-report');
    await report.getByTestId('report-contact').first().waitFor();
    const reportContacts = report.getByTestId('report-contact');
    expect(await reportContacts.nth(0).textContent()).toContain(successor);
    expect(await reportContacts.nth(0).getByTestId('report-main-badge').count()).toBe(1);
    expect(await reportContacts.filter({ hasText: mainName }).getByTestId('report-former-badge').textContent()).toBe('former contact');
    expect(await report.getByTestId('report-former-badge').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
