// The upload queue and the shell's upload-progress panel (spec §2 'Upload-progress panel', §4 'Upload item', §8
// 'Upload failure', §9 'Upload') at a phone and a desktop width, against the running product: files are queued
// with the sdk's `enqueueUploads` (the federation singleton the pages use) on a venue page and sent by
// XMLHttpRequest to POST /venues/{id}/documents. With the upload throttled (CDP), the panel shows the real share of
// bytes sent; at most 3 run at once; they continue while the user goes to another page; a file whose content is not
// what its name says is refused (400) and shows 'Failed' with the server's message; finished items come back after
// a reload; Clear completed; a new upload with none active clears the finished ones; the panel closes itself 3 s
// after a batch without errors, not after one with an error; Close. Each width has its own venue (made through the
// API and purged at the end).
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, baseUrl, browserPerFile, openSignedIn, viewportScreenshot, type SignedInPage } from './browser.ts';
import { createVenue, purgeVenue } from './venue-steps.ts';

const VIEWPORTS = [
  { label: 'Phone', width: 390, height: 844 },
  { label: 'Desktop', width: 1440, height: 900 },
] as const;

/** Bytes per second of the throttled upload: a ~500 KB photo takes a few seconds, so progress is seen. */
const THROTTLED_UPLOAD_BPS = 256 * 1024;
const SPOOFED_TEXT = 'This is plain text, not a JPEG image.';

const browser = browserPerFile();

/** What the viewport shows (the panel is fixed to it), under artifacts/e2e (when screenshots are enabled). */
const screenshot = viewportScreenshot;

interface FileSpec {
  name: string;
  /** A noise JPEG of this side (px) made in the page, or text content under the name (a spoofed type). */
  jpegSide?: number;
  text?: string;
}

/** What the page's queue recorded: per file name, every progress value seen, and the most uploads at once. */
interface Recorded {
  progress: Record<string, number[]>;
  maxUploading: number;
}

/**
 * Queues files through the sdk's `enqueueUploads` in the page (the shell's share scope holds the one sdk), and
 * records the queue's progress values and concurrency from then on in `window.__uploadRecord`.
 */
async function enqueueInPage(page: Page, files: FileSpec[], target: { venueId: string; venueName: string }): Promise<void> {
  await page.evaluate(
    async ({ files: specs, target: where }) => {
      interface Sdk {
        enqueueUploads(files: File[], options: { venueId: string; venueName: string; category: 'photos' }): string[];
        uploadQueue(): {
          subscribe(listener: () => void): () => void;
          getSnapshot(): { items: { file: { name: string }; status: string; progress: number }[] };
        };
      }
      interface Federation {
        __INSTANCES__: { name: string; loadShare(name: string): Promise<false | (() => Sdk)> }[];
      }
      const federation = (globalThis as unknown as { __FEDERATION__: Federation }).__FEDERATION__;
      const host = federation.__INSTANCES__.find((instance) => instance.name === 'shell') ?? federation.__INSTANCES__[0]!;
      const factory = await host.loadShare('@venuebook/sdk');
      if (!factory) throw new Error('the sdk is not shared');
      const sdk = factory();

      const made: File[] = [];
      for (const spec of specs) {
        if (spec.text !== undefined) {
          made.push(new File([spec.text], spec.name, { type: 'image/jpeg', lastModified: Date.now() }));
          continue;
        }
        const side = spec.jpegSide ?? 400;
        const canvas = new OffscreenCanvas(side, side);
        const context = canvas.getContext('2d')!;
        const image = context.createImageData(side, side);
        for (let i = 0; i < image.data.length; i++) image.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
        context.putImageData(image, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
        made.push(new File([blob], spec.name, { type: 'image/jpeg', lastModified: Date.now() }));
      }

      const record: { progress: Record<string, number[]>; maxUploading: number } = { progress: {}, maxUploading: 0 };
      (window as unknown as { __uploadRecord: typeof record }).__uploadRecord = record;
      const queue = sdk.uploadQueue();
      const watch = () => {
        const { items } = queue.getSnapshot();
        record.maxUploading = Math.max(record.maxUploading, items.filter((item) => item.status === 'uploading').length);
        for (const item of items) {
          const seen = (record.progress[item.file.name] ??= []);
          if (seen.at(-1) !== item.progress) seen.push(item.progress);
        }
      };
      queue.subscribe(watch);
      sdk.enqueueUploads(made, { ...where, category: 'photos' });
      watch();
    },
    { files, target },
  );
}

const recorded = (page: Page): Promise<Recorded> => page.evaluate(() => (window as unknown as { __uploadRecord: Recorded }).__uploadRecord);

async function throttleUpload(cdp: CDPSession, bytesPerSecond: number | null): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** The server's own answer to a file whose content is not its type (what the panel must show). */
async function spoofedAnswer(venueId: string): Promise<{ status: number; message: string }> {
  const form = new FormData();
  form.append('category', 'photos');
  form.append('size', String(Buffer.byteLength(SPOOFED_TEXT)));
  form.append('file', new Blob([SPOOFED_TEXT], { type: 'image/jpeg' }), 'probe.jpg');
  const response = await fetch(`${baseUrl()}/api/v1/venues/${venueId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken('editor')}` },
    body: form,
  });
  const body = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: body.error?.message ?? '' };
}

