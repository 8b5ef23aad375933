// The media pages (spec §2 'Photos page', 'Public gallery', 'Documents page'; §4 'Photo selection mode',
// 'Document'; §5 'Document upload', 'Tagging'; §8 'Photos and documents'; §9 gallery grid, swipe 50 px): photos
// uploaded through the page, the viewer (arrow keys, Escape, 'n of total', swipe), tag and delete modes, the public
// gallery without sign-in (and its link rotated), documents uploaded, moved, unlinked and deleted, at 1440×900 and
// 390×844; a viewer sees the buttons disabled. One venue of its own (made through the API, purged at the end).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, browserPerFile, openSignedIn, pathOf, screenshot, toasts, viewportScreenshot } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const browser = browserPerFile();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PHONE_CONTEXT = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The seeded 'Loading Dock' and 'Power' templates (Facilities). */
const LOADING_DOCK = '8ff9af28-e3f6-4293-ab1c-bcaad9114ff3';
const POWER = 'eea499d4-5351-47bf-a8de-df30b5a26d4c';

const venueName = 'Marigold Media Pavilion';
let venueId = '';
let eventId = '';
let dir = '';
/** Files to upload: three photos (different colours), one more for the phone, a PDF and a text file. */
const files = { photos: [] as string[], phonePhoto: '', pdf: '', text: '', refused: '' };

/** A JPEG or PNG of one colour with a stripe, so that the viewer's photos differ. */
async function image(path: string, color: string, format: 'jpeg' | 'png'): Promise<string> {
  const stripe = Buffer.from(
    `<svg width="1200" height="800"><rect width="1200" height="800" fill="${color}"/><rect x="0" y="360" width="1200" height="80" fill="white"/></svg>`,
  );
  const out = sharp(stripe);
  writeFileSync(path, format === 'jpeg' ? await out.jpeg({ quality: 80 }).toBuffer() : await out.png().toBuffer());
  return path;
}

