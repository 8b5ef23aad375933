// Audit Logs (/audit-logs, spec §2): changes made through the API show up in the owner's audit table with
// the spec's texts; the filters narrow it (kept in the address), each change shows field by field with the whole
// record one click away, and further pages are read as the table is scrolled, at a phone's and a desktop's width.
// The route sends non-admins home, and the server's owner-only answer shows an admin an access-denied card. The
// whole way down: a service's audit recorder → audit stream → identity's store → gateway → page.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@venuebook/domain';
import { account, apiCall, baseUrl, browserPagePerTest, screenshot, screenshotsOf, signIn, signInByApi } from './browser.ts';

const ui = browserPagePerTest();
const shot = screenshotsOf('audit-logs');

/** Spec §2: 'MMM dd, yyyy HH:mm:ss'. */
const TIMESTAMP = /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}:\d{2}$/;

const SETTING = 'first_login_zapier_webhook_url';
/** Spec §2: a record id's first 8 characters and an ellipsis. */
const SETTING_LABEL = `${SETTING.slice(0, 8)}…`;

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

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
async function setAndClearSetting(value: string, token?: string): Promise<void> {
  const bearer = token ?? (await ownerToken());
  for (const next of [value, '']) {
    const response = await fetch(`${baseUrl()}/api/v1/admin/settings/${SETTING}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ value: next }),
    });
    expect(response.status).toBe(200);
  }
}

/** A page of the log as the API serves it to the owner, for `query` (search params). */
async function apiLog(query: Record<string, string>): Promise<AuditLogPage> {
  const { status, json } = await apiCall('owner', 'GET', `/audit-logs?${new URLSearchParams(query).toString()}`);
  expect(status).toBe(200);
  return json as AuditLogPage;
}

/**
 * The setting's history (newest first) once its newest entry is the clearing of `value` (entries travel through a
 * stream; identity stores them in order, so every earlier change is stored too).
 */
async function historyCleared(value: string): Promise<AuditLogPage> {
  let page: AuditLogPage | undefined;
  await expect
    .poll(
      async () => {
        page = await apiLog({ recordId: SETTING, pageSize: '100' });
        return page.entries[0]?.oldValues?.setting_value === value && page.entries[0].newValues?.setting_value === '';
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return page!;
}

/** Spec §2's count badge as the page writes it. */
const countText = (total: number): string => `${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}`;

const rows = (page: Page): Locator => page.getByTestId('audit-log-row');

/** A row's cells as shown (a table row from lg on, a card on a phone: the same cells). */
async function cells(row: Locator): Promise<{ time: string; user: string; action: string; table: string; record: string }> {
  const text = async (testId: string) => (await row.getByTestId(testId).innerText()).trim();
  return {
    time: await text('audit-cell-time'),
    user: await text('audit-cell-user'),
    action: await text('audit-cell-action'),
    table: await text('audit-cell-table'),
    record: await text('audit-cell-record'),
  };
}

/** Opens /audit-logs with `search` and waits for its list (or its empty text) to settle on `total` entries. */
async function openAuditLogs(page: Page, search: string, total?: number): Promise<void> {
  await page.goto(`${baseUrl()}/audit-logs${search}`);
  await page.getByTestId('audit-logs').waitFor();
  if (total !== undefined) await expect.poll(() => page.getByTestId('audit-logs-count').textContent()).toBe(countText(total));
}

/** The filter form (behind the 'Filters' button on a phone). */
async function filterForm(page: Page): Promise<Locator> {
  const form = page.getByTestId('audit-filters');
  await form.or(page.getByTestId('audit-filters-toggle')).first().waitFor();
  if ((await form.count()) === 0) await page.getByTestId('audit-filters-toggle').click();
  await form.waitFor();
  return form;
}

/** A time as a `datetime-local` input takes it, in the browser's (and this machine's) time zone. */
function localMinute(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The page's width fits the viewport: nothing overflows sideways. */
async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Audit-log requests the page sends from now on. */
function auditRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/audit-logs') sent.push(request.url());
  });
  return sent;
}

describe('audit logs page', () => {
  it('shows the owner the entries of a change with the spec texts, newest first', async () => {
    await signInByApi(ui.page.context(), account('owner'));
    const url = `https://hooks.example.com/audit-e2e/${randomUUID()}`;
    await setAndClearSetting(url);
    const [clearing, setting] = (await historyCleared(url)).entries;
    // The setting's first value ever is a create, a later one an update (other files of this worker set it too).
    expect(clearing!.action).toBe('update');
    expect(setting!.newValues).toEqual({ setting_value: url });
    await openAuditLogs(ui.page, '');
    await expect.poll(() => rows(ui.page).filter({ hasText: url }).count()).toBe(2);

    await ui.page.getByRole('heading', { name: 'Audit Logs' }).waitFor();
    expect(await ui.page.getByTestId('audit-logs-count').textContent()).toMatch(/^[\d,]+ entr(y|ies)$/);
    const headers = await ui.page.getByTestId('audit-logs-table').getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Timestamp', 'User', 'Action', 'Table', 'Record ID', 'Changes']);

    // Newest first: the clearing (an update with old and new values), then the setting.
    const [cleared, set] = [await cells(rows(ui.page).nth(0)), await cells(rows(ui.page).nth(1))];
    for (const row of [cleared, set]) {
      expect(row.time).toMatch(TIMESTAMP);
      expect(row.user).toBe(account('owner').email);
      expect(row.table).toBe('admin_settings');
      expect(row.record).toBe(SETTING_LABEL);
    }
    expect([cleared.action, set.action]).toEqual(['update', setting!.action]);
    // Spec §9: the table scrolls inside a 600 px box.
    expect(await ui.page.getByTestId('audit-logs-scroll').evaluate((el) => getComputedStyle(el).height)).toBe('600px');

    await screenshot(ui.page, 'audit-logs');
    await ui.page.emulateMedia({ colorScheme: 'dark' });
    await ui.page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await screenshot(ui.page, 'audit-logs-dark');
    expect(ui.errors).toEqual([]);
  });

  for (const viewport of WIDTHS) {
    it(`shows each change field by field, old beside new, with the whole record one click away (${viewport.width} px)`, async () => {
      await ui.page.setViewportSize(viewport);
      await signInByApi(ui.page.context(), account('owner'));
      const url = `https://hooks.example.com/audit-diff/${randomUUID()}`;
      await setAndClearSetting(url);
      const [clearing] = (await historyCleared(url)).entries;
      expect(clearing!.newValues).toEqual({ setting_value: '' });
      // A shared link: the record's history.
      await openAuditLogs(ui.page, `?recordId=${SETTING}`);
      await expect.poll(() => rows(ui.page).first().getByTestId('audit-changes').innerText()).toContain(url);

      // The clearing: setting_value changed from the URL to nothing.
      const changed = rows(ui.page).nth(0).getByTestId('audit-change');
      expect(await changed.count()).toBe(1);
      expect(await changed.getAttribute('data-kind')).toBe('changed');
      expect(await changed.getByTestId('audit-change-field').innerText()).toBe('setting_value');
      expect(await changed.getByTestId('audit-change-old').innerText()).toBe(url);
      expect(await changed.getByTestId('audit-change-new').innerText()).toBe('(empty)');
      // The setting before it: from nothing to the URL.
      const set = rows(ui.page).nth(1).getByTestId('audit-change');
      expect(await set.getByTestId('audit-change-field').innerText()).toBe('setting_value');
      expect(await set.getByTestId('audit-change-new').innerText()).toBe(url);
      await expectNoSidewaysOverflow(ui.page);
      await shot(ui.page, 'changes', viewport.width);

      // The whole record: both documents as JSON, the full record id.
      await rows(ui.page).nth(0).getByTestId('audit-show-record').click();
      const dialog = ui.page.getByTestId('audit-record-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('audit-record-id').innerText()).toBe(SETTING);
      expect(JSON.parse(await dialog.getByTestId('audit-record-old').innerText())).toEqual(clearing!.oldValues);
      expect(JSON.parse(await dialog.getByTestId('audit-record-new').innerText())).toEqual({ setting_value: '' });
      expect(await dialog.innerText()).toContain(clearing!.id);
      await shot(ui.page, 'full-record', viewport.width, { fullPage: false });
      await dialog.getByTestId('audit-record-close').click();
      await dialog.waitFor({ state: 'hidden' });

      // The setting's first value (its create): the field added, no old value.
      const [create] = (await apiLog({ recordId: SETTING, action: 'create' })).entries;
      await openAuditLogs(ui.page, `?recordId=${SETTING}&action=create`, 1);
      const added = rows(ui.page).first().getByTestId('audit-change');
      expect(await added.getAttribute('data-kind')).toBe('added');
      expect(await added.innerText()).toContain('added');
      expect(await added.getByTestId('audit-change-old').innerText()).toBe('—');
      expect(await added.getByTestId('audit-change-new').innerText()).toBe(String(create!.newValues!.setting_value) || '(empty)');
      expect(ui.errors).toEqual([]);
    });

    it(`narrows the list with filters kept in the address, and names wrong ones without asking (${viewport.width} px)`, async () => {
      await ui.page.setViewportSize(viewport);
      await signInByApi(ui.page.context(), account('owner'));
      const url = `https://hooks.example.com/audit-filter/${randomUUID()}`;
      await setAndClearSetting(url);
      // Our clearing: the newest update of the setting.
      const [cleared] = (await historyCleared(url)).entries;
      expect(cleared!.action).toBe('update');
      await openAuditLogs(ui.page, '');

      // Table and action: only admin_settings updates, ours the newest.
      let form = await filterForm(ui.page);
      await form.getByTestId('audit-filter-table').fill('admin_settings');
      await form.getByTestId('audit-filter-action').fill('update');
      await form.getByTestId('audit-filters-apply').click();
      await ui.page.waitForURL((address) => address.searchParams.get('table') === 'admin_settings' && address.searchParams.get('action') === 'update');
      const updates = await apiLog({ table: 'admin_settings', action: 'update' });
      await expect.poll(() => ui.page.getByTestId('audit-logs-count').textContent()).toBe(countText(updates.total));
      await expect.poll(async () => (await cells(rows(ui.page).first())).table).toBe('admin_settings');
      for (const row of await rows(ui.page).all()) expect(await cells(row)).toMatchObject({ table: 'admin_settings', action: 'update', record: SETTING_LABEL });
      expect(await rows(ui.page).first().getByTestId('audit-change-old').innerText()).toBe(url);
      await shot(ui.page, 'filtered', viewport.width);

      // Shared: the same address shows the same filters and list.
      await ui.page.reload();
      form = await filterForm(ui.page);
      expect(await form.getByTestId('audit-filter-table').inputValue()).toBe('admin_settings');
      expect(await form.getByTestId('audit-filter-action').inputValue()).toBe('update');
      await expect.poll(() => ui.page.getByTestId('audit-logs-count').textContent()).toBe(countText(updates.total));

      // A time window around our clearing: it combines with the others.
      const at = Date.parse(cleared!.createdAt);
      const from = localMinute(at);
      const to = localMinute(at + 60_000);
      await form.getByTestId('audit-filter-from').fill(from);
      await form.getByTestId('audit-filter-to').fill(to);
      await form.getByTestId('audit-filters-apply').click();
      const window = { table: 'admin_settings', action: 'update', from: new Date(Date.parse(from)).toISOString(), to: new Date(Date.parse(to)).toISOString() };
      await ui.page.waitForURL((address) => address.searchParams.get('from') === window.from && address.searchParams.get('to') === window.to);
      const inWindow = await apiLog(window);
      expect(inWindow.entries[0]!.id).toBe(cleared!.id);
      await expect.poll(() => ui.page.getByTestId('audit-logs-count').textContent()).toBe(countText(inWindow.total));
      expect(await rows(ui.page).first().getByTestId('audit-change-old').innerText()).toBe(url);
      for (const row of await rows(ui.page).all()) {
        const time = Date.parse((await row.getByTestId('audit-cell-time').locator('[title]').getAttribute('title')) ?? '');
        expect(time >= Date.parse(window.from) && time < Date.parse(window.to)).toBe(true);
      }

      // 'To' before 'From': said under 'To'; no request, the address as it was.
      const sent = auditRequests(ui.page);
      const before = ui.page.url();
      await form.getByTestId('audit-filter-from').fill(to);
      await form.getByTestId('audit-filter-to').fill(from);
      await form.getByTestId('audit-filters-apply').click();
      await expect.poll(() => form.getByTestId('audit-filter-error').allInnerTexts()).toEqual(["'To' must be after 'From'."]);
      expect(ui.page.url()).toBe(before);
      await shot(ui.page, 'wrong-dates', viewport.width);
      // A hand-made address with a wrong time: named, and nothing asked.
      await openAuditLogs(ui.page, '?from=yesterday&table=admin_settings');
      form = await filterForm(ui.page);
      expect(await form.getByTestId('audit-filter-error').allInnerTexts()).toEqual(["'From' is not a date and time."]);
      await ui.page.getByTestId('audit-logs-invalid-filters').waitFor();
      expect(sent).toEqual([]);

      // A row's user narrows the list to that user's changes; Clear filters shows everything again.
      await form.getByTestId('audit-filters-clear').click();
      await ui.page.waitForURL((address) => address.search === '');
      const everything = await apiLog({});
      await expect.poll(() => ui.page.getByTestId('audit-logs-count').textContent()).toBe(countText(everything.total));
      const owner = everything.entries.find((entry) => entry.userEmail === account('owner').email)!;
      await rows(ui.page)
        .filter({ hasText: account('owner').email })
        .first()
        .getByTestId('audit-cell-user')
        .getByRole('button')
        .click();
      await ui.page.waitForURL((address) => address.searchParams.get('userId') === owner.userId);
      const byOwner = await apiLog({ userId: owner.userId! });
      await expect.poll(() => ui.page.getByTestId('audit-logs-count').textContent()).toBe(countText(byOwner.total));
      for (const row of (await rows(ui.page).all()).slice(0, 5)) expect((await cells(row)).user).toBe(account('owner').email);

      // The record id narrows to one record's history.
      form = await filterForm(ui.page);
      await form.getByTestId('audit-filter-user').fill('');
      await form.getByTestId('audit-filter-record').fill(SETTING);
      await form.getByTestId('audit-filters-apply').click();
      const history = await apiLog({ recordId: SETTING });
      await expect.poll(() => ui.page.getByTestId('audit-logs-count').textContent()).toBe(countText(history.total));
      for (const row of (await rows(ui.page).all()).slice(0, 5)) expect(await cells(row)).toMatchObject({ table: 'admin_settings', record: SETTING_LABEL });
      await expectNoSidewaysOverflow(ui.page);
      expect(ui.errors).toEqual([]);
    });

    it(`reads further pages as the table is scrolled, keeping only the rows in view in the page (${viewport.width} px)`, async () => {
      await ui.page.setViewportSize(viewport);
      await signInByApi(ui.page.context(), account('owner'));
      // More than a page (100) of the setting's history.
      const token = await ownerToken();
      const marker = `https://hooks.example.com/audit-scroll/${randomUUID()}`;
      for (let history = await apiLog({ recordId: SETTING, pageSize: '1' }); history.total < 130; history = await apiLog({ recordId: SETTING, pageSize: '1' }))
        await Promise.all(Array.from({ length: 10 }, (_, n) => setAndClearSetting(`${marker}/${history.total + n}`, token)));
      await setAndClearSetting(marker, token);
      await historyCleared(marker);
      const [first, second] = [await apiLog({ recordId: SETTING, pageSize: '100' }), await apiLog({ recordId: SETTING, pageSize: '100', page: '2' })];

      await openAuditLogs(ui.page, `?recordId=${SETTING}`, first.total);
      const scroller = ui.page.getByTestId('audit-logs-scroll');
      expect(await scroller.getAttribute('data-loaded')).toBe('100');
      expect(await scroller.getAttribute('data-has-more')).toBe('true');
      expect(await rows(ui.page).count()).toBeLessThan(30);
      expect(await rows(ui.page).first().getByTestId('audit-cell-time').locator('[title]').getAttribute('title')).toBe(first.entries[0]!.createdAt);

      // To the end of the rows read: the next page comes, its first entry right after the first page's last.
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect.poll(async () => Number(await scroller.getAttribute('data-loaded'))).toBeGreaterThan(100);
      const next = ui.page.locator('[data-testid="audit-log-row"][data-index="100"]');
      await next.waitFor();
      expect(await next.getByTestId('audit-cell-time').locator('[title]').getAttribute('title')).toBe(second.entries[0]!.createdAt);
      expect(await cells(next)).toMatchObject({ table: 'admin_settings', record: SETTING_LABEL });
      expect(await rows(ui.page).count()).toBeLessThan(30);
      await expectNoSidewaysOverflow(ui.page);
      await shot(ui.page, 'scrolled', viewport.width);
      expect(ui.errors).toEqual([]);
    });
  }

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
