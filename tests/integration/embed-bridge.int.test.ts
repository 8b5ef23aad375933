// The embeddable media library's session bridge (GET /embed/session) in Chromium, on the product stack
// with EMBED_ALLOWED_ORIGINS: a host page of an allowed origin that is same-site with Venue Book gets the signed-in
// browser's embed token (the access token, exchanged in the frame for one the API takes on the media library's
// routes only); a signed-out browser, or an allowed but cross-site host (the SameSite=Strict refresh cookie stays
// home), gets 'venuebook:signed-out'; any other page gets nothing — neither by framing the bridge, nor from a
// sibling frame, nor through a popup.
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../e2e/browser.ts';
import { portOf, serveHostPages, viewerSignedInContext } from './embed-hosts.ts';
import { sharedSdkStack } from './sdk-support.ts';
import type { SdkStack } from './sdk-support.ts';

/** A host page: frames the bridge of `?gateway=`, records every message, asks with `ask(id, extra)`; `?sibling=`: also frames that page. */
const HOST_PAGE = `<!doctype html><meta charset="utf-8"><title>Host</title>
<script>
  const params = new URLSearchParams(location.search);
  const gateway = params.get('gateway');
  window.received = [];
  const frame = document.createElement('iframe');
  frame.src = gateway + '/embed/session';
  window.addEventListener('message', (event) => {
    window.received.push({ origin: event.origin, fromBridge: event.source === frame.contentWindow, data: event.data });
  });
  document.documentElement.appendChild(frame);
  window.ask = (id, extra) => frame.contentWindow.postMessage({ type: 'venuebook:token-request', id, ...extra }, gateway);
  if (params.has('sibling')) {
    const sibling = document.createElement('iframe');
    sibling.src = params.get('sibling');
    document.documentElement.appendChild(sibling);
  }
</script>`;

/** Another origin's page: framed beside the bridge it asks the bridge (parent.frames[0]); at the top it opens it as a popup and asks. */
const STRANGER_PAGE = `<!doctype html><meta charset="utf-8"><title>Stranger</title>
<script>
  window.received = [];
  window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
  window.askSibling = () => parent.frames[0].postMessage({ type: 'venuebook:token-request', id: 'sibling' }, '*');
  window.openBridge = (gateway) => { window.popup = window.open(gateway + '/embed/session'); };
  window.askPopup = () => window.popup.postMessage({ type: 'venuebook:token-request', id: 'popup' }, '*');
</script>`;

interface Received {
  origin: string;
  fromBridge?: boolean;
  data: { type?: string; id?: string; accessToken?: string; expiresAt?: number; message?: string };
}

interface HostWindow {
  received: Received[];
  ask(id: string, extra?: Record<string, unknown>): void;
  askSibling(): void;
  openBridge(gateway: string): void;
  askPopup(): void;
}

/** The host page at /host.html and the stranger's at /stranger.html. */
const serve = (page: string, port?: number): Promise<Server> =>
  serveHostPages((url) => (url.pathname === '/host.html' ? page : url.pathname === '/stranger.html' ? STRANGER_PAGE : null), port);

let sdk: SdkStack;
let browser: Browser;
let allowedServer: Server;
let strangerServer: Server;
/** Origins of the host pages: allowed and same-site with the gateway (127.0.0.1), allowed but cross-site (localhost), not allowed (127.0.0.1, another port). */
let sameSiteHost: string;
let crossSiteHost: string;
let strangerHost: string;
let gatewayOrigin: string;

beforeAll(async () => {
  // The shared product allows this file's host page origins (and embed-attack's, on another port): the stranger is on a free port.
  sdk = await sharedSdkStack();
  allowedServer = await serve(HOST_PAGE, sdk.product.hostPagePorts!.embedBridge);
  strangerServer = await serve(HOST_PAGE);
  sameSiteHost = `http://127.0.0.1:${portOf(allowedServer)}`;
  crossSiteHost = `http://localhost:${portOf(allowedServer)}`;
  strangerHost = `http://127.0.0.1:${portOf(strangerServer)}`;
  gatewayOrigin = new URL(sdk.product.url).origin;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await sdk?.stop();
  allowedServer?.close();
  strangerServer?.close();
});

/** A browser context signed in to Venue Book as the viewer (its refresh cookie, as a sign-in leaves it), or signed out. */
async function browserContext(signedIn: boolean): Promise<BrowserContext> {
  return signedIn ? viewerSignedInContext(browser, sdk) : browser.newContext();
}

