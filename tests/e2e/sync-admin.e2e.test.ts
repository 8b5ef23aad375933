// The Google Drive sync pages (spec §2 'G-Drive Sync Logs' /admin/sync-logs and 'G-Drive Sync Controls'
// /admin/gdrive-sync, §8 'Admin', §9), in Chromium at phone (390 px) and desktop (1440 px) width, on the e2e stack,
// whose Drive service syncs to the local Google Drive: editors and viewers get 'Access Denied'; an admin finds both
// pages in the side menu, sees whether Drive is configured (and the notice when it is not), an upload's queue item
// become completed with its Drive link, Clear & Reset of every venue and Trigger Sync with the spec's toasts and busy
// texts; the owner's Audit Logs tab lists the gdrive_sync and reset_gdrive_queue entries; the controls page's Trigger
// Google Drive Sync, and its dialog: a venue picked by search, its item, Refresh and the venue's Clear & Reset.
// Clear & Reset of every venue resets every document of this worker's stack: this file does it only in its own
// tests and hands every document back to the worker with Trigger Sync before it goes on.
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { AuditLogPage, SyncQueueList, TriggerSyncResult } from '@venuebook/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, browserPerFile, openSignedIn, pathOf, screenshotsOf, toasts, uploadDocumentByApi, waitForSettled } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const browser = browserPerFile();
const shot = screenshotsOf('sync-admin', { scrollToTop: true });
const RUN = `sy${Date.now().toString(36).slice(-6)}`;
const VENUE = `Quayside Sync Hall ${RUN}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const VIEWPORTS = [DESKTOP, PHONE] as const;
const LOGS = '/admin/sync-logs';
const CONTROLS = '/admin/gdrive-sync';
/** Spec §2's times, as the audit log shows them: 'MMM dd, yyyy HH:mm:ss'. */
const TIMESTAMP = /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}:\d{2}$/;
/** The Drive service's retry limit per item. */
const MAX_RETRIES = 8;

const contexts: BrowserContext[] = [];
let venueId = '';
/** This run's uploads (file name → document id), in upload order. */
const uploads = new Map<string, string>();

async function photo(name: string, color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const id = await uploadDocumentByApi('admin', venueId, { name, type: 'image/jpeg', bytes }, { category: 'photos' });
  uploads.set(name, id);
  return id;
}

async function queue(scope: { venueId?: string } = {}): Promise<SyncQueueList> {
  const { status, json } = await apiCall('admin', 'GET', `/admin/drive/queue${scope.venueId ? `?venueId=${scope.venueId}` : ''}`);
  expect(status).toBe(200);
  return json as SyncQueueList;
}

/** Resolves once `check` answers true, asking again every `intervalMs`; fails after `timeoutMs` (usable in hooks too). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, intervalMs = 500): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until no item of the stack's queue is pending or syncing, and this venue's uploads are all completed. */
async function settled(): Promise<SyncQueueList> {
  let all: SyncQueueList | undefined;
  await until('the sync queue to settle', async () => {
    all = await queue();
    const ours = (await queue({ venueId })).items;
    return all.counts.pending + all.counts.syncing === 0 && ours.length === uploads.size && ours.every((item) => item.status === 'completed');
  });
  return all!;
}

/** The queue item of a document, once it is listed. */
async function itemOf(documentId: string): Promise<SyncQueueList['items'][number]> {
  let found: SyncQueueList['items'][number] | undefined;
  await until(`the queue item of ${documentId}`, async () => {
    found = (await queue({ venueId })).items.find((item) => item.venueDocumentId === documentId);
    return found !== undefined;
  });
  return found!;
}

beforeAll(async () => {
  venueId = await createVenue({ name: VENUE, leagues: ['OTE'], address: '9 Wharf Road\nPortland, ME 04101' });
  await photo(`${RUN}-dock.jpg`, '#0e7490');
  await settled();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  if (venueId) await purgeVenue(venueId);
}, 60_000);

/** A page signed in as the role at the viewport's size, open on `path`. */
async function pageAs(role: 'owner' | 'admin' | 'editor' | 'viewer', viewport: { width: number; height: number }, path: string) {
  const { context, page, errors } = await openSignedIn(browser(), role, viewport, { path, dismissWelcome: role === 'viewer' });
  contexts.push(context);
  return { page, errors };
}

/** The open toast whose text contains `text`; its title and description. */
async function toastWith(page: Page, text: string): Promise<{ title: string; description: string }> {
  const toast = toasts(page).filter({ hasText: text }).first();
  await toast.waitFor({ timeout: 15_000 });
  const part = async (name: string) =>
    (await toast.locator(`[data-part="${name}"]`).count()) ? ((await toast.locator(`[data-part="${name}"]`).textContent()) ?? '') : '';
  return { title: await part('title'), description: await part('description') };
}

/**
 * Holds the page's requests to `path` (a POST of the API) until `release` is called, so that a test sees the busy
 * state of the button that sent it; `answer` resolves to the JSON of the gateway's answer.
 */
async function hold(page: Page, path: string): Promise<{ release: () => void; answer: Promise<unknown> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let answered: (value: unknown) => void = () => undefined;
  const answer = new Promise<unknown>((resolve) => {
    answered = resolve;
  });
  const pattern = `**/api/v1${path}`;
  await page.route(pattern, async (route: Route) => {
    await held;
    const response = await route.fetch();
    const text = await response.text();
    answered(JSON.parse(text));
    await route.fulfill({ response, body: text });
    await page.unroute(pattern);
  });
  return { release, answer };
}

/** Nothing on the page is wider than the viewport (no horizontal scrolling). */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
}

const itemOnPage = (page: Page, itemId: string) => page.locator(`[data-testid="sync-item"][data-id="${itemId}"]`);

describe('access', () => {
  it("shows editors and viewers 'Access Denied' on both pages, with no menu item; an admin finds both in the side menu", async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const { page, errors } = await pageAs(role, PHONE, LOGS);
      const denied = page.getByTestId('sync-access-denied');
      await denied.waitFor();
      expect(pathOf(page)).toBe(LOGS);
      expect(await denied.getByRole('heading').textContent()).toBe('Access Denied');
      expect(await denied.textContent()).toContain('You need administrator privileges to access sync logs.');
      expect(await page.getByTestId('sync-queue').count()).toBe(0);
      if (role === 'viewer') await shot(page, 'access-denied', PHONE.width);
      await page.goto(`${baseUrl()}${CONTROLS}`);
      await denied.waitFor();
      expect(await denied.textContent()).toContain('You need administrator privileges to access sync controls.');
      expect(await page.getByTestId('gdrive-trigger').count()).toBe(0);
      await page.getByTestId('user-menu-button').click();
      await page.getByTestId('user-menu').waitFor();
      expect(await page.getByTestId('nav-admin-sync-logs').count(), role).toBe(0);
      expect(await page.getByTestId('nav-admin-gdrive-sync').count(), role).toBe(0);
      expect(errors).toEqual([]);
    }

    const { page, errors } = await pageAs('admin', DESKTOP, '/');
    for (const [testId, label, path, ready] of [
      ['nav-admin-sync-logs', 'G-Drive Sync Logs', LOGS, 'sync-logs-page'],
      ['nav-admin-gdrive-sync', 'G-Drive Sync Controls', CONTROLS, 'gdrive-sync-page'],
    ] as const) {
      await page.getByTestId('user-menu-button').click();
      const item = page.getByTestId(testId);
      await waitForSettled(item);
      expect(await item.textContent()).toBe(label);
      await item.click();
      await page.getByTestId(ready).waitFor();
      expect(pathOf(page)).toBe(path);
    }
    expect(errors).toEqual([]);
  });
});

describe('sync logs: the Sync Queue tab', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows whether Drive is configured, the counts, and a new upload's item until it is completed, with its Drive link (${viewport.width} px)`, async () => {
      const { page, errors } = await pageAs('admin', viewport, LOGS);
      await page.getByTestId('sync-logs-page').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Google Drive Sync Logs');
      // The stack syncs to the local Google Drive: configured, with the root folder's link.
      const configured = page.getByTestId('drive-configured');
      await configured.waitFor();
      const { json: drive } = await apiCall('admin', 'GET', '/admin/drive');
      const { rootFolderId, rootFolderUrl } = drive as { rootFolderId: string; rootFolderUrl: string };
      expect(await configured.getByTestId('drive-root-folder-link').getAttribute('href')).toBe(rootFolderUrl);
      expect(await configured.getByTestId('drive-root-folder-link').textContent()).toContain(rootFolderId);
      // Spec §9: Sync Queue is the default tab.
      expect(await page.getByTestId('sync-tab-queue').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByTestId('sync-tab-audit').getAttribute('aria-selected')).toBe('false');

      // A new upload, then Refresh: its item shows, and becomes completed (the page reads the queue again while items
      // are pending or syncing).
      await page.getByTestId('sync-items').waitFor();
      const name = `${RUN}-stage-${viewport.width}.jpg`;
      const documentId = await photo(name, viewport === DESKTOP ? '#9333ea' : '#ca8a04');
      const item = await itemOf(documentId);
      await page.getByTestId('sync-refresh').click();
      const refreshed = await toastWith(page, 'Data refreshed successfully');
      expect(refreshed.title).toBe('Data refreshed successfully');
      const shown = itemOnPage(page, item.id);
      await shown.waitFor();
      await expect.poll(() => shown.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
      expect(await shown.getByTestId('sync-item-status').textContent()).toBe('Completed');
      expect(await shown.getByTestId('sync-item-file').textContent()).toBe(name);
      expect(await shown.getByTestId('sync-item-id').textContent()).toBe(item.id);
      expect(await shown.getByTestId('sync-item-venue').textContent()).toBe(VENUE);
      expect(await shown.getByTestId('sync-item-retries').textContent()).toBe(`Retries: 0/${MAX_RETRIES}`);
      expect(await shown.getByTestId('sync-item-created').textContent()).toMatch(TIMESTAMP);
      await expect.poll(() => shown.getByTestId('sync-item-synced').count()).toBe(1);
      expect(await shown.getByTestId('sync-item-synced').textContent()).toMatch(TIMESTAMP);
      expect(await shown.getByTestId('sync-item-error').count()).toBe(0);
      const completed = (await itemOf(documentId)).googleDriveUrl;
      expect(completed).toMatch(/^http/);
      expect(await shown.getByTestId('sync-item-drive-link').getAttribute('href')).toBe(completed);
      expect(await shown.getByTestId('sync-item-drive-link').textContent()).toBe('Open in Drive');

      // Spec §2: completed always; pending and failed only above 0 (none now).
      await expect.poll(async () => (await queue()).counts.pending + (await queue()).counts.syncing).toBe(0);
      await page.getByTestId('sync-refresh').click();
      await toastWith(page, 'Data refreshed successfully');
      const counts = (await queue()).counts;
      await expect.poll(() => page.getByTestId('sync-count-completed').textContent()).toBe(`${counts.completed.toLocaleString('en-US')} completed`);
      expect(await page.getByTestId('sync-count-pending').count()).toBe(0);
      expect(await page.getByTestId('sync-count-failed').count()).toBe(counts.failed > 0 ? 1 : 0);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'queue', viewport.width);
      expect(errors).toEqual([]);
    });
  }

  /** Clear & Reset asks first, and Cancel keeps the queue; the page open on the Sync Queue tab, and the item count. */
  async function cancelledClear(viewport: { width: number; height: number }) {
    await settled();
    const documents = (await queue()).total;
    const { page, errors } = await pageAs('admin', viewport, LOGS);
    await page.getByTestId('sync-items').waitFor();
    await page.getByTestId('sync-clear').click();
    const confirm = page.getByTestId('sync-clear-confirm');
    await confirm.waitFor();
    expect(await confirm.getByRole('heading').textContent()).toBe('Clear & Reset');
    expect(await confirm.textContent()).toContain('Clear the sync queue of every venue and reset all their photos?');
    await shot(page, 'clear-confirm', viewport.width, { fullPage: false });
    await confirm.getByTestId('confirm-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await queue()).total).toBe(documents);
    await expectNoHorizontalOverflow(page);
    return { page, errors, confirm, documents };
  }

  // The phone checks the confirmation's layout; the clearing and re-syncing of every document of the stack (the
  // same calls at any width) runs once, on the desktop.
  it(`asks before clearing every venue's queue, and Cancel keeps it (${PHONE.width} px)`, async () => {
    const { errors } = await cancelledClear(PHONE);
    expect(errors).toEqual([]);
  });

  it(`clears and resets every venue's queue after a confirmation ('Clearing...'), then Trigger Sync ('Syncing...') queues and syncs it all again (${DESKTOP.width} px)`, async () => {
    const viewport = DESKTOP;
    // Clear & Reset: Cancel keeps the queue; confirmed, the button says 'Clearing...' until the answer.
    const { page, errors, confirm, documents } = await cancelledClear(viewport);

    const reset = await hold(page, '/admin/drive/reset');
    await page.getByTestId('sync-clear').click();
    await confirm.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('sync-clear').textContent()).toBe('Clearing...');
    reset.release();
    expect(await reset.answer).toEqual({ success: true, removedQueue: documents, resetDocs: documents });
    expect((await toastWith(page, 'Sync queue cleared')).title).toBe('Sync queue cleared and reset successfully');
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId('sync-queue-empty').waitFor();
    expect(await page.getByTestId('sync-queue-empty').textContent()).toBe('No items in sync queue');
    expect(await page.getByTestId('sync-count-completed').textContent()).toBe('0 completed');
    expect(await page.getByTestId('sync-clear').textContent()).toBe('Clear & Reset');
    await expectNoHorizontalOverflow(page);
    await shot(page, 'cleared', viewport.width);

    // Trigger Sync: 'Syncing...' until the answer; every document is queued again and handed to the worker.
    const sync = await hold(page, '/admin/drive/sync');
    await page.getByTestId('sync-trigger').click();
    await expect.poll(() => page.getByTestId('sync-trigger').textContent()).toBe('Syncing...');
    sync.release();
    const result = (await sync.answer) as TriggerSyncResult;
    expect(result).toEqual({ success: true, processed: documents, bootstrapped: documents });
    const toast = await toastWith(page, 'Background sync completed');
    expect(toast).toEqual({
      title: `Background sync completed: ${documents} photo(s) synced to Google Drive`,
      description: `Queued ${documents} photo(s) for Google Drive sync`,
    });
    expect(await page.getByTestId('sync-trigger').textContent()).toBe('Trigger Sync');
    // The items come back, and are synced again (found in Drive, not copied twice).
    const first = await itemOf(uploads.get(`${RUN}-dock.jpg`)!);
    await expect.poll(() => itemOnPage(page, first.id).getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    await settled();
    expect(errors).toEqual([]);
  });

  it('names the reason of a failed Trigger Sync, Refresh and Clear & Reset (spec §8)', async () => {
    const { page } = await pageAs('admin', DESKTOP, LOGS);
    await page.getByTestId('sync-items').waitFor();
    const refuse = (route: Route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Drive service unavailable' } }),
      });
    await page.route('**/api/v1/admin/drive/sync', refuse);
    await page.getByTestId('sync-trigger').click();
    expect((await toastWith(page, 'Background sync failed')).title).toBe('Background sync failed: Drive service unavailable');
    await page.route('**/api/v1/admin/drive/queue*', refuse);
    await page.getByTestId('sync-refresh').click();
    expect((await toastWith(page, 'Failed to refresh data')).title).toBe('Failed to refresh data: Drive service unavailable');
    await page.unroute('**/api/v1/admin/drive/queue*');
    await page.route('**/api/v1/admin/drive/reset', refuse);
    await page.getByTestId('sync-clear').click();
    await page.getByTestId('sync-clear-confirm').getByTestId('confirm-ok').click();
    expect((await toastWith(page, 'Failed to clear queue')).title).toBe('Failed to clear queue: Drive service unavailable');
    // Nothing was cleared.
    expect((await queue({ venueId })).items).toHaveLength(uploads.size);
  });
});

