// User Management (/admin/users, spec §2 'User Management', §5 'Webhook', §6, §8 'Admin'), in Chromium at phone
// (390 px) and desktop (1440 px) width: non-admins are sent home; the admin menu's item; the loading skeleton; the
// table (e-mail, role badge, joined, last seen or 'Never', role dropdown, remove) and its search by e-mail and pages
// of 50; a role change; the removal's confirmation (its exact text, Cancel, Remove User); the welcome dialog's
// preview; the Notification Settings card (read-only or 'No webhook URL configured', Edit, Cancel restoring the
// stored value, Save, Send Test refused without a URL); the Role Descriptions card; nothing wider than the screen.
// The users it manages are signed up through the API with this run's tag and removed at the end, and the webhook
// setting is put back as it was (the e2e files of a worker share one product).
// The webhook panel's Send Test results, deliveries, failed jobs and signing secret are the `describe` at the end.
import { join } from 'node:path';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  apiCall,
  baseUrl,
  browserPerFile,
  e2eStack,
  openSignedIn,
  pathOf,
  SCREENSHOTS,
  SCREENSHOTS_ENABLED,
  screenshotsOf,
  toasts,
  waitForSettled,
} from './browser.ts';

const browser = browserPerFile();
const shot = screenshotsOf('user-management', { scrollToTop: true });
const RUN = `um${Date.now().toString(36).slice(-6)}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const VIEWPORTS = [DESKTOP, PHONE] as const;
const PAGE_PATH = '/admin/users';
const SETTING = 'first_login_zapier_webhook_url';
const HOOK = `https://hooks.zapier.com/hooks/catch/${RUN}/e2e/`;
const PASSWORD = 'Stage-door-77';
/** More than one page of 50. */
const TAGGED_USERS = 52;

const contexts: BrowserContext[] = [];
/** This run's addresses in sign-up order (the list's order). */
let signedUp: string[] = [];
let storedHook = '';

/** The `n`-th address of this run (signed up a few at a time: `signedUp` holds their order). */
const address = (n: number): string => `${RUN}-${String(n).padStart(2, '0')}@example.com`;

interface ListedUser {
  id: string;
  email: string;
  role: string;
  lastSignInAt: string | null;
}

async function usersMatching(q: string): Promise<{ users: ListedUser[]; total: number }> {
  const { status, json } = await apiCall('admin', 'GET', `/users?q=${encodeURIComponent(q)}&pageSize=100`);
  expect(status).toBe(200);
  return json as { users: ListedUser[]; total: number };
}

async function setHook(value: string): Promise<void> {
  const { status } = await apiCall('admin', 'PUT', `/admin/settings/${SETTING}`, { value });
  expect(status).toBe(200);
}

