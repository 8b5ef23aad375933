// The embeddable media library on its example page (mfe-media/example), served on another origin than
// Venue Book: http://127.0.0.1:<embedHostPort> (same-site with the stack, in its EMBED_ALLOWED_ORIGINS). A browser
// signed in to Venue Book sees the venue's photos through the session bridge, uploads a photo (progress, 'uploaded'
// event), opens the viewer, switches to documents and deletes one ('deleted'); the host switches view and colour
// mode with update(); a signed-out browser gets the sign-in prompt and 'signed-out', and the library once signed in;
// a cross-site host (localhost, also allowed) gets no session from the bridge and brings its own token; props version 2
// is refused by mount; a page on an origin NOT in the list gets no data (CORS) and shows the error.
// Screenshots media-library-*.png at 1440 and 390 under artifacts/e2e.
import type { Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from '@venuebook/local';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveExample } from '../../mfe-media/example/serve.mjs';
import {
  account,
  apiToken,
  baseUrl,
  browserPerFile,
  e2eStack,
  pageErrors,
  screenshot,
  SCREENSHOTS_ENABLED,
  signInByApi,
  uploadDocumentByApi,
  viewportScreenshot,
} from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const browser = browserPerFile();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const venueName = 'Juniper Embed Hall';
let venueId = '';
let dir = '';
let photo = '';
const servers: Server[] = [];
/** The example page on an allowed origin, and on one Venue Book does not allow. */
let allowed = '';
let refused = '';

async function image(path: string, color: string): Promise<string> {
  const svg = Buffer.from(
    `<svg width="1200" height="800"><rect width="1200" height="800" fill="${color}"/><circle cx="600" cy="400" r="200" fill="white"/></svg>`,
  );
  writeFileSync(path, await sharp(svg).jpeg({ quality: 80 }).toBuffer());
  return path;
}

/** One photo stored through the API (the library lists it). */
async function seedPhoto(path: string, name: string): Promise<void> {
  await uploadDocumentByApi('admin', venueId, { name, type: 'image/jpeg', bytes: await sharp(path).toBuffer() }, { category: 'photos' });
}

