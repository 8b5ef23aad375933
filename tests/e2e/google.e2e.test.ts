// 'Continue with Google' end to end: the gateway's OpenID Connect client (openid-client, PKCE) against the
// local identity provider of tests/fakes, its account chooser, and the Access Denied screen for an
// account outside the company domain.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTSIDE_DOMAIN_ACCOUNT } from '@venuebook/local';
import { account, baseUrl, launchBrowser, screenshot } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  return async () => {
    await context.close();
  };
});

async function continueWithGoogle(email: string): Promise<void> {
  await page.goto(`${baseUrl()}/auth`);
  await page.getByTestId('auth-google').click();
  // The provider's account chooser (prompt=select_account), on another origin.
  await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
  expect(await page.textContent('body')).toContain('stand-in for Google');
  await page.locator(`button[data-email="${email}"]`).click();
}

describe('Continue with Google', () => {
  it('signs a company user in through the account chooser', async () => {
    await page.goto(`${baseUrl()}/auth`);
    await page.getByTestId('auth-google').waitFor();
    await page.getByTestId('auth-google').click();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await screenshot(page, 'google-chooser');
    await page.locator(`button[data-email="${account('editor').email}"]`).click();
    await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === '/');
    await page.getByTestId('venue-grid').waitFor();
    expect(await page.getByTestId('create-venue').count()).toBe(1);
  });

  it('shows Access Denied to an account outside the company domain, with its e-mail and Sign Out', async () => {
    await continueWithGoogle(OUTSIDE_DOMAIN_ACCOUNT);
    await page.getByTestId('access-denied').waitFor();
    expect(await page.getByTestId('access-denied-message').textContent()).toBe(
      'Only @example.com email addresses are allowed to access this application.',
    );
    expect(await page.getByTestId('access-denied-email').textContent()).toContain(OUTSIDE_DOMAIN_ACCOUNT);
    await screenshot(page, 'access-denied');
    await page.getByTestId('access-denied-sign-out').click();
    await page.waitForURL((url) => url.pathname === '/auth');
  });
});