describe('sync logs: the Audit Logs tab', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows the owner only sync-related entries, Trigger Sync and Clear & Reset among them, and admins that the log is the owner's (${viewport.width} px)`, async () => {
      // The entries of the tests above travel through the audit stream: wait until identity has them.
      await expect
        .poll(
          async () => {
            const { json } = await apiCall('owner', 'GET', '/audit-logs?table=gdrive_sync_queue&pageSize=100');
            const actions = (json as AuditLogPage).entries.map((entry) => entry.action);
            return actions.includes('gdrive_sync') && actions.includes('reset_gdrive_queue');
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);

      const { page, errors } = await pageAs('owner', viewport, LOGS);
      await page.getByTestId('sync-items').waitFor();
      await page.getByTestId('sync-tab-audit').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('audit');
      const rows = page.getByTestId('audit-log-row');
      await rows.first().waitFor();
      expect(await page.getByRole('heading', { level: 2, name: 'Sync-related audit logs' }).count()).toBe(1);
      // Only the sync tables, newest first; the Trigger Sync with what it did.
      const tables = await rows.getByTestId('audit-cell-table').allInnerTexts();
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) expect(['gdrive_sync_queue', 'venue_documents']).toContain(table.trim());
      const trigger = rows.filter({ has: page.getByTestId('audit-cell-action').getByText('gdrive_sync', { exact: true }) }).first();
      await trigger.waitFor();
      expect((await trigger.getByTestId('audit-cell-table').innerText()).trim()).toBe('gdrive_sync_queue');
      expect((await trigger.getByTestId('audit-cell-time').innerText()).trim()).toMatch(TIMESTAMP);
      const fields = await trigger.getByTestId('audit-change-field').allInnerTexts();
      expect(fields).toEqual(expect.arrayContaining(['processed', 'bootstrapped']));
      expect(await rows.filter({ has: page.getByTestId('audit-cell-action').getByText('reset_gdrive_queue', { exact: true }) }).count()).toBeGreaterThan(0);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'audit', viewport.width);
      expect(errors).toEqual([]);

      // A reload keeps the tab; an admin (not the owner) is told the log is the owner's.
      const { page: admin } = await pageAs('admin', viewport, `${LOGS}?tab=audit`);
      await admin.getByTestId('sync-audit-owner-only').waitFor();
      expect(await admin.getByTestId('sync-audit-owner-only').textContent()).toBe('Only the owner can view the audit logs.');
      expect(await admin.getByTestId('sync-tab-audit').getAttribute('aria-selected')).toBe('true');
    });
  }
});