const received = (page: Page): Promise<Received[]> => page.evaluate(() => (window as unknown as HostWindow).received);

async function replyTo(page: Page, id: string): Promise<Received> {
  await page.waitForFunction((wanted) => (window as unknown as HostWindow).received.some((message) => message.data?.id === wanted), id, { timeout: 10_000 });
  return (await received(page)).find((message) => message.data?.id === id)!;
}

async function openHost(context: BrowserContext, host: string, query = ''): Promise<{ page: Page; refreshes: string[]; exchanges: string[] }> {
  const page = await context.newPage();
  const refreshes: string[] = [];
  /** The frame's exchanges of the refreshed access token for an embed token (POST /api/v1/auth/embed-token). */
  const exchanges: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/v1/auth/token') refreshes.push(request.url());
    if (path === '/api/v1/auth/embed-token') exchanges.push(request.url());
  });
  await page.goto(`${host}/host.html?gateway=${encodeURIComponent(gatewayOrigin)}${query}`);
  return { page, refreshes, exchanges };
}

const waitForReady = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as HostWindow).received.some((message) => message.data?.type === 'venuebook:bridge-ready' && message.fromBridge),
    undefined,
    { timeout: 10_000 },
  );

describe('the session bridge in Chromium', () => {
  it('gives an allowed same-site host the signed-in browser’s token: one refresh for concurrent requests, then the cached token; fresh: true refreshes again', async () => {
    const context = await browserContext(true);
    const { page, refreshes, exchanges } = await openHost(context, sameSiteHost);
    await waitForReady(page);
    const ready = (await received(page)).find((message) => message.data?.type === 'venuebook:bridge-ready')!;
    expect(ready).toMatchObject({ origin: gatewayOrigin, fromBridge: true, data: { type: 'venuebook:bridge-ready' } });
    expect(Object.keys(ready.data)).toEqual(['type']);

    await page.evaluate(() => ['a', 'b', 'c'].forEach((id) => (window as unknown as HostWindow).ask(id)));
    const replies = await Promise.all(['a', 'b', 'c'].map((id) => replyTo(page, id)));
    for (const reply of replies) {
      expect(reply).toMatchObject({ origin: gatewayOrigin, fromBridge: true, data: { type: 'venuebook:token', accessToken: replies[0]!.data.accessToken } });
      expect(Object.keys(reply.data).sort()).toEqual(['accessToken', 'expiresAt', 'id', 'type']);
    }
    expect(refreshes).toHaveLength(1);
    const token = replies[0]!.data;
    expect(token.expiresAt! * 1000).toBeGreaterThan(Date.now() + 60_000);
    // The token is the viewer's, usable cross-origin with a bearer header.
    const me = await fetch(`${sdk.apiUrl}/auth/user`, { headers: { authorization: `Bearer ${token.accessToken}`, origin: sameSiteHost } });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe(sameSiteHost);
    expect((await me.json()) as { email: string }).toMatchObject({ email: sdk.account('viewer').email });
    // It is an embed token: scoped to the media library's routes, refused (403) elsewhere; the
    // session's full access token never leaves the frame.
    expect(exchanges).toHaveLength(1);
    const claims = JSON.parse(Buffer.from(token.accessToken!.split('.')[1]!, 'base64url').toString('utf8')) as { scope?: string };
    expect(claims.scope).toBe('media-embed');
    for (const path of ['/venues', '/auth/welcome']) {
      const refused = await fetch(`${sdk.apiUrl}${path}`, {
        method: path === '/venues' ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token.accessToken}`, origin: sameSiteHost },
      });
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toEqual({
        error: { code: 'permission_denied', message: 'This token may only be used by the embedded media library' },
      });
    }

    await page.evaluate(() => (window as unknown as HostWindow).ask('cached'));
    expect((await replyTo(page, 'cached')).data.accessToken).toBe(token.accessToken);
    expect(refreshes).toHaveLength(1);
    await page.evaluate(() => (window as unknown as HostWindow).ask('again', { fresh: true }));
    expect((await replyTo(page, 'again')).data).toMatchObject({ type: 'venuebook:token' });
    expect(refreshes).toHaveLength(2);
    // The refresh rotated the browser's cookie (same-origin frame, first-party): the next one still works.
    await page.evaluate(() => (window as unknown as HostWindow).ask('third', { fresh: true }));
    expect((await replyTo(page, 'third')).data).toMatchObject({ type: 'venuebook:token' });
    await context.close();
  });

  it('waits for a refresh of a Venue Book tab of the same browser (the same Web Lock) before its own', async () => {
    const context = await browserContext(true);
    // A Venue Book page (same origin as the bridge) holding the lock, as the shell's session store does while it refreshes.
    const tab = await context.newPage();
    await tab.goto(`${gatewayOrigin}/healthz`);
    await tab.evaluate(
      (name) =>
        new Promise<void>((held) => {
          void navigator.locks.request(
            name,
            () =>
              new Promise<void>((release) => {
                (window as unknown as { release: () => void }).release = release;
                held();
              }),
          );
        }),
      'venuebook-auth-refresh',
    );
    const { page, refreshes } = await openHost(context, sameSiteHost);
    await waitForReady(page);
    await page.evaluate(() => (window as unknown as HostWindow).ask('locked'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(refreshes).toEqual([]);
    expect((await received(page)).some((message) => message.data?.id === 'locked')).toBe(false);
    await tab.evaluate(() => (window as unknown as { release: () => void }).release());
    expect((await replyTo(page, 'locked')).data).toMatchObject({ type: 'venuebook:token' });
    expect(refreshes).toHaveLength(1);
    await context.close();
  });

  it("answers 'venuebook:signed-out' without a Venue Book session, and to an allowed host that is cross-site (the refresh cookie is SameSite=Strict)", async () => {
    const signedOut = await browserContext(false);
    const { page } = await openHost(signedOut, sameSiteHost);
    await waitForReady(page);
    await page.evaluate(() => (window as unknown as HostWindow).ask('out'));
    expect((await replyTo(page, 'out')).data).toEqual({ type: 'venuebook:signed-out', id: 'out' });
    await signedOut.close();

    const signedIn = await browserContext(true);
    const crossSite = await openHost(signedIn, crossSiteHost);
    await waitForReady(crossSite.page);
    await crossSite.page.evaluate(() => (window as unknown as HostWindow).ask('cross'));
    expect((await replyTo(crossSite.page, 'cross')).data).toEqual({ type: 'venuebook:signed-out', id: 'cross' });
    await signedIn.close();
  });

  it('gives other pages nothing: a host not in the list cannot frame it, a sibling frame and a popup opener are ignored', async () => {
    const context = await browserContext(true);
    const silence = () => new Promise((resolve) => setTimeout(resolve, 1500));

    // Framed by a page not in the list (same-site, so the cookie would go along): the frame is blocked.
    const stranger = await openHost(context, strangerHost);
    await silence();
    await stranger.page.evaluate(() => (window as unknown as HostWindow).ask('framed'));
    await silence();
    expect(await received(stranger.page)).toEqual([]);
    expect(stranger.refreshes).toEqual([]);

    // Beside the bridge in an allowed host page: the bridge answers its parent only.
    const host = await openHost(context, sameSiteHost, `&sibling=${encodeURIComponent(`${strangerHost}/stranger.html`)}`);
    await waitForReady(host.page);
    const sibling = host.page.frames().find((frame) => frame.url().startsWith(strangerHost));
    expect(sibling).toBeDefined();
    await sibling!.waitForFunction(() => typeof (window as unknown as HostWindow).askSibling === 'function');
    await sibling!.evaluate(() => (window as unknown as HostWindow).askSibling());
    await silence();
    expect(await sibling!.evaluate(() => (window as unknown as HostWindow).received)).toEqual([]);
    expect((await received(host.page)).map((message) => message.data?.type)).toEqual(['venuebook:bridge-ready']);
    expect(host.refreshes).toEqual([]);

    // Opened as a popup (no frame-ancestors there): its opener is not its parent.
    const top = await context.newPage();
    await top.goto(`${strangerHost}/stranger.html`);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      top.evaluate((gateway) => (window as unknown as HostWindow).openBridge(gateway), gatewayOrigin),
    ]);
    await popup.waitForLoadState('load');
    expect(new URL(popup.url()).pathname).toBe('/embed/session');
    await top.evaluate(() => (window as unknown as HostWindow).askPopup());
    await silence();
    expect(await top.evaluate(() => (window as unknown as HostWindow).received)).toEqual([]);
    await context.close();
  });
});
