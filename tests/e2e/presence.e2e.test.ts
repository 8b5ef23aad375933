// Live presence across gateway replicas (spec §4 'Presence'): an editor on the first gateway and a surveyor
// on the second open the same card dialog; each badge shows '2 editing' (the replicas share presence through NATS);
// the surveyor closes the dialog and the editor's badge shows '1 editing' at once, not after the time-out.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, apiCall, browserPerFile, e2eStack, screenshotsOf, signInByApi, waitForSession } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const browser = browserPerFile();
const shot = screenshotsOf('presence', { fullPageByDefault: false });
const DESKTOP = { width: 1440, height: 1000 };
const PHONE = { width: 390, height: 844 };
/** The seeded 'Network' template (IT). */
const NETWORK = '7ed2da07-9fd0-4cd6-939a-deb28b760712';

let venueId = '';

beforeAll(async () => {
  venueId = await createVenue({ name: `Presence Hall ${Date.now().toString(36).slice(-5)}` });
  const { status } = await apiCall('admin', 'POST', `/venues/${venueId}/cards/templates`, { department: 'IT', templateIds: [NETWORK] });
  expect(status).toBe(200);
});
afterAll(async () => {
  await purgeVenue(venueId);
});

const dialog = (page: Page) => page.getByTestId('card-dialog');
const badge = (page: Page) => dialog(page).getByTestId('card-presence');

/** Signs in on the gateway at `origin` (through the API) and opens the Network card's dialog on the venue's IT screen. */
async function openCardOn(page: Page, origin: string, role: 'editor' | 'surveyor'): Promise<void> {
  await signInByApi(page.context(), account(role), origin);
  await page.goto(`${origin}/venue/${venueId}/department/IT`);
  await waitForSession(page);
  await page.locator('[data-testid="card-open"]:visible', { hasText: 'Network' }).first().click();
  await dialog(page).waitFor();
}

describe('presence across two gateway replicas', () => {
  it("shows '2 editing' to an editor on one replica and a surveyor on the other, and '1 editing' once one closes", async () => {
    const [first, second] = e2eStack().gatewayUrls;
    expect(second, 'the e2e stack runs two gateways').toBeDefined();
    const errors: Error[] = [];
    const contexts = [await browser().newContext({ viewport: DESKTOP }), await browser().newContext({ viewport: PHONE })];
    try {
      const [editor, surveyor] = await Promise.all(contexts.map((context) => context.newPage()));
      for (const page of [editor!, surveyor!]) page.on('pageerror', (error) => errors.push(error));
      await openCardOn(editor!, first!, 'editor');
      await expect.poll(() => badge(editor!).textContent(), { timeout: 10_000 }).toBe('1 editing');
      await openCardOn(surveyor!, second!, 'surveyor');

      for (const page of [editor!, surveyor!]) await expect.poll(() => badge(page).textContent(), { timeout: 10_000 }).toBe('2 editing');
      expect(await badge(editor!).getAttribute('title')).toMatch(/Editor.*Surveyor|Surveyor.*Editor/);
      await badge(surveyor!).click();
      await expect.poll(() => surveyor!.getByTestId('card-presence-list').textContent()).toContain(account('editor').email);
      await shot(editor!, 'two-editing', DESKTOP.width);
      await shot(surveyor!, 'two-editing', PHONE.width);

      // The surveyor closes the dialog: gone from the editor's badge at once (well inside the 30 s time-out).
      await badge(surveyor!).click();
      await surveyor!.getByTestId('card-presence-list').waitFor({ state: 'hidden' });
      await dialog(surveyor!).getByTestId('card-dialog-close').click();
      await dialog(surveyor!).waitFor({ state: 'hidden' });
      await expect.poll(() => badge(editor!).textContent(), { timeout: 5000 }).toBe('1 editing');
      expect(errors).toEqual([]);
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
