// Sign-in, sign-up with the e-mail confirmation, roles in the UI, the welcome dialog and sign-out, in Chromium
// against the running stack.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { account, baseUrl, e2eStack, screenshot, signInWithForm, browserPagePerTest } from './browser.ts';

const ui = browserPagePerTest();

async function confirmationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${e2eStack().mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
      link = messages.at(-1)?.text.match(/https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeDefined();
  return link!;
}

describe('signing in', () => {
  it('sends a signed-out user to /auth, then home after sign-in, and keeps the session across reloads', async () => {
    await ui.page.goto(`${baseUrl()}/venue/whatever`);
    await ui.page.waitForURL((url) => url.pathname === '/auth');
    await ui.page.getByTestId('auth-form').waitFor();
    expect(await ui.page.getByTestId('auth-domain-note').textContent()).toContain('@example.com');
    await screenshot(ui.page, 'auth');

    await ui.page.getByTestId('auth-email').fill(account('editor').email);
    await ui.page.getByTestId('auth-password').fill(account('editor').password);
    await ui.page.getByTestId('auth-submit').click();
    await ui.page.waitForURL((url) => url.pathname === '/');
    await ui.page.getByTestId('venue-grid').waitFor();
    await ui.page.reload();
    await ui.page.getByTestId('venue-grid').waitFor();
    expect(new URL(ui.page.url()).pathname).toBe('/');
    expect(ui.errors).toEqual([]);
  });

  it('refuses another domain in the form without asking the server, and shows the server’s message for a wrong password', async () => {
    const requests: string[] = [];
    ui.page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/token')) requests.push(request.url());
    });
    await ui.page.goto(`${baseUrl()}/auth`);
    await ui.page.getByTestId('auth-form').waitFor();
    const beforeSubmit = requests.length;
    await ui.page.getByTestId('auth-email').fill('someone@gmail.com');
    await ui.page.getByTestId('auth-password').fill('whatever-123');
    await ui.page.getByTestId('auth-submit').click();
    await ui.page.getByTestId('auth-email-error').waitFor();
    expect(await ui.page.getByTestId('auth-email-error').textContent()).toBe('Only @example.com email addresses are allowed');
    expect(requests.length).toBe(beforeSubmit);
    await screenshot(ui.page, 'auth-field-error');

    await ui.page.getByTestId('auth-email').fill(account('editor').email);
    await ui.page.getByTestId('auth-password').fill('Wrong-password-1');
    await ui.page.getByTestId('auth-submit').click();
    await ui.page.getByTestId('toast').filter({ hasText: 'Invalid login credentials' }).waitFor();
    expect(new URL(ui.page.url()).pathname).toBe('/auth');
  });

  it('lists every weak-password reason under the field on sign-up, and clears them as the input is corrected', async () => {
    const requests: string[] = [];
    ui.page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/signup')) requests.push(request.url());
    });
    await ui.page.goto(`${baseUrl()}/auth`);
    await ui.page.getByTestId('auth-mode-toggle').click();
    await ui.page.getByTestId('auth-email').fill('jane@example.com');
    await ui.page.getByTestId('auth-password').fill('short');
    await ui.page.getByTestId('auth-submit').click();
    const error = ui.page.getByTestId('auth-password-error');
    await error.waitFor();
    expect(await error.locator('span').allTextContents()).toEqual(['Password should be at least 8 characters.', 'Password should contain letters and digits.']);
    expect(requests).toEqual([]);
    await screenshot(ui.page, 'auth-weak-password');
    await ui.page.getByTestId('auth-password').fill('Stage-door-77');
    await error.waitFor({ state: 'detached' });
  });

  it('signs up, confirms the address from the e-mail and signs in', async () => {
    const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
    await ui.page.goto(`${baseUrl()}/auth`);
    await ui.page.getByTestId('auth-mode-toggle').click();
    await ui.page.getByTestId('auth-email').fill(email);
    await ui.page.getByTestId('auth-password').fill('Stage-door-77');
    await ui.page.getByTestId('auth-submit').click();
    await ui.page.getByTestId('toast').filter({ hasText: 'Check your email for the confirmation link!' }).waitFor();

    await ui.page.goto(await confirmationLinkFor(email));
    await ui.page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.has('confirm'));
    expect(await ui.page.getByTestId('auth-confirmation').textContent()).toBe('Sign in with your password to confirm your email address.');
    await screenshot(ui.page, 'auth-confirm');
    await ui.page.getByTestId('auth-email').fill(email);
    await ui.page.getByTestId('auth-password').fill('Stage-door-77');
    await ui.page.getByTestId('auth-submit').click();
    await ui.page.waitForURL((url) => url.pathname === '/');
    // A new user has no role: a viewer, greeted by the welcome dialog.
    await ui.page.getByTestId('welcome-dialog').waitFor();
  });
});

describe('roles in the UI', () => {
  it("shows a viewer the welcome dialog once, and no 'Create New Venue'", async () => {
    await signInWithForm(ui.page, account('viewer'));
    await ui.page.getByTestId('welcome-dialog').waitFor();
    expect(await ui.page.getByTestId('welcome-dialog').textContent()).toContain('read-only');
    await screenshot(ui.page, 'welcome-dialog');
    await ui.page.getByTestId('welcome-got-it').click();
    await ui.page.getByTestId('welcome-dialog').waitFor({ state: 'hidden' });
    await ui.page.getByTestId('venue-grid').waitFor();
    expect(await ui.page.getByTestId('create-venue').count()).toBe(0);

    await ui.page.reload();
    await ui.page.getByTestId('venue-grid').waitFor();
    await ui.page.waitForTimeout(500);
    expect(await ui.page.getByTestId('welcome-dialog').count()).toBe(0);
  });

  it("gives an editor 'Create New Venue' and no welcome dialog", async () => {
    await signInWithForm(ui.page, account('editor'));
    await ui.page.getByTestId('venue-grid').waitFor();
    expect(await ui.page.getByTestId('create-venue').textContent()).toContain('Create New Venue');
    expect(await ui.page.getByTestId('welcome-dialog').count()).toBe(0);
  });

  it('shows the e-mail and role in the side menu and logs out', async () => {
    await signInWithForm(ui.page, account('owner'));
    await ui.page.getByTestId('user-menu-button').click();
    await ui.page.getByTestId('user-menu').waitFor();
    expect(await ui.page.getByTestId('user-menu-email').textContent()).toBe(account('owner').email);
    expect(await ui.page.getByTestId('user-menu-role').textContent()).toMatch(/owner/i);
    await screenshot(ui.page, 'user-menu');
    await ui.page.getByTestId('logout-button').click();
    await ui.page.waitForURL((url) => url.pathname === '/auth');
    // The refresh cookie is gone: a reload stays signed out.
    await ui.page.goto(`${baseUrl()}/`);
    await ui.page.waitForURL((url) => url.pathname === '/auth');
  });
});
