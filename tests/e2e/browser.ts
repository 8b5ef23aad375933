import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
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
