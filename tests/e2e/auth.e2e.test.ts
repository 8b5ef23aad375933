// Sign-in, sign-up with the e-mail confirmation, roles in the UI, the welcome dialog and sign-out, in Chromium
// against the running stack.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { account, baseUrl, launchBrowser, pageErrors, screenshot, signIn } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: Error[];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = pageErrors(page);
  return async () => {
    await context.close();
  };
});

async function confirmationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${inject('mailboxUrl')}/messages?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
      link = messages.at(-1)?.text.match(/https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeDefined();
  return link!;
}

describe('signing in', () => {
  it('sends a signed-out user to /auth, then home after sign-in, and keeps the session across reloads', async () => {
    await page.goto(`${baseUrl()}/venue/whatever`);
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByTestId('auth-form').waitFor();
    expect(await page.getByTestId('auth-domain-note').textContent()).toContain('@example.com');
    await screenshot(page, 'auth');

    await page.getByTestId('auth-email').fill(account('editor').email);
    await page.getByTestId('auth-password').fill(account('editor').password);
    await page.getByTestId('auth-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('venue-grid').waitFor();
    await page.reload();
    await page.getByTestId('venue-grid').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
  });

  it('refuses another domain in the form without asking the server, and shows the server’s message for a wrong password', async () => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/token')) requests.push(request.url());
    });
    await page.goto(`${baseUrl()}/auth`);
    await page.getByTestId('auth-form').waitFor();
    const beforeSubmit = requests.length;
    await page.getByTestId('auth-email').fill('someone@gmail.com');
    await page.getByTestId('auth-password').fill('whatever-123');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('auth-email-error').waitFor();
    expect(await page.getByTestId('auth-email-error').textContent()).toBe('Only @example.com email addresses are allowed');
    expect(requests.length).toBe(beforeSubmit);

    await page.getByTestId('auth-email').fill(account('editor').email);
    await page.getByTestId('auth-password').fill('Wrong-password-1');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Invalid login credentials' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('signs up, confirms the address from the e-mail and signs in', async () => {
    const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(`${baseUrl()}/auth`);
    await page.getByTestId('auth-mode-toggle').click();
    await page.getByTestId('auth-email').fill(email);
    await page.getByTestId('auth-password').fill('Stage-door-77');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Check your email for the confirmation link!' }).waitFor();

    await page.goto(await confirmationLinkFor(email));
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('confirmed') === '1');
    await signIn(page, { email, password: 'Stage-door-77' }, '/auth');
    // A new user has no role: a viewer, greeted by the welcome dialog.
    await page.getByTestId('welcome-dialog').waitFor();
  });
});

describe('roles in the UI', () => {
  it("shows a viewer the welcome dialog once, and no 'Create New Venue'", async () => {
    await signIn(page, account('viewer'));
    await page.getByTestId('welcome-dialog').waitFor();
    expect(await page.getByTestId('welcome-dialog').textContent()).toContain('read-only');
    await screenshot(page, 'welcome-dialog');
    await page.getByTestId('welcome-got-it').click();
    await page.getByTestId('welcome-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('venue-grid').waitFor();
    expect(await page.getByTestId('create-venue').count()).toBe(0);

    await page.reload();
    await page.getByTestId('venue-grid').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('welcome-dialog').count()).toBe(0);
  });

  it("gives an editor 'Create New Venue' and no welcome dialog", async () => {
    await signIn(page, account('editor'));
    await page.getByTestId('venue-grid').waitFor();
    expect(await page.getByTestId('create-venue').textContent()).toContain('Create New Venue');
    expect(await page.getByTestId('welcome-dialog').count()).toBe(0);
  });

  it('shows the e-mail and role in the side menu and logs out', async () => {
    await signIn(page, account('owner'));
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu-email').textContent()).toBe(account('owner').email);
    expect(await page.getByTestId('user-menu-role').textContent()).toMatch(/owner/i);
    await screenshot(page, 'user-menu');
    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.pathname === '/auth');
    // The refresh cookie is gone: a reload stays signed out.
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((url) => url.pathname === '/auth');
  });
});