async function listen(port: number): Promise<string> {
  const server = await serveExample({ port, host: '127.0.0.1', gateway: baseUrl() });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  venueId = await createVenue({ name: venueName, leagues: ['OTE'], address: '4 Juniper Lane\nBoise, ID 83702' });
  dir = mkdtempSync(join(tmpdir(), 'venuebook-library-e2e-'));
  await seedPhoto(await image(join(dir, 'juniper-stage.jpg'), '#0f766e'), 'juniper-stage.jpg');
  photo = await image(join(dir, 'juniper-foyer.jpg'), '#9333ea');
  allowed = await listen(e2eStack().embedHostPort);
  refused = await listen(0);
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await purgeVenue(venueId);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The types of the events in the page's log, in order. */
const events = (page: Page) => page.locator('#events li').evaluateAll((items) => items.map((item) => item.getAttribute('data-type')));
const tiles = (page: Page) => page.getByTestId('photo-tile');
const thumbsLoaded = (page: Page) =>
  expect
    .poll(() =>
      tiles(page)
        .locator('img')
        .evaluateAll((imgs) => imgs.length > 0 && imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
/** A screenshot once no animation runs (a dialog fading in was caught half-transparent). */
async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SCREENSHOTS_ENABLED) return;
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  if (fullPage) await screenshot(page, `media-library-${name}`);
  else await viewportScreenshot(page, `media-library-${name}`);
}

/** A context of the viewport's size signed in to Venue Book (its refresh cookie, from an API sign-in), on the example page. */
async function signedInExample(viewport: { width: number; height: number }, query = ''): Promise<{ page: Page; errors: Error[]; close: () => Promise<void> }> {
  const context = await (browser() as Browser).newContext({ viewport });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await signInByApi(context, account('admin'));
  await page.goto(`${allowed}/?venue=${venueId}${query}`);
  return { page, errors, close: () => context.close() };
}

describe('the media library on its example page (another origin)', () => {
  it('shows the photos of a signed-in browser, uploads one with progress, opens the viewer and switches to documents (1440)', async () => {
    const { page, errors, close } = await signedInExample(DESKTOP);
    try {
      await page.getByTestId('photos-page').waitFor({ timeout: 30_000 });
      // What the library's files cost a host page until the photos show: the files it loads, at their brotli size
      // (the gateway serves the .br copies built beside them).
      const files = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/remotes/media/library/')) files.add(pathname.slice('/remotes/media/library/'.length));
      });
      await page.reload();
      await page.getByTestId('photos-page').waitFor({ timeout: 30_000 });
      const brotli = [...files].reduce((sum, file) => {
        const built = join(REPO_ROOT, 'mfe-media', 'dist', 'library', file);
        return sum + statSync(existsSync(`${built}.br`) ? `${built}.br` : built).size;
      }, 0);
      console.log(`[media-library] ${files.size} library files until the photos show: ${(brotli / 1024).toFixed(0)} KiB brotli`);
      expect(brotli).toBeLessThan(400 * 1024);
      await expect.poll(() => tiles(page).count()).toBe(1);
      await thumbsLoaded(page);
      expect(await page.getByTestId('photos-venue-name').textContent()).toBe(venueName);
      await expect.poll(() => events(page)).toEqual(['ready']);
      // The thumbnails come from Venue Book's origin (signed URLs made absolute), not from the host page.
      expect(await tiles(page).first().locator('img').getAttribute('src')).toMatch(new RegExp(`^${baseUrl()}/api/v1/documents/`));
      await shot(page, 'photos-1440');

      // Upload through the library: its own upload list shows the progress; 'uploaded' is reported.
      await page.getByTestId('photo-upload-toggle').click();
      await page.getByTestId('photo-dropzone-input').setInputFiles(photo);
      await page.getByTestId('media-library-upload').first().waitFor();
      await expect.poll(() => page.getByTestId('media-library-upload').getAttribute('data-status'), { timeout: 60_000 }).toBe('success');
      expect(await page.getByTestId('media-library-upload-status').textContent()).toBe('Uploaded');
      await expect.poll(() => tiles(page).count(), { timeout: 30_000 }).toBe(2);
      await expect.poll(() => events(page)).toEqual(['ready', 'uploaded']);
      expect(await page.locator('#events li[data-type="uploaded"]').textContent()).toContain('"fileName":"juniper-foyer.jpg"');
      await thumbsLoaded(page);
      await shot(page, 'uploaded-1440');
      await page.getByTestId('photo-upload-close').click();

      // The viewer (portaled to the host page's body) shows the preview from Venue Book.
      await tiles(page).first().click();
      await page.getByTestId('viewer-counter').waitFor();
      expect(await page.getByTestId('viewer-counter').textContent()).toBe('1 of 2');
      await page.waitForFunction(() => {
        const img = document.querySelector('.yarl__slide_current img') as HTMLImageElement | null;
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await shot(page, 'viewer-1440', { fullPage: false });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('viewer-counter').count()).toBe(0);

      // Documents through the library's own switch: the host hears 'view-changed' (its select follows).
      await page.getByTestId('media-library-view-documents').click();
      await page.getByTestId('documents-page').waitFor();
      await expect.poll(() => page.getByTestId('document-item').count()).toBe(2);
      await expect.poll(() => events(page)).toEqual(['ready', 'uploaded', 'view-changed']);
      expect(await page.locator('#view').inputValue()).toBe('documents');
      await shot(page, 'documents-1440');

      // A deletion through the library is reported with the document's id; the dialog and toast show on the host page.
      const doomed = page.getByTestId('document-item').filter({ hasText: 'juniper-foyer.jpg' });
      const doomedId = await doomed.getAttribute('data-document-id');
      await doomed.getByTestId('document-delete').click();
      await page.getByTestId('delete-document-dialog').waitFor();
      await shot(page, 'delete-dialog-1440', { fullPage: false });
      await page.getByTestId('delete-document-dialog').getByTestId('confirm-ok').click();
      await expect.poll(() => page.getByTestId('document-item').count()).toBe(1);
      await expect.poll(() => events(page)).toEqual(['ready', 'uploaded', 'view-changed', 'deleted']);
      expect(await page.locator('#events li[data-type="deleted"]').textContent()).toContain(`"documentIds":["${doomedId}"]`);

      // A link to another Venue Book page opens Venue Book in a new tab; the host page stays.
      const [appTab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('back-to-venue').click()]);
      await appTab.waitForLoadState();
      expect(appTab.url()).toBe(`${baseUrl()}/venue/${venueId}`);
      expect(page.url().startsWith(allowed)).toBe(true);
      await appTab.close();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('fits a phone (390)', async () => {
    const { page, errors, close } = await signedInExample(PHONE);
    try {
      await expect.poll(() => tiles(page).count(), { timeout: 30_000 }).toBe(1);
      await thumbsLoaded(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'photos-390');
      // The host switches the view and the colour mode through update(): 'view-changed', the dark theme.
      await page.locator('#color-mode').selectOption('dark');
      await page.locator('#view').selectOption('documents');
      await expect.poll(() => page.getByTestId('document-item').count()).toBe(1);
      await expect.poll(() => page.locator('#library > div').getAttribute('class')).toContain('dark');
      await expect.poll(() => events(page)).toEqual(['ready', 'view-changed']);
      await shot(page, 'documents-dark-390');
      // Its dialogs (portals in the host page's body) are dark too.
      await page.getByTestId('document-delete').first().click();
      await page.getByTestId('delete-document-dialog').waitFor();
      expect(await page.getByTestId('delete-document-dialog').evaluate((dialog) => getComputedStyle(dialog).backgroundColor)).not.toBe('rgb(255, 255, 255)');
      await shot(page, 'delete-dialog-dark-390', { fullPage: false });
      await page.getByTestId('delete-document-dialog').getByTestId('confirm-cancel').click();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('asks a signed-out browser to sign in to Venue Book (in a new window), reports signed-out, and shows the venue once signed in', async () => {
    const context = await browser().newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto(`${allowed}/?venue=${venueId}`);
      await page.getByTestId('media-library-signed-out').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('media-library-sign-in').textContent()).toContain('Sign in to Venue Book');
      await expect.poll(() => events(page)).toEqual(['signed-out']);
      await shot(page, 'signed-out-1440');
      const [authTab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('media-library-sign-in').click()]);
      await authTab.waitForLoadState();
      expect(new URL(authTab.url()).origin).toBe(baseUrl());
      // Signed in there (the same browser), back on the host page: the library tries again when the page gets the focus.
      await authTab.getByTestId('auth-email').fill(account('admin').email);
      await authTab.getByTestId('auth-password').fill(account('admin').password);
      await authTab.getByTestId('auth-submit').click();
      await authTab.waitForURL((url) => url.pathname === '/');
      await authTab.close();
      await page.bringToFront();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.getByTestId('photos-page').waitFor({ timeout: 30_000 });
      await expect.poll(() => events(page)).toEqual(['signed-out', 'ready']);
    } finally {
      await context.close();
    }
  });

  it("a cross-site host (localhost) gets no session from the bridge (SameSite cookie), and shows the venue with the host's own token", async () => {
    const { page, close } = await signedInExample(DESKTOP);
    try {
      const crossSite = allowed.replace('127.0.0.1', 'localhost');
      await page.goto(`${crossSite}/?venue=${venueId}`);
      await page.getByTestId('media-library-signed-out').waitFor({ timeout: 30_000 });
      await page.locator('#token').fill(await apiToken('admin'));
      await page.locator('#mount').click();
      await page.getByTestId('photos-page').waitFor({ timeout: 30_000 });
      await expect.poll(() => tiles(page).count()).toBeGreaterThan(0);
      await expect.poll(() => events(page)).toEqual(['signed-out', 'ready']);
    } finally {
      await close();
    }
  });

  it('refuses props version 2: mount throws and nothing is rendered', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${allowed}/?venue=${venueId}&version=2`);
      await page.locator('#mount-error').waitFor();
      expect(await page.locator('#mount-error').textContent()).toBe(
        'Venue Book media library: invalid props: version must be 1 (this library implements props version 1)',
      );
      expect(await page.locator('#library').innerHTML()).toBe('');
      await shot(page, 'bad-props-390');
    } finally {
      await context.close();
    }
  });

  it('gets no data on an origin Venue Book does not allow, even with a valid token (CORS), and shows why', async () => {
    const context = await browser().newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto(`${refused}/`);
      // The library's files load (plain scripts), its API calls do not.
      await expect.poll(() => page.locator('body').getAttribute('data-library')).toBe('loaded');
      await page.locator('#venue').fill(venueId);
      await page.locator('#token').fill(await apiToken('admin'));
      await page.locator('#mount').click();
      await page.getByTestId('media-library-error').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('media-library-error-message').textContent()).toContain(`Could not reach Venue Book at ${baseUrl()}`);
      await expect.poll(() => events(page)).toEqual(['error']);
      expect(await page.getByTestId('photo-tile').count()).toBe(0);
      await shot(page, 'refused-origin-1440');
    } finally {
      await context.close();
    }
  });
});