beforeAll(async () => {
  venueId = await createVenue({ name: venueName, leagues: ['OTE'], address: '12 Marigold Row\nDenver, CO 80202' });
  expect((await apiCall('admin', 'POST', `/venues/${venueId}/cards/templates`, { department: 'Facilities', templateIds: [LOADING_DOCK, POWER] })).status).toBe(
    200,
  );
  const event = await apiCall('admin', 'POST', `/venues/${venueId}/events`, { name: 'Marigold Spring Gala', eventDate: '2026-04-18', description: '' });
  expect(event.status).toBe(201);
  eventId = (event.json as { id: string }).id;
  dir = mkdtempSync(join(tmpdir(), 'venuebook-media-e2e-'));
  files.photos = [
    await image(join(dir, 'stage-left.jpg'), '#b91c1c', 'jpeg'),
    await image(join(dir, 'stage-right.jpg'), '#15803d', 'jpeg'),
    await image(join(dir, 'loading-dock.png'), '#1d4ed8', 'png'),
  ];
  files.phonePhoto = await image(join(dir, 'image.png'), '#a16207', 'png');
  files.pdf = join(dir, 'rider-contract.pdf');
  writeFileSync(files.pdf, '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  files.text = join(dir, 'power-notes.txt');
  writeFileSync(files.text, 'Shore power: 400 A, three phase, stage left.\n');
  files.refused = join(dir, 'setup.exe');
  writeFileSync(files.refused, 'MZ not really');
});
afterAll(async () => {
  await purgeVenue(venueId);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the viewport shows (the viewer covers the screen; a whole-page shot would show the page under it). */
const viewportShot = viewportScreenshot;

/** Every thumbnail on the page has loaded (before a screenshot). */
const thumbsLoaded = (page: Page) =>
  expect
    .poll(() =>
      page
        .locator('[data-testid="photo-tile"] img')
        .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text }).first().waitFor();
const tiles = (page: Page): Locator => page.getByTestId('photo-tile');
const counter = (page: Page) => page.getByTestId('viewer-counter').textContent();

/** Drags the pointer sideways over the open photo by `dx` px (a swipe; pointer events like a finger's). */
async function swipe(page: Page, dx: number): Promise<void> {
  const { width, height } = page.viewportSize()!;
  const y = height / 2;
  const x = dx < 0 ? width * 0.75 : width * 0.25;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

let publicLink = '';

describe('the Photos page', () => {
  it('uploads, views, tags and deletes photos at desktop width; the public gallery opens without sign-in', async () => {
    const { page, context, errors } = await openSignedIn(browser(), 'admin', DESKTOP, {
      context: { permissions: ['clipboard-read', 'clipboard-write'] },
      path: `/venue/${venueId}`,
    });
    try {
      // The venue page's Photos button leads here; nothing uploaded yet.
      await page.getByTestId('venue-photos').click();
      await page.getByTestId('photos-empty').waitFor();
      expect(pathOf(page)).toBe(`/venue/${venueId}/photos`);
      expect(await page.getByTestId('photos-empty').textContent()).toContain('No photos uploaded yet');
      expect(await page.getByTestId('photos-venue-name').textContent()).toBe(venueName);
      await screenshot(page, 'media-photos-empty-1440');

      // The upload view: three photos through the picker; the upload panel shows them; the grid fills.
      await page.getByTestId('photo-upload-toggle').click();
      await page.getByTestId('photo-upload').waitFor();
      expect(await page.getByTestId('photo-camera').count()).toBe(0);
      await page.getByTestId('photo-dropzone-input').setInputFiles(files.photos);
      await page.getByTestId('upload-panel').waitFor();
      await expect.poll(() => tiles(page).count(), { timeout: 60_000 }).toBe(3);
      await thumbsLoaded(page);
      await screenshot(page, 'media-photos-uploaded-1440');
      await page.getByTestId('photo-upload-close').click();

      // The viewer: 'n of total', arrow keys, the buttons, Escape; a preview (not the thumbnail) is shown.
      await tiles(page).first().click();
      await page.getByTestId('viewer-counter').waitFor();
      expect(await counter(page)).toBe('1 of 3');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => counter(page)).toBe('2 of 3');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => counter(page)).toBe('3 of 3');
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(300);
      expect(await counter(page)).toBe('3 of 3');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => counter(page)).toBe('2 of 3');
      const shown = page.locator('.yarl__slide_current img');
      await expect.poll(async () => (await shown.getAttribute('src')) ?? '').toContain('variant=preview');
      await page.waitForFunction(() => {
        const img = document.querySelector('.yarl__slide_current img') as HTMLImageElement | null;
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await viewportShot(page, 'media-viewer-1440');
      await page.getByRole('button', { name: 'Previous photo' }).click();
      await expect.poll(() => counter(page)).toBe('1 of 3');
      await page.keyboard.press('Escape');
      await page.getByTestId('viewer-counter').waitFor({ state: 'detached' });

      // The list layout.
      await page.getByTestId('layout-list').click();
      await page.getByTestId('photo-list').waitFor();
      expect(await page.getByTestId('photo-list').textContent()).toContain('stage-left.jpg');
      await page.getByTestId('layout-grid').click();

      // Tag mode (spec §4): the first click enters it, the next selects all; one unselected; the dialog needs a card.
      const tagButton = page.getByTestId('photo-tag-mode');
      await tagButton.click();
      expect(await tagButton.textContent()).toContain('Select All');
      await tagButton.click();
      expect(await page.locator('[data-testid="photo-tile"][data-selected]').count()).toBe(3);
      await tiles(page).nth(2).click();
      expect(await tagButton.textContent()).toContain('Tag Selected (2)');
      await tagButton.click();
      const tagDialog = page.getByTestId('tag-dialog');
      await tagDialog.getByTestId('tag-card-option').first().waitFor();
      await tagDialog.getByTestId('tag-submit').click();
      expect(await tagDialog.getByTestId('tag-error').textContent()).toBe('Select at least one card');
      await tagDialog.getByTestId('tag-card-option').filter({ hasText: 'Loading Dock' }).click();
      await viewportShot(page, 'media-tag-dialog-1440');
      await tagDialog.getByTestId('tag-submit').click();
      await toast(page, 'Photos tagged successfully');
      await tagDialog.waitFor({ state: 'hidden' });
      expect(await page.locator('[data-testid="photo-tile"][data-selected]').count()).toBe(0);
      await expect.poll(() => page.getByTestId('photo-tag-count').allTextContents()).toEqual(['Loading Dock', 'Loading Dock']);

      // Untag one: tag mode, that photo, the dialog's Remove Tags.
      await tagButton.click();
      await tiles(page).first().click();
      await tagButton.click();
      await tagDialog.getByTestId('tag-card-option').filter({ hasText: 'Loading Dock' }).click();
      await tagDialog.getByTestId('tag-remove').click();
      await toast(page, 'Photo tags removed');
      await expect.poll(() => page.getByTestId('photo-tag-count').count()).toBe(1);

      // Cancel leaves a mode.
      await page.getByTestId('photo-delete-mode').click();
      await page.getByTestId('photo-mode-cancel').click();
      expect(await page.getByTestId('photo-mode-hint').count()).toBe(0);

      // Delete mode: one photo, confirmed.
      await page.getByTestId('photo-delete-mode').click();
      await tiles(page).last().click();
      expect(await page.getByTestId('photo-delete-mode').textContent()).toContain('Delete Selected (1)');
      await page.getByTestId('photo-delete-mode').click();
      const confirm = page.getByTestId('delete-photos-dialog');
      await confirm.waitFor();
      await viewportShot(page, 'media-delete-confirm-1440');
      await confirm.getByTestId('confirm-ok').click();
      await toast(page, 'Successfully deleted 1 photo(s)');
      await expect.poll(() => tiles(page).count()).toBe(2);

      // The public link: everyone may copy it; admins see its controls (and turn it on when it is off).
      await page.getByTestId('gallery-controls').waitFor();
      if ((await page.getByTestId('gallery-link-off').count()) > 0) {
        await page.getByTestId('gallery-enabled').click();
        await toast(page, 'Public gallery link turned on');
      }
      const linkField = page.getByTestId('gallery-link-url');
      await linkField.waitFor();
      publicLink = await linkField.inputValue();
      expect(publicLink).toMatch(new RegExp(`/public/venue/${venueId}/photos\\?key=.+`));
      await page.getByTestId('gallery-link-copy').click();
      await toast(page, 'Public gallery link copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicLink);
      await thumbsLoaded(page);
      await screenshot(page, 'media-photos-1440');

      // The public gallery in a browser that never signed in: name, city, photos, the viewer with arrows and swipe.
      const anonymous = await browser().newContext({ viewport: DESKTOP });
      try {
        const visitor = await anonymous.newPage();
        const visitorErrors: Error[] = [];
        visitor.on('pageerror', (error) => visitorErrors.push(error));
        await visitor.goto(publicLink);
        await visitor.getByTestId('public-gallery').waitFor();
        expect(await visitor.getByTestId('public-gallery-venue').textContent()).toBe(venueName);
        expect(await visitor.getByTestId('public-gallery-city').textContent()).toContain('Denver');
        await expect.poll(() => tiles(visitor).count()).toBe(2);
        await thumbsLoaded(visitor);
        await screenshot(visitor, 'media-public-gallery-1440');
        await tiles(visitor).first().click();
        await visitor.getByTestId('viewer-counter').waitFor();
        expect(await counter(visitor)).toBe('1 of 2');
        await swipe(visitor, -30);
        await visitor.waitForTimeout(300);
        expect(await counter(visitor)).toBe('1 of 2');
        await swipe(visitor, -120);
        await expect.poll(() => counter(visitor)).toBe('2 of 2');
        await swipe(visitor, 120);
        await expect.poll(() => counter(visitor)).toBe('1 of 2');
        await visitor.keyboard.press('Escape');
        await visitor.getByTestId('layout-list').click();
        await visitor.getByTestId('photo-list').waitFor();

        // A new link: the old one shows that the gallery is not available, at once.
        await page.getByTestId('gallery-rotate').click();
        await page.getByTestId('gallery-rotate-dialog').getByTestId('confirm-ok').click();
        await toast(page, 'New public gallery link made');
        await expect.poll(() => linkField.inputValue()).not.toBe(publicLink);
        await visitor.goto(publicLink);
        await visitor.getByTestId('public-gallery-unavailable').waitFor();
        expect(await visitor.getByTestId('public-gallery-unavailable').textContent()).toContain('This gallery is not available');
        await screenshot(visitor, 'media-public-gallery-unavailable-1440');
        publicLink = await linkField.inputValue();
        await visitor.goto(publicLink);
        await expect.poll(() => tiles(visitor).count()).toBe(2);

        // An expiry date, then 'Never'; the link turned off (not available) and on again.
        await page.getByTestId('gallery-expiry').fill('2099-02-03');
        await toast(page, 'Public gallery expiry updated');
        await expect.poll(() => page.getByTestId('gallery-link-expiry').textContent()).toBe('The link works until Feb 3, 2099.');
        await page.getByTestId('gallery-expiry-clear').click();
        await expect.poll(() => page.getByTestId('gallery-link-expiry').count()).toBe(0);
        await page.getByTestId('gallery-enabled').click();
        await toast(page, 'Public gallery link turned off');
        await page.getByTestId('gallery-link-off').waitFor();
        await visitor.reload();
        await visitor.getByTestId('public-gallery-unavailable').waitFor();
        await page.getByTestId('gallery-enabled').click();
        await toast(page, 'Public gallery link turned on');
        expect(await linkField.inputValue()).toBe(publicLink);
        await visitor.reload();
        await expect.poll(() => tiles(visitor).count()).toBe(2);
        expect(visitorErrors).toEqual([]);
      } finally {
        await anonymous.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('takes a photo with the camera, views and swipes at phone width', async () => {
    const { page, context, errors } = await openSignedIn(browser(), 'surveyor', PHONE, { context: PHONE_CONTEXT, path: `/venue/${venueId}/photos` });
    try {
      await expect.poll(() => tiles(page).count()).toBe(2);
      // A surveyor may upload, tag and delete, not manage the public link.
      expect(await page.getByTestId('photo-upload-toggle').isEnabled()).toBe(true);
      expect(await page.getByTestId('gallery-controls').count()).toBe(0);
      await page.getByTestId('gallery-link-url').waitFor();
      await thumbsLoaded(page);
      await screenshot(page, 'media-photos-390');

      // The camera (a device): the capture is re-encoded as a JPEG and queued.
      await page.getByTestId('photo-upload-toggle').click();
      await page.getByTestId('photo-camera').waitFor();
      expect(await page.getByTestId('photo-camera-input').getAttribute('capture')).toBe('environment');
      expect(await page.getByTestId('photo-camera-input').getAttribute('accept')).toBe('image/*');
      await screenshot(page, 'media-photo-upload-390');
      await page.getByTestId('photo-camera-input').setInputFiles(files.phonePhoto);
      await toast(page, 'Photo captured');
      expect(await toasts(page).first().textContent()).toContain('Photo added to upload queue. Upload will continue in background.');
      await expect.poll(() => tiles(page).count(), { timeout: 60_000 }).toBe(3);
      // Newest first: the capture, named as the camera would not (image.png → photo-<time>.jpg).
      await page.getByTestId('photo-upload-close').click();
      await page.getByTestId('layout-list').click();
      expect(await page.getByTestId('photo-tile').first().textContent()).toMatch(/photo-\d{8}-\d{6}\.jpg/);
      await page.getByTestId('layout-grid').click();

      // Two columns below 768 px.
      const boxes = await Promise.all([0, 1, 2].map((i) => tiles(page).nth(i).boundingBox()));
      expect(boxes[0]!.y).toBe(boxes[1]!.y);
      expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);

      await tiles(page).first().click();
      await page.getByTestId('viewer-counter').waitFor();
      expect(await counter(page)).toBe('1 of 3');
      await swipe(page, -150);
      await expect.poll(() => counter(page)).toBe('2 of 3');
      await page.waitForFunction(() => {
        const img = document.querySelector('.yarl__slide_current img') as HTMLImageElement | null;
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await viewportShot(page, 'media-viewer-390');
      await page.keyboard.press('Escape');
      await page.getByTestId('viewer-counter').waitFor({ state: 'detached' });

      // Delete mode at phone width: every photo selected, then Cancel.
      await page.getByTestId('photo-delete-mode').click();
      await page.getByTestId('photo-delete-mode').click();
      expect(await page.getByTestId('photo-mode-hint').textContent()).toBe('3 photos selected.');
      await thumbsLoaded(page);
      await screenshot(page, 'media-delete-mode-390');
      await page.getByTestId('photo-mode-cancel').click();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the Documents page', () => {
  it('uploads, moves, links and deletes documents at desktop width', async () => {
    const { page, context, errors } = await openSignedIn(browser(), 'editor', DESKTOP, { path: `/venue/${venueId}` });
    try {
      await page.getByTestId('venue-documents').click();
      await page.getByTestId('documents-page').waitFor();
      expect(pathOf(page)).toBe(`/venue/${venueId}/documents`);
      // The photos are documents too (category Photos); the empty state shows only without any.
      await page.getByTestId('document-groups').waitFor();
      expect(await page.getByTestId('document-group-title').allTextContents()).toEqual(['Photos (3)']);

      // Upload mode: a refused type is named; two files with a category, an event and a description.
      await page.getByTestId('document-upload-toggle').click();
      await page.getByTestId('document-upload-category').selectOption('contracts');
      expect(await page.getByTestId('document-upload-category').locator('option').allTextContents()).toEqual([
        'General (Root Folder)',
        'Contracts',
        'Financial Documents',
        'Insurance',
        'Marketing Materials',
        'Permits & Licenses',
        'Photos',
        'Safety & Security',
        'Technical Specifications',
      ]);
      await page.getByTestId('document-upload-event').locator(`option[value="${eventId}"]`).waitFor({ state: 'attached' });
      await page.getByTestId('document-upload-event').selectOption(eventId);
      await page.getByTestId('document-upload-description').fill('Signed rider and power notes');
      await page.getByTestId('document-dropzone-input').setInputFiles([files.pdf, files.text, files.refused]);
      expect(await page.getByTestId('document-dropzone-refused').textContent()).toContain('setup.exe');
      expect(await page.getByTestId('document-upload-file').count()).toBe(2);
      await screenshot(page, 'media-document-upload-1440');
      await page.getByTestId('document-upload-submit').click();
      const contracts = page.locator('[data-testid="document-group"][data-category="contracts"]');
      await expect.poll(() => contracts.getByTestId('document-item').count(), { timeout: 60_000 }).toBe(2);
      const pdf = contracts.getByTestId('document-item').filter({ hasText: 'rider-contract.pdf' });
      expect(await pdf.getByTestId('document-event').textContent()).toBe('Marigold Spring Gala · Apr 18, 2026');
      expect(await pdf.getByTestId('document-meta').textContent()).toMatch(/^\d+ Bytes · Uploaded [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(await pdf.getByTestId('document-description').textContent()).toBe('Signed rider and power notes');
      expect(await pdf.getByTestId('document-download').getAttribute('href')).toContain('download=1');
      // Its Google Drive copy (the local Drive): the state follows without a reload, then 'Open in Drive' links to it.
      await expect.poll(() => pdf.getByTestId('drive-sync').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
      expect(await pdf.getByTestId('drive-sync').textContent()).toBe('In Drive');
      const pdfId = await pdf.getAttribute('data-document-id');
      const copy = (await apiCall('editor', 'GET', `/documents/${pdfId}`)).json as { googleDriveUrl: string };
      expect(await pdf.getByTestId('open-in-drive').getAttribute('href')).toBe(copy.googleDriveUrl);
      await screenshot(page, 'media-documents-1440');

      // 'Sync from Drive' imports what someone put in the venue's Drive folders: nothing new here.
      await page.getByTestId('documents-sync-drive').click();
      await toast(page, 'Synced 0 new document(s) from Google Drive');

      // Change the category: the document moves to its group.
      await pdf.getByTestId('document-category').selectOption('technical');
      await toast(page, 'Document moved to Technical Specifications category');
      const technical = page.locator('[data-testid="document-group"][data-category="technical"]');
      await expect.poll(() => technical.getByTestId('document-item').count()).toBe(1);

      // Clear the text file's event, then set it again.
      const text = contracts.getByTestId('document-item').filter({ hasText: 'power-notes.txt' });
      await text.getByTestId('document-event-select').selectOption('');
      await toast(page, 'Document event association updated');
      await expect.poll(() => text.getByTestId('document-event').count()).toBe(0);
      await text.getByTestId('document-event-select').selectOption(eventId);
      await expect.poll(() => text.getByTestId('document-event').count()).toBe(1);

      // Delete after the confirmation.
      await technical.getByTestId('document-delete').click();
      const confirm = page.getByTestId('delete-document-dialog');
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('"rider-contract.pdf"');
      await confirm.getByTestId('confirm-ok').click();
      await toast(page, 'Document deleted successfully');
      await expect.poll(() => technical.count()).toBe(0);

      // The back arrow returns to the venue.
      await page.getByTestId('back-to-venue').click();
      await page.getByTestId('venue-detail').waitFor();
      expect(pathOf(page)).toBe(`/venue/${venueId}`);

      // An unknown venue.
      await page.goto(`${baseUrl()}/venue/00000000-0000-4000-8000-000000000000/documents`);
      await page.getByTestId('venue-not-found').waitFor();
      expect(await page.getByTestId('venue-not-found').textContent()).toContain('Venue Not Found');
      expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a viewer the lists with every write control disabled, at phone width', async () => {
    const { page, context, errors } = await openSignedIn(browser(), 'viewer', PHONE, {
      dismissWelcome: true,
      context: PHONE_CONTEXT,
      path: `/venue/${venueId}/documents`,
    });
    try {
      await page.getByTestId('document-item').first().waitFor();
      expect(await page.getByTestId('document-upload-toggle').isDisabled()).toBe(true);
      for (const id of ['document-delete', 'document-category', 'document-event-select'])
        expect(await page.getByTestId(id).first().isDisabled(), id).toBe(true);
      await screenshot(page, 'media-documents-390');

      await page.goto(`${baseUrl()}/venue/${venueId}/photos`);
      await tiles(page).first().waitFor();
      for (const id of ['photo-upload-toggle', 'photo-tag-mode', 'photo-delete-mode']) expect(await page.getByTestId(id).isDisabled(), id).toBe(true);
      // Each photo's Drive state on its tile; the viewer links to its Drive copy.
      await expect.poll(() => tiles(page).first().getByTestId('drive-sync').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
      await tiles(page).first().click();
      expect(await page.getByTestId('viewer-open-in-drive').getAttribute('href')).toMatch(/^http/);
      await page.keyboard.press('Escape');
      expect(await page.getByTestId('gallery-controls').count()).toBe(0);
      await page.getByTestId('gallery-link-url').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the public gallery at phone width without sign-in, and its empty state', async () => {
    const context = await browser().newContext({ viewport: PHONE, ...PHONE_CONTEXT });
    try {
      const page = await context.newPage();
      await page.goto(publicLink);
      await expect.poll(() => tiles(page).count()).toBe(3);
      await thumbsLoaded(page);
      await screenshot(page, 'media-public-gallery-390');

      // A venue without photos: 'No Photos Available'.
      const emptyId = await createVenue({ name: 'Marigold Empty Annex' });
      try {
        const settings = await apiCall('admin', 'GET', `/venues/${emptyId}/gallery`);
        expect(settings.status).toBe(200);
        let path = (settings.json as { publicPath: string; enabled: boolean }).publicPath;
        if (!(settings.json as { enabled: boolean }).enabled) {
          path = ((await apiCall('admin', 'PUT', `/venues/${emptyId}/gallery`, { enabled: true, expiresAt: null })).json as { publicPath: string }).publicPath;
        }
        await page.goto(`${baseUrl()}${path}`);
        await page.getByTestId('public-gallery-empty').waitFor();
        expect(await page.getByTestId('public-gallery-empty').textContent()).toContain('No Photos Available');
        // No key at all.
        await page.goto(`${baseUrl()}/public/venue/${emptyId}/photos`);
        await page.getByTestId('public-gallery-unavailable').waitFor();
      } finally {
        await purgeVenue(emptyId);
      }
    } finally {
      await context.close();
    }
  });
});
