import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccounts, REPO_ROOT } from '@venuebook/local';
import type { Role } from '@venuebook/domain';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { E2eStack } from '../setup/context.ts';
import '../setup/context.ts';
import { CHROMIUM, launchBrowser } from '../setup/chromium.ts';

export { CHROMIUM, launchBrowser };

/**
 * The running product of this file's worker (tests/setup/stack.global.ts starts one per worker: files running side by
 * side never share data).
 */
export function e2eStack(): E2eStack {
  const stacks = inject('e2eStacks');
  const stack = stacks[Number(process.env.VITEST_POOL_ID ?? '1') - 1] ?? stacks[0];
  if (!stack) throw new Error('no e2e stack: run the e2e tests through the root vitest config (project e2e)');
  return stack;
}

export const baseUrl = (): string => e2eStack().baseUrl;

/**
 * Whether the screenshot helpers below write their PNGs: only with E2E_SCREENSHOTS=1 (they are for looking at, no
 * test reads them back). Otherwise they do nothing, so that a test never relies on the time a screenshot takes:
 * what it waits for, it waits for explicitly.
 */
export const SCREENSHOTS_ENABLED = process.env.E2E_SCREENSHOTS === '1';

/** Saves a full-page screenshot under artifacts/e2e (gitignored) when screenshots are enabled; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(inject('artifactsDir'), `${name}.png`);
  // CSS animations and transitions are finished first, so that a drawer or dialog is captured at rest.
  if (SCREENSHOTS_ENABLED) await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** Saves what the viewport shows (a dialog, a fixed panel) under artifacts/e2e when screenshots are enabled. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS_ENABLED) await page.screenshot({ path: join(inject('artifactsDir'), `${name}.png`), animations: 'disabled' });
}

/** Collects uncaught page errors, so a test can assert the page ran cleanly. */
export function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** The demo account of a role on the running stack (example.com). */
export function account(role: Role): { email: string; password: string } {
  const found = demoAccounts().find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no demo account for ${role}`);
  return { email: found.email, password: DEMO_PASSWORD };
}

/**
 * Signs the browser context in through the API (the password grant), not the form: the gateway's answer sets the
 * httpOnly refresh cookie in the context's cookie jar (shared with `context.request`), and the shell restores the
 * session from it (a refresh) on its next page load. `origin`: the gateway to sign in on (the stack's first one).
 * For tests whose subject is not signing in; those that are use `signInWithForm`.
 */
export async function signInByApi(context: BrowserContext, credentials: { email: string; password: string }, origin = baseUrl()): Promise<void> {
  const response = await context.request.post(`${origin}/api/v1/auth/token?grant_type=password`, { data: credentials });
  if (response.status() !== 200) throw new Error(`sign-in of ${credentials.email}: ${response.status()} ${await response.text()}`);
}

/** The page's header shows the user menu: the shell restored a session (it is not shown while loading or signed out). */
export async function waitForSession(page: Page): Promise<void> {
  await page.getByTestId('user-menu-button').waitFor({ state: 'attached' });
}

/** Signs the page's context in through the API (`signInByApi`), opens `path` and waits until the shell is signed in. */
export async function signIn(page: Page, credentials: { email: string; password: string }, path = '/'): Promise<void> {
  await signInByApi(page.context(), credentials);
  await page.goto(`${baseUrl()}${path}`);
  await waitForSession(page);
}

/** Signs in through the /auth form (for the tests of signing in) and waits for the home page. */
export async function signInWithForm(page: Page, credentials: { email: string; password: string }, path = '/'): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByTestId('auth-email').fill(credentials.email);
  await page.getByTestId('auth-password').fill(credentials.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Waits until `locator` (an item of a popup that has just opened: a menu, a popover) is at rest where the user sees
 * it: inside the viewport, and no finite animation running on it or on an ancestor (the popup's open animation).
 * Zag parks a popup's positioner at translate3d(0, -100vh, 0) until floating-ui has placed it, then Chakra slides
 * it in. A click sent before that fails Playwright's "stable" check, and Playwright's later attempts scroll the
 * element into view with forced alignments (block: 'start' and so on): that scrolls the page under a sticky header,
 * floating-ui moves the popup back below its trigger, and the press lands on the item while the release lands
 * elsewhere, so no click reaches the item. Waiting for the popup to settle first lets the click's first attempt go
 * through without any scrolling.
 */
export async function waitForSettled(locator: Locator, timeout = 30_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
  const element = await locator.elementHandle({ timeout });
  await locator.page().waitForFunction(
    (target) => {
      if (!target?.isConnected) return false;
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      if (rect.bottom <= 0 || rect.right <= 0 || rect.top >= window.innerHeight || rect.left >= window.innerWidth) return false;
      for (let node: Element | null = target; node; node = node.parentElement) {
        const moving = node
          .getAnimations()
          .some((animation) => (animation.pending || animation.playState === 'running') && animation.effect?.getComputedTiming().endTime !== Infinity);
        if (moving) return false;
      }
      return true;
    },
    element,
    { timeout },
  );
}

/** Where the files that look at each width save their screenshots (gitignored). */
export const SCREENSHOTS = join(REPO_ROOT, 'artifacts', 'screenshots');

/** The page's path, e.g. '/venue/123'. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/**
 * The page's shown toasts. A new toast dismisses the one before it (sdk `notify`), which stays in the page while it
 * animates out (`data-state="closed"`): two toasts with the same text would break a strict locator.
 */
export const toasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');

/**
 * A screenshot function of a test file (a no-op unless screenshots are enabled, see `SCREENSHOTS_ENABLED`):
 * `<SCREENSHOTS>/<prefix>-<name>-<width>.png`, the whole page or, with
 * `fullPage: false` (the default of `fullPageByDefault: false`), what the viewport shows (dialogs). `scrollToTop`:
 * a whole page is taken from the top, so that the shell's sticky header is where it belongs.
 */
export function screenshotsOf(prefix: string, { fullPageByDefault = true, scrollToTop = false } = {}) {
  return async (page: Page, name: string, width: number, { fullPage = fullPageByDefault } = {}): Promise<void> => {
    if (!SCREENSHOTS_ENABLED) return;
    if (fullPage && scrollToTop) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, `${prefix}-${name}-${width}.png`), fullPage, animations: 'disabled' });
  };
}

/** Registers one Chromium for the test file (and makes the screenshot folder); returns it, for the file's tests. */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('no browser outside the tests');
    return browser;
  };
}

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  errors: Error[];
}

/**
 * A new context of the viewport's size with a page signed in as the role (through the API, `signInByApi`), open
 * on `path` (home by default) once the shell has restored the session; `path: null`: no page loaded yet (the test
 * opens its first page itself, e.g. after routing some requests). `dismissWelcome`: the first-use welcome
 * dialog (a viewer's first sign-in) does not show, and is not recorded on the shared account
 * (`skipWelcomeUnrecorded`); `errors`: the page's uncaught errors go to this list (one list for several pages).
 */
export async function openSignedIn(
  browser: Browser,
  role: Role,
  viewport: { width: number; height: number },
  {
    dismissWelcome = false,
    errors,
    context: contextOptions = {},
    path = '/',
  }: { dismissWelcome?: boolean; errors?: Error[]; context?: BrowserContextOptions; path?: string | null } = {},
): Promise<SignedInPage> {
  const context = await browser.newContext({ ...contextOptions, viewport });
  const page = await context.newPage();
  const pageErrorList = errors ?? [];
  page.on('pageerror', (error) => pageErrorList.push(error));
  if (dismissWelcome) await skipWelcomeUnrecorded(page);
  if (path === null) await signInByApi(context, account(role));
  else await signIn(page, account(role), path);
  return { context, page, errors: pageErrorList };
}

export interface BrowserPage {
  /** This test's page (a fresh browser context per test). */
  readonly page: Page;
  /** Uncaught errors of this test's page. */
  readonly errors: Error[];
}

/**
 * Registers the hooks of a test file: one Chromium for the file, a fresh context (cookies, storage) and
 * page per test at 1280×900, and `prepare` (e.g. signing in) before each test.
 */
export function browserPagePerTest(prepare?: (page: Page) => Promise<void>): BrowserPage {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const state: { page?: Page; errors: Error[] } = { errors: [] };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    state.page = await context.newPage();
    state.errors = pageErrors(state.page);
    await prepare?.(state.page);
    return async () => {
      await context?.close();
    };
  });
  return {
    get page() {
      if (!state.page) throw new Error('no page outside a test');
      return state.page;
    },
    get errors() {
      return state.errors;
    },
  };
}

// ---- The API as a role, for set-up and clean-up (password sign-in, no browser) ---------------------

const apiTokens = new Map<Role, string>();

/** An access token of the role's demo account (one sign-in per role and test file). */
export async function apiToken(role: Role): Promise<string> {
  const known = apiTokens.get(role);
  if (known) return known;
  const response = await fetch(`${baseUrl()}/api/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account(role)),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${role}: ${response.status}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  apiTokens.set(role, accessToken);
  return accessToken;
}

