import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccounts } from '@venuebook/local';
import type { Role } from '@venuebook/proto/domain';
import { inject } from 'vitest';
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
  await page.screenshot({ path, fullPage: true });
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