describe('sync controls', () => {
  for (const viewport of VIEWPORTS) {
    it(`triggers a sync of every venue, and shows a venue's queue picked by search: its item, Refresh, and its Clear & Reset (${viewport.width} px)`, async () => {
      await settled();
      const { page, errors } = await pageAs('admin', viewport, CONTROLS);
      await page.getByTestId('gdrive-sync-page').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Google Drive Sync Controls');
      await page.getByTestId('drive-configured').waitFor();

      // Everything is in Drive: nothing to queue or hand over.
      const sync = await hold(page, '/admin/drive/sync');
      await page.getByTestId('gdrive-trigger').click();
      await expect.poll(() => page.getByTestId('gdrive-trigger').textContent()).toBe('Syncing...');
      sync.release();
      expect(await sync.answer).toEqual({ success: true, processed: 0, bootstrapped: 0 });
      expect((await toastWith(page, 'No photos pending')).title).toBe('No photos pending Google Drive sync');
      expect(await page.getByTestId('gdrive-trigger').textContent()).toBe('Trigger Google Drive Sync');
      await expectNoHorizontalOverflow(page);
      await shot(page, 'controls', viewport.width);

      // The dialog: a venue first, found by search.
      await page.getByTestId('gdrive-view-queue').click();
      const dialog = page.getByTestId('venue-sync-queue-dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').first().textContent()).toBe('Google Drive Sync Queue');
      expect(await dialog.getByTestId('venue-sync-choose').textContent()).toBe('Choose a venue to see its queue.');
      await dialog.getByTestId('venue-picker-search').fill(RUN);
      const option = dialog.locator(`[data-testid="venue-picker-option"][data-venue-id="${venueId}"]`);
      // The search (debounced) narrows the list to the run's venue.
      await expect.poll(() => dialog.getByTestId('venue-picker-option').count()).toBe(1);
      await option.waitFor();
      await shot(page, 'dialog-picker', viewport.width, { fullPage: false });
      await option.click();
      expect(await dialog.getByTestId('venue-picker-name').textContent()).toBe(VENUE);

      // Its items: file name, id, status, retries and upload time; the counts over the venue's queue.
      const venueQueue = await queue({ venueId });
      expect(venueQueue.items).toHaveLength(uploads.size);
      const items = dialog.getByTestId('sync-item');
      await expect.poll(() => items.count()).toBe(uploads.size);
      const first = dialog.locator(`[data-testid="sync-item"][data-id="${venueQueue.items[0]!.id}"]`);
      expect(await first.getByTestId('sync-item-file').textContent()).toBe(venueQueue.items[0]!.fileName);
      expect(await first.getByTestId('sync-item-status').textContent()).toBe('Completed');
      expect(await first.getByTestId('sync-item-retries').textContent()).toBe(`Retries: 0/${MAX_RETRIES}`);
      expect(await first.getByTestId('sync-item-uploaded').textContent()).toMatch(TIMESTAMP);
      expect(await first.getByTestId('sync-item-venue').count()).toBe(0);
      expect(await dialog.getByTestId('sync-count-completed').textContent()).toBe(`${uploads.size} completed`);
      expect(await dialog.getByTestId('sync-trigger').count()).toBe(0);
      await dialog.getByTestId('sync-refresh').click();
      expect((await toastWith(page, 'Data refreshed')).title).toBe('Data refreshed successfully');
      await shot(page, 'dialog-queue', viewport.width, { fullPage: false });

      // The venue's Clear & Reset, after the spec's question.
      const everyVenue = (await queue()).total;
      await dialog.getByTestId('sync-clear').click();
      const confirm = page.getByTestId('sync-clear-confirm');
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('Clear the sync queue and reset all photos for this venue?');
      await confirm.getByTestId('confirm-ok').click();
      expect((await toastWith(page, 'Reset complete')).title).toBe(`Reset complete: ${uploads.size} queue item(s) cleared, ${uploads.size} document(s) reset`);
      await dialog.getByTestId('sync-queue-empty').waitFor();
      expect(await dialog.getByTestId('sync-queue-empty').textContent()).toBe('No items in the queue for this venue.');
      expect((await queue({ venueId })).items).toEqual([]);
      await shot(page, 'dialog-reset', viewport.width, { fullPage: false });

      // Only this venue: the others' items stay. Trigger Sync brings the venue's back.
      expect((await queue()).total).toBe(everyVenue - uploads.size);
      await dialog.getByTestId('venue-sync-queue-close').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('gdrive-trigger').click();
      expect((await toastWith(page, 'Background sync completed')).title).toBe(`Background sync completed: ${uploads.size} photo(s) synced to Google Drive`);
      await settled();
      expect(errors).toEqual([]);
    });
  }
});

