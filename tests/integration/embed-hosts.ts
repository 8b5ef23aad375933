// Host pages and browser contexts shared by the session bridge's Chromium tests (embed-bridge, embed-attack).
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH } from '@venuebook/domain';
import type { SdkStack } from './sdk-support.ts';

/** A static server of test pages on 127.0.0.1 (`port`, default a free one): `page(url)` answers the HTML of a path, or null for a 404. */
export function serveHostPages(page: (url: URL) => string | null, port = 0): Promise<Server> {
  const server = createServer((request, response) => {
    const body = page(new URL(request.url ?? '/', 'http://host'));
    if (body === null) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export const portOf = (server: Server): number => (server.address() as AddressInfo).port;

/** A new browser context holding the viewer's Venue Book refresh cookie, as a sign-in on 127.0.0.1 leaves it. */
export async function viewerSignedInContext(browser: Browser, sdk: SdkStack): Promise<BrowserContext> {
  const context = await browser.newContext();
  const { email, password } = sdk.account('viewer');
  const response = await fetch(`${sdk.apiUrl}/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const value = response.headers
    .getSetCookie()
    .find((header) => header.startsWith(`${REFRESH_COOKIE_NAME}=`))
    ?.slice(REFRESH_COOKIE_NAME.length + 1)
    .split(';')[0];
  expect(value).toBeTruthy();
  await context.addCookies([
    { name: REFRESH_COOKIE_NAME, value: value!, domain: '127.0.0.1', path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: false },
  ]);
  return context;
}