beforeAll(async () => {
  // Sign-ups, a few at a time (each hashes a password): new users are viewers who never signed in.
  const pending = Array.from({ length: TAGGED_USERS }, (_, i) => address(i + 1));
  const lane = async (): Promise<void> => {
    for (let email = pending.shift(); email !== undefined; email = pending.shift()) {
      const response = await fetch(`${baseUrl()}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(response.status, email).toBe(201);
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  signedUp = (await usersMatching(RUN)).users.map((user) => user.email);
  expect(signedUp).toHaveLength(TAGGED_USERS);
  const { json } = await apiCall('admin', 'GET', `/admin/settings/${SETTING}`);
  storedHook = (json as { value: string }).value;
  await setHook('');
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  for (const user of (await usersMatching(RUN)).users) await apiCall('admin', 'DELETE', `/users/${user.id}`);
  await setHook(storedHook);
}, 120_000);

/** A page signed in as the role at the viewport's size, open on `path` (null: none yet). */
async function pageAs(role: 'owner' | 'admin' | 'editor' | 'viewer', viewport: { width: number; height: number }, path: string | null = PAGE_PATH) {
  const { context, page, errors } = await openSignedIn(browser(), role, viewport, { path, dismissWelcome: role === 'viewer' });
  contexts.push(context);
  return { page, errors };
}

const adminPages = new Map<number, { page: Page; errors: Error[] }>();

/**
 * The admin's page at the viewport's width, opened afresh on /admin/users (one signed-in browser context per width
 * for the whole file: each test starts from a new page load, without signing in again); its error list emptied.
 */
async function adminPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: Error[] }> {
  let known = adminPages.get(viewport.width);
  if (!known) {
    known = await pageAs('admin', viewport, null);
    adminPages.set(viewport.width, known);
  }
  known.errors.length = 0;
  await known.page.goto(`${baseUrl()}${PAGE_PATH}`);
  await known.page.getByTestId('users-page').waitFor();
  return known;
}

const row = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);
const rowsShown = (page: Page) => page.getByTestId('user-row');

async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = toasts(page).filter({ hasText: title }).first();
  await toast.waitFor();
  if (description !== undefined) expect(await toast.textContent()).toContain(description);
}

/** Types into the search box and waits until the table shows only addresses containing `q`. */
async function search(page: Page, q: string): Promise<void> {
  await page.getByTestId('users-search').fill(q);
  await expect
    .poll(async () => {
      const emails = await rowsShown(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-email') ?? ''));
      return emails.length > 0 && emails.every((email) => email.toLowerCase().includes(q.toLowerCase()));
    })
    .toBe(true);
}

/** A picture of the top of `locator` (at most `height` px of it) when screenshots are enabled: a part of a long phone page. */
async function partShot(page: Page, locator: Locator, name: string, width: number, height = 900): Promise<void> {
  if (!SCREENSHOTS_ENABLED) return;
  // From the top, so that the sticky header stays there and covers nothing below it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await locator.boundingBox())!;
  await page.screenshot({
    path: join(SCREENSHOTS, `user-management-${name}-${width}.png`),
    fullPage: true,
    animations: 'disabled',
    clip: { x: 0, y: box.y - 8, width, height: Math.min(height, box.height + 16) },
  });
}

/** Nothing on the page is wider than the viewport (no horizontal scrolling). */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
}

describe('access', () => {
  it('sends editors and viewers home from /admin/users; an admin finds it in the admin menu', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const { page } = await pageAs(role, PHONE, PAGE_PATH);
      await page.waitForURL((url) => url.pathname === '/');
      expect(pathOf(page)).toBe('/');
      await page.getByTestId('user-menu-button').click();
      await page.getByTestId('user-menu').waitFor();
      expect(await page.getByTestId('nav-admin-users').count(), role).toBe(0);
    }
    const { page } = await adminPage(DESKTOP);
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('user-menu-button').click();
    const item = page.getByTestId('nav-admin-users');
    await waitForSettled(item);
    expect(await item.textContent()).toBe('User Management');
    await item.click();
    await page.getByTestId('users-table').waitFor();
    expect(pathOf(page)).toBe(PAGE_PATH);
  });
});

describe('the users table', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows a skeleton while loading, then each user's e-mail, role badge, joined, last seen and actions; searches and pages (${viewport.width} px)`, async () => {
      const { page, errors } = await pageAs('admin', viewport, null);
      // The list's first answer is held back until the skeleton has been seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/v1\/users(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl()}${PAGE_PATH}`);
      await page.getByTestId('users-loading').waitFor();
      await shot(page, 'loading', viewport.width);
      release();
      await rowsShown(page).first().waitFor();
      await page.unroute(/\/api\/v1\/users(\?|$)/);

      const wide = viewport === DESKTOP;
      expect(await page.getByTestId('users-table').count()).toBe(wide ? 1 : 0);
      expect(await page.getByTestId('users-list').count()).toBe(wide ? 0 : 1);
      if (wide)
        expect(await page.getByTestId('users-table').locator('thead th').allTextContents()).toEqual(['Email', 'Role', 'Joined', 'Last seen', 'Actions']);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('User Management');

      // The signed-in admin: signed in just now, marked 'You', no remove button on its own row.
      const me = account('admin').email;
      await search(page, me);
      expect(await row(page, me).getByTestId('user-role-badge').textContent()).toBe('Admin');
      expect(await row(page, me).getByTestId('user-last-seen').textContent()).toMatch(/ago$/);
      expect(await row(page, me).textContent()).toContain('You');
      expect(await row(page, me).getByTestId('user-remove').count()).toBe(0);

      // This run's users, ignoring case: 52 found, 50 a page, in sign-up order; new users never signed in.
      await search(page, RUN.toUpperCase());
      await expect.poll(() => page.getByTestId('users-total').textContent()).toBe(`${TAGGED_USERS} users found`);
      expect(await rowsShown(page).count()).toBe(50);
      expect(await page.getByTestId('users-range').textContent()).toBe(`Showing 1–50 of ${TAGGED_USERS}`);
      expect(await page.getByTestId('users-page-label').textContent()).toBe('Page 1 of 2');
      expect(await page.getByTestId('users-prev').isDisabled()).toBe(true);
      const first = row(page, signedUp[0]!);
      expect(await rowsShown(page).first().getAttribute('data-email')).toBe(signedUp[0]);
      expect(await first.getByTestId('user-email').textContent()).toBe(signedUp[0]);
      expect(await first.getByTestId('user-role-badge').textContent()).toBe('Viewer');
      expect(await first.getByTestId('user-joined').textContent()).toMatch(/^(less than a minute|1 minute|\d+ minutes) ago$/);
      expect(await first.getByTestId('user-last-seen').textContent()).toBe('Never');
      // An admin may give every role but owner.
      expect(await first.getByTestId('user-role-select').locator('option').allTextContents()).toEqual(['Admin', 'Editor', 'Surveyor', 'Viewer']);
      expect(await first.getByTestId('user-remove').count()).toBe(1);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'table', viewport.width);
      await partShot(page, page.getByTestId('users-card'), 'users-card-top', viewport.width);

      await page.getByTestId('users-next').click();
      await expect.poll(() => page.getByTestId('users-range').textContent()).toBe(`Showing 51–${TAGGED_USERS} of ${TAGGED_USERS}`);
      expect(await rowsShown(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-email')))).toEqual(signedUp.slice(50));
      expect(await page.getByTestId('users-page-label').textContent()).toBe('Page 2 of 2');
      expect(await page.getByTestId('users-next').isDisabled()).toBe(true);

      // A narrower search starts again on its first page; one that finds nobody says so.
      await search(page, `${RUN}-07@`);
      expect(await rowsShown(page).count()).toBe(1);
      expect(await page.getByTestId('users-page-label').textContent()).toBe('Page 1 of 1');
      await page.getByTestId('users-search').fill(`${RUN}-nobody`);
      await page.getByTestId('users-empty').waitFor();
      expect(await page.getByTestId('users-empty').textContent()).toContain(`No user's e-mail contains "${RUN}-nobody"`);
      expect(errors).toEqual([]);
    });
  }

  it("lets the owner give the owner role, and shows an admin an owner's row without role change or removal", async () => {
    const owner = account('owner').email;
    const { page: admin } = await adminPage(DESKTOP);
    await search(admin, owner);
    expect(await row(admin, owner).getByTestId('user-role-select').isDisabled()).toBe(true);
    expect(await row(admin, owner).getByTestId('user-remove').count()).toBe(0);

    const { page: asOwner } = await pageAs('owner', DESKTOP);
    await search(asOwner, address(3));
    expect(await row(asOwner, address(3)).getByTestId('user-role-select').locator('option').allTextContents()).toEqual([
      'Owner',
      'Admin',
      'Editor',
      'Surveyor',
      'Viewer',
    ]);
  });

  it("changes a user's role from the dropdown (spec §8 'Role updated')", async () => {
    const { page, errors } = await adminPage(DESKTOP);
    const target = address(2);
    await search(page, target);
    await row(page, target).getByTestId('user-role-select').selectOption('editor');
    await expectToast(page, 'Role updated', 'User role has been successfully updated.');
    await expect.poll(() => row(page, target).getByTestId('user-role-badge').textContent()).toBe('Editor');
    expect((await usersMatching(target)).users[0]?.role).toBe('editor');

    // At phone width too, back to surveyor.
    const { page: phone } = await adminPage(PHONE);
    await search(phone, target);
    expect(await row(phone, target).getByTestId('user-role-badge').textContent()).toBe('Editor');
    await row(phone, target).getByTestId('user-role-select').selectOption('surveyor');
    await expectToast(phone, 'Role updated');
    await expect.poll(() => row(phone, target).getByTestId('user-role-badge').textContent()).toBe('Surveyor');
    await shot(phone, 'role-changed', PHONE.width);
    expect(errors).toEqual([]);
  });

  for (const viewport of VIEWPORTS) {
    it(`asks before removing a user ('Remove User', its exact text); Cancel keeps them, Remove User removes them (${viewport.width} px)`, async () => {
      const { page, errors } = await adminPage(viewport);
      const target = viewport === DESKTOP ? address(4) : address(5);
      await search(page, target);
      await row(page, target).getByTestId('user-remove').click();
      const dialog = page.getByTestId('remove-user-dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').textContent()).toBe('Remove User');
      expect(await page.getByTestId('remove-user-question').textContent()).toBe(
        `Are you sure you want to remove ${target}? This action cannot be undone. The user will lose access to the application.`,
      );
      expect(await dialog.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Cancel', 'Remove User']));
      await shot(page, 'remove-dialog', viewport.width, { fullPage: false });

      await dialog.getByTestId('confirm-cancel').click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await row(page, target).count()).toBe(1);
      expect((await usersMatching(target)).total).toBe(1);

      await row(page, target).getByTestId('user-remove').click();
      await dialog.getByTestId('confirm-ok').click();
      await expectToast(page, 'User removed', 'User has been successfully removed.');
      await row(page, target).waitFor({ state: 'detached' });
      expect((await usersMatching(target)).total).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});

describe('preview and role descriptions', () => {
  for (const viewport of VIEWPORTS) {
    it(`previews the viewers' welcome dialog without recording anything, and describes every role (${viewport.width} px)`, async () => {
      const { page, errors } = await adminPage(viewport);
      const welcomeCalls: string[] = [];
      const onRequest = (request: Request) => {
        if (request.url().includes('/api/v1/auth/welcome')) welcomeCalls.push(request.url());
      };
      page.on('request', onRequest);
      await page.getByTestId('preview-welcome').click();
      const dialog = page.getByTestId('welcome-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Welcome to Venue Book!');
      expect(await dialog.textContent()).toContain('read-only mode');
      expect(await dialog.textContent()).toContain('@example.com');
      await shot(page, 'welcome-preview', viewport.width, { fullPage: false });
      await page.getByTestId('welcome-got-it').click();
      await dialog.waitFor({ state: 'hidden' });
      page.off('request', onRequest);
      expect(welcomeCalls).toEqual([]);

      const roles = page.getByTestId('role-description');
      expect(await roles.evaluateAll((items) => items.map((item) => item.textContent))).toEqual([
        'OwnerUltimate control over everything including user management',
        'AdminFull control over everything',
        'EditorCreate and edit venues, surveys, data cards',
        'SurveyorAdd/edit data, upload media',
        'ViewerView only access',
      ]);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'page', viewport.width);
      await partShot(page, page.getByTestId('users-card'), 'users-card-top', viewport.width);
      await partShot(page, page.getByTestId('notification-settings'), 'settings-card', viewport.width, 1200);
      await partShot(page, page.getByTestId('webhook-deliveries'), 'deliveries-card', viewport.width);
      await partShot(page, page.getByTestId('role-descriptions'), 'roles-card', viewport.width);
      expect(errors).toEqual([]);
    });
  }
});

/** The Notification Settings card of a page open on /admin/users. */
const settings = (page: Page) => page.getByTestId('notification-settings');

/** Edit, then the URL typed into the input (the input's content replaced). */
async function editHook(page: Page, url: string): Promise<void> {
  await settings(page).getByTestId('webhook-edit').click();
  await settings(page).getByTestId('webhook-url-input').fill(url);
}

describe('Notification Settings', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows the stored URL read-only or 'No webhook URL configured'; Edit, Cancel, Save; Send Test refused without a URL (${viewport.width} px)`, async () => {
      await setHook('');
      const { page, errors } = await adminPage(viewport);
      const card = settings(page);
      await card.getByTestId('webhook-url').waitFor();
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe('Notification Settings');
      expect(await card.getByTestId('webhook-url').textContent()).toBe('No webhook URL configured');
      const explanation = await card.getByTestId('webhook-explanation').textContent();
      for (const part of ['first time', 'user id, e-mail, name and first-login time', 'signed']) expect(explanation).toContain(part);
      expect(await card.getByTestId('webhook-url-input').count()).toBe(0);

      // Edit: an input with an automation service's hook URL as its placeholder, Save and Send Test.
      await card.getByTestId('webhook-edit').click();
      const input = card.getByTestId('webhook-url-input');
      expect(await input.getAttribute('placeholder')).toBe('https://hooks.zapier.com/hooks/catch/...');
      expect(await input.inputValue()).toBe('');
      // Spec §5: Send Test is refused without a URL (and disabled).
      expect(await card.getByTestId('webhook-send-test').isDisabled()).toBe(true);
      expect(await card.getByTestId('webhook-url-required').textContent()).toBe('Please enter your Zapier webhook URL');
      await input.fill('   ');
      expect(await card.getByTestId('webhook-send-test').isDisabled()).toBe(true);
      await input.fill(HOOK);
      expect(await card.getByTestId('webhook-send-test').isDisabled()).toBe(false);
      expect(await card.getByTestId('webhook-url-required').count()).toBe(0);
      await shot(page, 'webhook-edit', viewport.width);
      await partShot(page, card, 'settings-edit', viewport.width, 1200);

      // Cancel restores the stored value (none).
      await card.getByTestId('webhook-cancel').click();
      expect(await card.getByTestId('webhook-url').textContent()).toBe('No webhook URL configured');

      // The server's refusal of a URL that is no https URL shows under the input.
      await editHook(page, 'http://hooks.zapier.com/hooks/catch/1/');
      await card.getByTestId('webhook-save').click();
      await expectToast(page, 'Failed to update setting');
      await card.getByTestId('webhook-url-error').waitFor();
      expect(await card.getByTestId('webhook-url-error').textContent()).toContain('https://');

      // Save: 'Setting updated successfully', read-only again with the URL, stored.
      await input.fill(HOOK);
      await card.getByTestId('webhook-save').click();
      await expectToast(page, 'Setting updated successfully');
      await expect.poll(() => card.getByTestId('webhook-url').textContent()).toBe(HOOK);
      expect(((await apiCall('admin', 'GET', `/admin/settings/${SETTING}`)).json as { value: string }).value).toBe(HOOK);

      // Emptied while editing: Send Test refused; Cancel brings the stored URL back.
      await editHook(page, '');
      expect(await card.getByTestId('webhook-send-test').isDisabled()).toBe(true);
      expect(await card.getByTestId('webhook-url-required').textContent()).toBe('Please enter your Zapier webhook URL');
      await card.getByTestId('webhook-cancel').click();
      expect(await card.getByTestId('webhook-url').textContent()).toBe(HOOK);
      await card.getByTestId('webhook-edit').click();
      expect(await card.getByTestId('webhook-url-input').inputValue()).toBe(HOOK);
      await card.getByTestId('webhook-cancel').click();

      // The signing secret is masked until revealed.
      expect(await card.getByTestId('signing-secret-value').textContent()).toMatch(/^•+$/);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'webhook-saved', viewport.width);
      await partShot(page, card, 'settings-saved', viewport.width, 1200);
      expect(errors).toEqual([]);
    });
  }
});

// The webhook panel against the gateway's webhook endpoints (GET /admin/webhook, POST /admin/webhook/test, the signing
// secret and the retry of a failed job): the steps above (`pageAs`, `editHook`, `settings`, `expectToast`) open the
// card; each case runs at both widths like the others.
describe('webhook panel', () => {
  /** A hook of the local webhook receiver (the e2e stack's; local mode allows a receiver on this machine). */
  const hookUrl = (name: string): string => `${e2eStack().webhookReceiverUrl}/hooks/${RUN}-${name}`;
  const scriptHook = async (name: string, answers: { status: number }[]): Promise<void> => {
    const response = await fetch(`${e2eStack().webhookReceiverUrl}/hooks/${RUN}-${name}/script`, { method: 'PUT', body: JSON.stringify(answers) });
    expect(response.status).toBe(204);
  };

  for (const viewport of VIEWPORTS) {
    it(`Send Test shows the receiver's real answer, success or failure with its reason, and the attempts appear in Webhook Deliveries (${viewport.width} px)`, async () => {
      await setHook('');
      const { page, errors } = await adminPage(viewport);
      const card = settings(page);
      const name = `test-${viewport.width}`;

      await editHook(page, hookUrl(name));
      await card.getByTestId('webhook-send-test').click();
      await expectToast(page, 'Request Sent', 'answered HTTP 200');
      const received = (await (await fetch(`${e2eStack().webhookReceiverUrl}/deliveries?hook=${RUN}-${name}`)).json()) as { body: { type: string } }[];
      expect(received.map((request) => request.body.type)).toEqual(['test_first_login']);

      await scriptHook(name, [{ status: 500 }]);
      await card.getByTestId('webhook-send-test').click();
      await expectToast(page, 'Failed to trigger the Zapier webhook. Please check the URL and try again.', '500');
      await card.getByTestId('webhook-cancel').click();

      // Both attempts in Webhook Deliveries (refreshed), newest first: failed with 500, then delivered.
      const deliveries = page.getByTestId('webhook-deliveries');
      await deliveries.getByTestId('webhook-refresh').click();
      await expect
        .poll(async () =>
          (await deliveries.getByTestId('webhook-delivery').evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute('data-outcome')))).join(','),
        )
        .toBe('failed,delivered');
      expect(await deliveries.getByTestId('webhook-delivery').first().textContent()).toContain('500');
      await expectNoHorizontalOverflow(page);
      await shot(page, 'webhook-deliveries', viewport.width);
      await partShot(page, deliveries, 'deliveries', viewport.width, 1200);
      expect(errors).toEqual([]);
    });

    it(`reveals the signing secret, and rotates it after 'Rotate signing secret?' (${viewport.width} px)`, async () => {
      const { page, errors } = await adminPage(viewport);
      const card = settings(page);
      const value = card.getByTestId('signing-secret-value');
      expect(await value.textContent()).toMatch(/^•+$/);
      await card.getByTestId('signing-secret-reveal').click();
      await expect.poll(() => value.textContent()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const before = await value.textContent();
      expect(((await apiCall('admin', 'GET', '/admin/webhook/secret')).json as { secret: string }).secret).toBe(before);

      await card.getByTestId('signing-secret-rotate').click();
      const dialog = page.getByTestId('rotate-secret-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Rotate signing secret?');
      await dialog.getByRole('button', { name: 'Rotate Secret' }).click();
      await expectToast(page, 'Signing secret rotated');
      const after = ((await apiCall('admin', 'GET', '/admin/webhook/secret')).json as { secret: string }).secret;
      expect(after).not.toBe(before);
      // The new secret is shown at once (it must be given to the receivers).
      await expect.poll(() => value.textContent()).toBe(after);
      expect(errors).toEqual([]);
    });
  }
});