/** One call of the API (`apiPath` after /api/v1) as `role`: its status and JSON answer (null when empty). */
export async function apiCall(role: Role, method: string, apiPath: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl()}/api/v1${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${await apiToken(role)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/**
 * Uploads one file to a venue's documents as `role`, the way the upload panel sends it (the fields first, then the
 * file); answers the stored document's id, and fails the test on any other answer than 201.
 */
export async function uploadDocumentByApi(
  role: Role,
  venueId: string,
  file: { name: string; type: string; bytes: Uint8Array },
  fields: { category?: string; eventId?: string } = {},
): Promise<string> {
  const form = new FormData();
  form.append('category', fields.category ?? 'general');
  form.append('description', '');
  form.append('eventId', fields.eventId ?? '');
  form.append('dataCardId', '');
  form.append('lastModified', String(Date.now()));
  form.append('size', String(file.bytes.length));
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl()}/api/v1/venues/${venueId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(role)}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload of ${file.name} as ${role}: ${response.status} ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

/**
 * Deletes and purges every venue the search `q` finds (as an admin), with its contacts and events: the e2e files
 * share one stack, and the home page's tests count the demo venues. `concurrency` venues at once (thousands of
 * imported venues one by one outlast a hook's time).
 */
export async function purgeVenuesMatching(q: string, concurrency = 1): Promise<number> {
  let purged = 0;
  for (;;) {
    const { json } = await apiCall('admin', 'GET', `/venues?q=${encodeURIComponent(q)}&pageSize=200`);
    const ids = ((json as { items?: { id: string }[] } | null)?.items ?? []).map((venue) => venue.id);
    if (ids.length === 0) return purged;
    const lane = async (): Promise<void> => {
      for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
        // A delete beside others may outlast its deadline on a busy machine (503): tried again.
        const retried = async (path: string): Promise<number> => {
          let { status } = await apiCall('admin', 'DELETE', path);
          for (let attempt = 1; status === 503 && attempt < 4; attempt += 1) ({ status } = await apiCall('admin', 'DELETE', path));
          return status;
        };
        await retried(`/venues/${id}`);
        const status = await retried(`/deleted-venues/${id}`);
        if (status !== 204) throw new Error(`purging venue ${id}: ${status}`);
        purged += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  }
}

/** Deletes and purges every venue but the demo venues (named `keep`): what other e2e files left behind. */
export async function purgeVenuesExcept(keep: readonly string[]): Promise<number> {
  const kept = new Set(keep);
  let purged = 0;
  for (;;) {
    const { json } = await apiCall('admin', 'GET', '/venues?pageSize=200');
    const others = ((json as { items?: { id: string; name: string }[] } | null)?.items ?? []).filter((venue) => !kept.has(venue.name));
    if (others.length === 0) return purged;
    for (const venue of others) {
      await apiCall('admin', 'DELETE', `/venues/${venue.id}`);
      const { status } = await apiCall('admin', 'DELETE', `/deleted-venues/${venue.id}`);
      if (status !== 204) throw new Error(`purging venue ${venue.id}: ${status}`);
      purged += 1;
    }
  }
}

/**
 * Keeps the one-time welcome dialog (a viewer's first sign-in, spec §6) from showing on this page, without recording
 * it on the shared demo account (the auth test expects the viewer to see it once): installed before the page
 * loads, the page's session reads (the start-up refresh, a later refresh or user read) say it was shown, and the
 * browser's welcome call, should there be one, is answered here instead of reaching the gateway.
 */
export async function skipWelcomeUnrecorded(page: Page): Promise<void> {
  await page.route('**/api/v1/auth/welcome', (route) => route.fulfill({ status: 204 }));
  await page.route(/\/api\/v1\/auth\/(token|user)(\?|$)/, async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    let body = text;
    try {
      const json = JSON.parse(text) as { user?: { welcomeShown?: boolean }; welcomeShown?: boolean } | null;
      if (json?.user) json.user.welcomeShown = true;
      if (json && 'welcomeShown' in json) json.welcomeShown = true;
      body = JSON.stringify(json);
    } catch {
      // Not JSON (an empty answer): passed on as it is.
    }
    await route.fulfill({ response, body });
  });
}