describe('Drive not configured', () => {
  for (const viewport of VIEWPORTS) {
    it(`says that uploads are queued and how to configure Drive, on both pages (${viewport.width} px)`, async () => {
      const { page, errors } = await pageAs('admin', viewport, '/');
      // As a deployment without GOOGLE_DRIVE_CREDENTIALS answers.
      await page.route('**/api/v1/admin/drive', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ configured: false, rootFolderId: null, rootFolderUrl: null }) }),
      );
      for (const path of [LOGS, CONTROLS]) {
        await page.goto(`${baseUrl()}${path}`);
        const notice = page.getByTestId('drive-not-configured');
        await notice.waitFor();
        const text = await notice.textContent();
        expect(text).toContain('Google Drive sync is not configured');
        expect(text).toContain('Uploads are queued and will sync to Google Drive once it is configured');
        expect(text).toContain('GOOGLE_DRIVE_CREDENTIALS');
        expect(text).toContain('GOOGLE_DRIVE_ROOT_FOLDER_ID');
        expect(text).toContain('Google Drive sync');
        expect(await page.getByTestId('drive-configured').count()).toBe(0);
        await expectNoHorizontalOverflow(page);
        await shot(page, `not-configured-${path === LOGS ? 'logs' : 'controls'}`, viewport.width);
      }
      expect(errors).toEqual([]);
    });
  }
});