/**
 * The two widths run side by side (each its own venue, browser context and upload queue; most of their time is the
 * throttled upload, the retry back-off and the panel's auto-close, spent waiting), each width's tests one after
 * another (they go on from each other's state).
 */
const BOTH_WIDTHS_AT_ONCE = { concurrent: true } as const;
const IN_ORDER = { concurrent: false } as const;

describe.each(VIEWPORTS)('upload panel at $label width ($width×$height)', BOTH_WIDTHS_AT_ONCE, ({ label, width, height }) => {
  const venueName = `Quillfeather ${label} Upload Hall`;
  let venueId = '';
  let signedIn: SignedInPage | undefined;
  let page: Page;
  let errors: Error[];
  let cdp: CDPSession;
  const panel = () => page.getByTestId('upload-panel');
  const counts = () => panel().getByTestId('upload-counts');
  const rows = () => panel().getByTestId('upload-item');
  const target = () => ({ venueId, venueName });

  beforeAll(async () => {
    venueId = await createVenue({ name: venueName, leagues: ['OTX'], address: '5 Quill Lane\nBoise, ID 83702' });
    signedIn = await openSignedIn(browser(), 'editor', { width, height }, { dismissWelcome: true, path: null });
    ({ page, errors } = signedIn);
    cdp = await signedIn.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await page.goto(`${baseUrl()}/venue/${venueId}`);
    await page.getByTestId('venue-detail').waitFor();
  });
  afterAll(async () => {
    await signedIn?.context.close();
    if (venueId) {
      const { json } = await apiCall('admin', 'GET', `/venues/${venueId}/documents`);
      for (const document of (json as { documents?: { id: string }[] } | null)?.documents ?? []) await apiCall('admin', 'DELETE', `/documents/${document.id}`);
      await purgeVenue(venueId);
    }
  });

  it('shows the real byte progress of several uploads (3 at once), a refused file as Failed with the message, the last 3 finished', IN_ORDER, async () => {
    const refused = await spoofedAnswer(venueId);
    expect(refused.status).toBe(400);
    expect(refused.message).not.toBe('');

    expect(await panel().count()).toBe(0);
    await throttleUpload(cdp, THROTTLED_UPLOAD_BPS);
    const photos = ['north-stage.jpg', 'south-stage.jpg', 'loading-dock.jpg', 'green-room.jpg'];
    await enqueueInPage(page, [...photos.map((name) => ({ name, jpegSide: 560 })), { name: 'spoofed.jpg', text: SPOOFED_TEXT }], target());
    await panel().waitFor();
    expect(await counts().textContent()).toContain('5 active · 0 done');
    expect(await rows().count()).toBe(5);

    // A percentage strictly between 0 and 99 on screen, and a bar (the progress tracks' aria-valuenow) saying the
    // same in the same frame, while others still wait: bytes really on their way, at most 3 at once. Read in one
    // step in the page: on a busy machine the uploads can reach 99 % (all bytes sent, the server storing them)
    // between two separate reads.
    await page.waitForFunction(() => {
      const panelNode = document.querySelector('[data-testid="upload-panel"]');
      const waiting = [...(panelNode?.querySelectorAll('*') ?? [])].some((node) => node.childElementCount === 0 && node.textContent === 'Waiting');
      const texts = [...document.querySelectorAll('[data-testid="upload-panel"] [data-testid="upload-progress-text"]')].map((node) => node.textContent ?? '');
      const bars = [...document.querySelectorAll('[data-testid="upload-panel"] [role="progressbar"]')].map((bar) => Number(bar.getAttribute('aria-valuenow')));
      const between = (value: number) => value > 0 && value < 99;
      return texts.some((text) => /^([1-9]|[1-8]\d|9[0-8])%$/.test(text)) && bars.some(between) && waiting;
    });
    await screenshot(page, `upload-panel-progress-${width}`);

    // The user may move on while the uploads continue: the queue and the panel belong to the app, not to the page.
    await page.getByTestId('venue-back').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await panel().isVisible()).toBe(true);

    await page.waitForFunction(() => document.querySelector('[data-testid="upload-counts"]')?.textContent?.includes('0 active'), undefined, {
      timeout: 60_000,
    });
    await throttleUpload(cdp, null);
    expect(await counts().textContent()).toBe('0 active · 5 done · 1 failed');

    const record = await recorded(page);
    expect(record.maxUploading).toBe(3);
    for (const name of photos) {
      const values = record.progress[name] ?? [];
      // Real progress: several values between 0 and 100 as the bytes went, then 100 when stored.
      expect(values.filter((value) => value > 0 && value < 100).length, `${name}: ${values.join(',')}`).toBeGreaterThanOrEqual(2);
      expect(values.at(-1)).toBe(100);
      expect(values.every((value, i) => i === 0 || value >= values[i - 1]!)).toBe(true);
    }

    // The last 3 finished, then 'and 2 more completed'. The refused file starts when the second photo is done and
    // fails at once, before the fourth photo (started earlier) is done: it is among the last 3, with its message.
    expect(await rows().count()).toBe(3);
    expect(await panel().getByTestId('upload-more').textContent()).toBe('and 2 more completed');
    const failed = rows().filter({ has: page.getByText('Failed', { exact: true }) });
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('spoofed.jpg');
    expect(await failed.getByTestId('upload-error').textContent()).toBe(refused.message);
    expect(await panel().locator('[data-status="success"]').count()).toBe(2);
    await screenshot(page, `upload-panel-failed-${width}`);

    // An error keeps the panel open past the 3 s auto-close.
    await page.waitForTimeout(3500);
    expect(await panel().isVisible()).toBe(true);

    const { json } = await apiCall('editor', 'GET', `/venues/${venueId}/documents?kind=photos`);
    expect((json as { documents: { fileName: string }[] }).documents.map((document) => document.fileName).sort()).toEqual([...photos].sort());
    await page.goto(`${baseUrl()}/venue/${venueId}`);
    await page.getByTestId('venue-detail').waitFor();
  });

  it('restores the finished uploads after a reload (here in the dark colour mode); collapse; Clear completed', IN_ORDER, async () => {
    await page.evaluate(() => localStorage.setItem('venuebook-theme', 'dark'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.getByTestId('venue-detail').waitFor();
    await panel().waitFor();
    expect(await counts().textContent()).toBe('0 active · 5 done · 1 failed');
    expect(await panel().getByTestId('upload-more').textContent()).toBe('and 2 more completed');
    await screenshot(page, `upload-panel-restored-dark-${width}`);
    await page.evaluate(() => localStorage.removeItem('venuebook-theme'));
    // A restored failure cannot be retried (its file is gone with the page).
    expect(
      await panel()
        .getByRole('button', { name: /^Retry/ })
        .count(),
    ).toBe(0);

    await panel().getByRole('button', { name: 'Collapse uploads' }).click();
    expect(await panel().getByTestId('upload-list').count()).toBe(0);
    expect(await counts().isVisible()).toBe(true);
    await screenshot(page, `upload-panel-collapsed-${width}`);
    await panel().getByRole('button', { name: 'Expand uploads' }).click();
    await panel().getByTestId('upload-list').waitFor();

    await panel().getByRole('button', { name: 'Clear completed' }).click();
    await panel().waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('venue-detail').waitFor();
    await page.waitForTimeout(300);
    expect(await panel().count()).toBe(0);
  });

  it('a new upload with none active clears the finished ones; the panel closes 3 s after a batch without errors; Close', IN_ORDER, async () => {
    await enqueueInPage(page, [{ name: 'refused-again.jpg', text: SPOOFED_TEXT }], target());
    await panel().locator('[data-status="error"]').waitFor();
    expect(await panel().getByRole('button', { name: 'Retry refused-again.jpg' }).count()).toBe(1);

    await enqueueInPage(
      page,
      [
        { name: 'foyer.jpg', jpegSide: 200 },
        { name: 'balcony.jpg', jpegSide: 200 },
      ],
      target(),
    );
    expect(await rows().count()).toBe(2);
    expect(await panel().getByText('refused-again.jpg').count()).toBe(0);
    await page.waitForFunction(() => document.querySelector('[data-testid="upload-counts"]')?.textContent === '0 active · 2 done');
    const finishedAt = Date.now();
    expect(await panel().locator('[data-status="success"]').count()).toBe(2);
    await screenshot(page, `upload-panel-done-${width}`);
    await panel().waitFor({ state: 'detached', timeout: 10_000 });
    const closedAfter = Date.now() - finishedAt;
    expect(closedAfter).toBeGreaterThan(2500);
    expect(closedAfter).toBeLessThan(6000);

    await enqueueInPage(page, [{ name: 'refused-third.jpg', text: SPOOFED_TEXT }], target());
    await panel().locator('[data-status="error"]').waitFor();
    await panel().getByRole('button', { name: 'Close uploads' }).click();
    await panel().waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('venue-detail').waitFor();
    await page.waitForTimeout(300);
    expect(await panel().count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it(
    "retries an upload whose connection fails (2 s × attempt) until it is stored; one that keeps failing ends 'Failed' after 3 retries",
    IN_ORDER,
    async () => {
      // The network fails under the page's own XMLHttpRequest (Chromium aborts the request), as a dropped connection does.
      const attempts: number[] = [];
      let failuresLeft = 2;
      await page.route('**/api/v1/venues/*/documents', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        attempts.push(Date.now());
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          return route.abort('connectionfailed');
        }
        return route.continue();
      });
      try {
        await enqueueInPage(page, [{ name: 'retried.jpg', jpegSide: 200 }], target());
        await panel().waitFor();
        await panel().locator('[data-status="success"]').waitFor({ timeout: 30_000 });
        expect(attempts).toHaveLength(3);
        // Retry n waits 2 s × n: the second try ≥ 2 s after the first, the third ≥ 4 s after the second.
        expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1900);
        expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(3900);
        const { json } = await apiCall('editor', 'GET', `/venues/${venueId}/documents?kind=photos`);
        expect((json as { documents: { fileName: string }[] }).documents.filter((document) => document.fileName === 'retried.jpg')).toHaveLength(1);
        await panel().waitFor({ state: 'detached', timeout: 10_000 });

        attempts.length = 0;
        failuresLeft = Number.POSITIVE_INFINITY;
        await enqueueInPage(page, [{ name: 'never-stored.jpg', jpegSide: 200 }], target());
        const failed = panel().locator('[data-status="error"]');
        await failed.waitFor({ timeout: 40_000 });
        // The first try and 3 retries (2 + 4 + 6 s apart), then 'Failed' with the spec's text.
        expect(attempts).toHaveLength(4);
        expect(attempts[3]! - attempts[2]!).toBeGreaterThanOrEqual(5900);
        expect(await failed.getByText('Failed', { exact: true }).count()).toBe(1);
        expect(await failed.getByTestId('upload-error').textContent()).toBe('Upload failed after multiple retries');
        await screenshot(page, `upload-panel-retries-failed-${width}`);
      } finally {
        await page.unroute('**/api/v1/venues/*/documents');
      }
      await panel().getByRole('button', { name: 'Close uploads' }).click();
      await panel().waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    },
  );
});
