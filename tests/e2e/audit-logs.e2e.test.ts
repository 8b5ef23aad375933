// Audit Logs (/audit-logs, spec §2): changes made through the API show up in the owner's audit table with
// the spec's texts; the route sends non-admins home, and the server's owner-only answer shows an admin an
// access-denied card. The whole way down: a service's audit recorder → audit stream → identity's store →
// gateway → page.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { account, baseUrl, browserPagePerTest, screenshot, signIn, signInByApi } from './browser.ts';

const ui = browserPagePerTest();

/** Spec §2: 'MMM dd, yyyy HH:mm:ss'. */
const TIMESTAMP = /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}:\d{2}$/;

const SETTING = 'first_login_zapier_webhook_url';

/** The owner's access token, from a password sign-in through the API (no browser). */
async function ownerToken(): Promise<string> {
  const signedIn = await fetch(`${baseUrl()}/api/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account('owner')),
  });
  expect(signedIn.status).toBe(200);
  return ((await signedIn.json()) as { accessToken: string }).accessToken;
}

/**
 * Sets an admin setting as the owner, then clears it again: two audited changes (a create, then an update
 * with old and new values) that leave the shared stack as it was. (A new venue would be audited too, but it
 * would stay in the list the home page's tests count.)
 */
async function setAndClearSetting(value: string): Promise<void> {
  const token = await ownerToken();
  for (const next of [value, '']) {
    const response = await fetch(`${baseUrl()}/api/v1/admin/settings/${SETTING}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ value: next }),
    });
    expect(response.status).toBe(200);
  }
}

/** Opens /audit-logs until the table has `count` rows matching `text` (audit entries travel through a stream). */
async function openAuditLogsUntil(page: Page, text: string, count: number): Promise<void> {
  const rows = page.getByTestId('audit-log-row').filter({ hasText: text });
  await expect
    .poll(
      async () => {
        await page.goto(`${baseUrl()}/audit-logs`);
        await page.getByTestId('audit-logs').or(page.getByTestId('audit-logs-error')).waitFor();
        return rows.count();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(count);
}

describe('audit logs page', () => {
  it('shows the owner the entries of a change with the spec texts, newest first', async () => {
    await signInByApi(ui.page.context(), account('owner'));
    const url = `https://hooks.example.com/audit-e2e/${randomUUID()}`;
    await setAndClearSetting(url);
    await openAuditLogsUntil(ui.page, url, 2);

    await ui.page.getByRole('heading', { name: 'Audit Logs' }).waitFor();
    expect(await ui.page.getByTestId('audit-logs-count').textContent()).toMatch(/^\d+ entr(y|ies)$/);
    const headers = await ui.page.getByTestId('audit-logs-table').locator('thead th').allTextContents();
    expect(headers).toEqual(['Timestamp', 'User', 'Action', 'Table', 'Record ID', 'Changes']);

    // Newest first: the clearing (an update with old and new values), then the setting (a create).
    const rows = ui.page.getByTestId('audit-log-row');
    const [cleared, set] = [await rows.nth(0).locator('td').allTextContents(), await rows.nth(1).locator('td').allTextContents()];
    for (const cells of [cleared, set]) {
      expect(cells[0]).toMatch(TIMESTAMP);
      expect(cells[1]).toBe(account('owner').email);
      expect(cells[3]).toBe('admin_settings');
      // Spec §9: the record id's first 8 characters and an ellipsis.
      expect(cells[4]).toBe(`${SETTING.slice(0, 8)}…`);
    }
    expect([cleared[2], set[2]]).toEqual(['update', 'create']);
    expect(cleared[5]).toContain('Old:');
    expect(cleared[5]).toContain(url);
    expect(cleared[5]).toContain('New:');
    expect(set[5]).not.toContain('Old:');
    expect(set[5]).toContain(`"setting_value": "${url}"`);
    // Spec §9: the table scrolls inside a 600 px box.
    expect(await ui.page.getByTestId('audit-logs-scroll').evaluate((el) => getComputedStyle(el).height)).toBe('600px');

    await screenshot(ui.page, 'audit-logs');
    await ui.page.emulateMedia({ colorScheme: 'dark' });
    await ui.page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await screenshot(ui.page, 'audit-logs-dark');
    expect(ui.errors).toEqual([]);
  });

  it('lists Audit Logs in the owner’s side menu', async () => {
    await signIn(ui.page, account('owner'));
    await ui.page.getByTestId('venue-grid').or(ui.page.getByTestId('venue-list-empty')).waitFor();
    await ui.page.getByTestId('user-menu-button').click();
    await ui.page.getByTestId('user-menu').getByRole('link', { name: 'Audit Logs' }).click();
    await ui.page.getByTestId('audit-logs').waitFor();
    expect(new URL(ui.page.url()).pathname).toBe('/audit-logs');
  });

  it('sends a viewer home', async () => {
    await signIn(ui.page, account('viewer'), '/audit-logs');
    await ui.page.waitForURL((url) => url.pathname === '/');
    expect(await ui.page.getByTestId('audit-logs').count()).toBe(0);
  });

  it('shows an admin who is not the owner the access-denied card (the server serves owners only)', async () => {
    await signIn(ui.page, account('admin'), '/audit-logs');
    await ui.page.getByTestId('audit-logs-denied').waitFor();
    expect(await ui.page.getByTestId('audit-logs-denied').textContent()).toContain('Access Denied');
    expect(await ui.page.getByTestId('audit-log-row').count()).toBe(0);
    await screenshot(ui.page, 'audit-logs-admin-denied');
  });

  it('shows the error card when the log cannot be read', async () => {
    await signInByApi(ui.page.context(), account('owner'));
    // The gateway is unreachable for this read (a dropped connection), after the sdk's retries too.
    await ui.page.route('**/api/v1/audit-logs**', (route) => route.abort('connectionreset'));
    await ui.page.goto(`${baseUrl()}/audit-logs`);
    await ui.page.getByTestId('audit-logs-error').waitFor();
    const text = await ui.page.getByTestId('audit-logs-error').textContent();
    expect(text).toContain('Error Loading Audit Logs');
    expect(text).toContain('Failed to load audit logs. Please try again later.');
    await screenshot(ui.page, 'audit-logs-error');
  });
});
