import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccounts } from '@venuebook/local';
import type { Role } from '@venuebook/proto/domain';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import '../setup/context.ts';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export const baseUrl = (): string => inject('baseUrl');

/** Saves a full-page screenshot under artifacts/e2e (gitignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(inject('artifactsDir'), `${name}.png`);
  // CSS animations and transitions are finished first, so that a drawer or dialog is captured at rest.
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
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

/** Signs in through the /auth form and waits for the home page. */
export async function signIn(page: Page, credentials: { email: string; password: string }, path = '/'): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByTestId('auth-email').fill(credentials.email);
  await page.getByTestId('auth-password').fill(credentials.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
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
