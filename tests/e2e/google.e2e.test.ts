// 'Continue with Google' end to end: the gateway's OpenID Connect client (openid-client, PKCE) against the
// local identity provider of @venuebook/stand-ins, its account chooser, and the Access Denied screen for an
// account outside the company domain.
import { describe, expect, it } from 'vitest';
import { OUTSIDE_DOMAIN_ACCOUNT } from '@venuebook/local';
import { account, baseUrl, screenshot, browserPagePerTest } from './browser.ts';

const ui = browserPagePerTest();

async function continueWithGoogle(email: string): Promise<void> {
  await ui.page.goto(`${baseUrl()}/auth`);
  await ui.page.getByTestId('auth-google').click();
  // The provider's account chooser (prompt=select_account), on another origin.
  await ui.page.getByRole('heading', { name: 'Choose an account' }).waitFor();
  expect(await ui.page.textContent('body')).toContain('stand-in for Google');
  await ui.page.locator(`button[data-email="${email}"]`).click();
}

describe('Continue with Google', () => {
  it('signs a company user in through the account chooser', async () => {
    await ui.page.goto(`${baseUrl()}/auth`);
    await ui.page.getByTestId('auth-google').waitFor();
    await ui.page.getByTestId('auth-google').click();
    await ui.page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await screenshot(ui.page, 'google-chooser');
    await ui.page.locator(`button[data-email="${account('editor').email}"]`).click();
    await ui.page.waitForURL((url) => url.origin === baseUrl() && url.pathname === '/');
    await ui.page.getByTestId('venue-grid').waitFor();
    expect(await ui.page.getByTestId('create-venue').count()).toBe(1);
  });

  it('shows Access Denied to an account outside the company domain, with its e-mail and Sign Out', async () => {
    await continueWithGoogle(OUTSIDE_DOMAIN_ACCOUNT);
    await ui.page.getByTestId('access-denied').waitFor();
    expect(await ui.page.getByTestId('access-denied-message').textContent()).toBe('Only @example.com email addresses are allowed to access this application.');
    expect(await ui.page.getByTestId('access-denied-email').textContent()).toContain(OUTSIDE_DOMAIN_ACCOUNT);
    await screenshot(ui.page, 'access-denied');
    await ui.page.getByTestId('access-denied-sign-out').click();
    await ui.page.waitForURL((url) => url.pathname === '/auth');
  });
});
