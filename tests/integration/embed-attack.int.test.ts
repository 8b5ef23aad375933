// Attacks on the media library's session bridge (GET /embed/session) in Chromium, on the product stack,
// by pages that are NOT an allowed host page but try to get a signed-in browser's access token from it anyway:
// a sandboxed frame (origin 'null') or a data: frame inside an allowed host page, a stranger framing an allowed
// host page, a stranger framed by an allowed host page, a stranger that opens an allowed host page and navigates
// its bridge frame. The stranger is same-site with Venue Book (127.0.0.1, another port), so the SameSite=Strict
// refresh cookie would go along with a refresh: the bridge itself must refuse.
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../e2e/browser.ts';
import { portOf, serveHostPages, viewerSignedInContext } from './embed-hosts.ts';
import { sharedSdkStack } from './sdk-support.ts';
import type { SdkStack } from './sdk-support.ts';

/** Script of a page that frames the bridge of `gateway`, records every message it gets and asks with `ask(id)`. */
const bridgeScript = (gateway: string) => `
  window.received = [];
  window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
  const frame = document.createElement('iframe');
  frame.src = ${JSON.stringify(gateway)} + '/embed/session';
  document.documentElement.appendChild(frame);
  window.ask = (id) => { try { frame.contentWindow.postMessage({ type: 'venuebook:token-request', id, fresh: true }, '*'); } catch (error) { window.received.push({ error: String(error) }); } };
`;

/**
 * /bridge.html?gateway=: frames the bridge (as a host page does). /outer.html?inner=<url>&sandbox=<flags>: frames
 * <url> (sandboxed when `sandbox` is given). /data.html?gateway=: frames a data: document that frames the bridge.
 * /opener.html: a top page that opens a popup and can navigate the popup's first frame.
 */
function serve(port?: number): Promise<Server> {
  return serveHostPages((url) => {
    const gateway = url.searchParams.get('gateway') ?? '';
    let body: string | null = null;
    if (url.pathname === '/bridge.html') body = `<script>${bridgeScript(gateway)}</script>`;
    if (url.pathname === '/outer.html') {
      const sandbox = url.searchParams.get('sandbox');
      body = `<iframe src="${url.searchParams.get('inner')!.replace(/"/g, '&quot;')}"${sandbox === null ? '' : ` sandbox="${sandbox}"`}></iframe>`;
    }
    if (url.pathname === '/data.html')
      body = `<iframe src="data:text/html;base64,${Buffer.from(`<script>${bridgeScript(gateway)}</script>`).toString('base64')}"></iframe>`;
    if (url.pathname === '/opener.html') {
      body = `<script>
        window.open_ = (url) => { window.popup = window.open(url); };
        window.navigateBridge = (url) => { try { window.popup.frames[0].location = url; return 'navigated'; } catch (error) { return String(error); } };
      </script>`;
    }
    return body === null ? null : `<!doctype html><meta charset="utf-8"><title>${url.pathname}</title>${body}`;
  }, port);
}

let sdk: SdkStack;
let browser: Browser;
let allowedServer: Server;
let strangerServer: Server;
let allowedHost: string;
let strangerHost: string;
let gatewayOrigin: string;

beforeAll(async () => {
  // The shared product allows this file's host page origin (and embed-bridge's, on other ports): the stranger is on a free port.
  sdk = await sharedSdkStack();
  allowedServer = await serve(sdk.product.hostPagePorts!.embedAttack);
  strangerServer = await serve();
  allowedHost = `http://127.0.0.1:${portOf(allowedServer)}`;
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

/** A browser context signed in to Venue Book as the viewer, and every refresh request any of its pages makes. */
async function signedInContext(): Promise<{ context: BrowserContext; refreshes: string[] }> {
  const context = await viewerSignedInContext(browser, sdk);
  const refreshes: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/auth/token') refreshes.push(request.url());
  });
  return { context, refreshes };
}

const silence = () => new Promise((resolve) => setTimeout(resolve, 1500));

interface Recorder {
  received: { origin?: string; data?: { type?: string; accessToken?: string }; error?: string }[];
  ask(id: string): void;
}

/** The frame that runs bridgeScript (the would-be parent of the bridge), once its script ran. */
async function askingFrame(frames: () => Frame[]): Promise<Frame> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const frame of frames()) {
      const ready = await frame.evaluate(() => typeof (window as unknown as Recorder).ask === 'function').catch(() => false);
      if (ready) return frame;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no frame ran the asking script');
}

/** Asks from `frame` a few times, and returns everything it received (messages from the bridge). */
async function askAndCollect(frame: Frame): Promise<Recorder['received']> {
  await silence();
  for (const id of ['1', '2', '3']) await frame.evaluate((each) => (window as unknown as Recorder).ask(each), id);
  await silence();
  return frame.evaluate(() => (window as unknown as Recorder).received);
}

/** Sanity: the same page on the allowed origin, framed by nobody, does get a token (so silence below means refusal). */
describe('the session bridge against pages that are not an allowed host', () => {
  it('control: an allowed host page framing the bridge gets a token', async () => {
    const { context } = await signedInContext();
    const page = await context.newPage();
    await page.goto(`${allowedHost}/bridge.html?gateway=${encodeURIComponent(gatewayOrigin)}`);
    const received = await askAndCollect(await askingFrame(() => page.frames()));
    expect(received.map((message) => message.data?.type)).toEqual(expect.arrayContaining(['venuebook:bridge-ready', 'venuebook:token']));
    await context.close();
  });

  it("gives a sandboxed frame (origin 'null') of an allowed host page nothing, with or without allow-popups, and a data: frame nothing", async () => {
    const { context, refreshes } = await signedInContext();
    const bridgePage = `${allowedHost}/bridge.html?gateway=${encodeURIComponent(gatewayOrigin)}`;
    for (const sandbox of ['allow-scripts', 'allow-scripts allow-popups allow-forms']) {
      const page = await context.newPage();
      await page.goto(`${allowedHost}/outer.html?sandbox=${encodeURIComponent(sandbox)}&inner=${encodeURIComponent(bridgePage)}`);
      const received = await askAndCollect(await askingFrame(() => page.frames()));
      expect(
        received.filter((message) => message.data?.type !== 'venuebook:bridge-ready'),
        sandbox,
      ).toEqual([]);
      await page.close();
    }
    const page = await context.newPage();
    await page.goto(`${allowedHost}/data.html?gateway=${encodeURIComponent(gatewayOrigin)}`);
    const received = await askAndCollect(await askingFrame(() => page.frames()));
    expect(received.filter((message) => message.data?.type !== 'venuebook:bridge-ready')).toEqual([]);
    expect(refreshes).toEqual([]);
    await context.close();
  });

  it('gives nothing to a stranger framing an allowed host page, nor to a stranger framed by one (frame-ancestors checks every ancestor)', async () => {
    const { context, refreshes } = await signedInContext();
    // A stranger frames the allowed host page, which frames the bridge: the bridge must not load (its ancestors include the stranger).
    const framedHost = await context.newPage();
    await framedHost.goto(`${strangerHost}/outer.html?inner=${encodeURIComponent(`${allowedHost}/bridge.html?gateway=${encodeURIComponent(gatewayOrigin)}`)}`);
    const hostFrame = await askingFrame(() => framedHost.frames());
    expect(new URL(hostFrame.url()).origin).toBe(allowedHost);
    expect(await askAndCollect(hostFrame)).toEqual([]);

    // The allowed host page frames a stranger, which frames the bridge.
    const framedStranger = await context.newPage();
    await framedStranger.goto(
      `${allowedHost}/outer.html?inner=${encodeURIComponent(`${strangerHost}/bridge.html?gateway=${encodeURIComponent(gatewayOrigin)}`)}`,
    );
    const strangerFrame = await askingFrame(() => framedStranger.frames());
    expect(new URL(strangerFrame.url()).origin).toBe(strangerHost);
    expect(await askAndCollect(strangerFrame)).toEqual([]);
    expect(refreshes).toEqual([]);
    await context.close();
  });

  it("gives nothing to a stranger that opens an allowed host page and points the host's bridge frame at itself", async () => {
    const { context, refreshes } = await signedInContext();
    const top = await context.newPage();
    await top.goto(`${strangerHost}/opener.html`);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      top.evaluate(
        (url) => (window as unknown as { open_(url: string): void }).open_(url),
        `${allowedHost}/bridge.html?gateway=${encodeURIComponent(gatewayOrigin)}`,
      ),
    ]);
    await popup.waitForLoadState('load');
    const host = await askingFrame(() => popup.frames());
    // The host's bridge works (it is an allowed host page) ...
    await silence();
    // ... then the stranger navigates the host's bridge frame to its own page (it may or may not be allowed to):
    // the host's requests go to the gateway's origin only, so the stranger's page never sees them.
    const outcome = await top.evaluate(
      (url) => (window as unknown as { navigateBridge(url: string): string }).navigateBridge(url),
      `${strangerHost}/bridge.html?gateway=${encodeURIComponent(gatewayOrigin)}`,
    );
    await silence();
    await host.evaluate(() => {
      const frame = document.querySelector('iframe')!;
      frame.contentWindow!.postMessage({ type: 'venuebook:token-request', id: 'host-after-navigation' }, new URL(frame.src).origin);
    });
    await silence();
    const strangerFrames = popup.frames().filter((frame) => frame.url().startsWith(strangerHost));
    for (const frame of strangerFrames) {
      // The stranger's page now inside the host: it frames the bridge itself (it is not an allowed ancestor chain's
      // end: its parent is the host, but it is not allowed) and hears nothing from the host or the bridge.
      const received = await frame.evaluate(() => (window as unknown as Recorder).received).catch(() => []);
      expect(
        received.filter((message) => message.data?.type === 'venuebook:token'),
        outcome,
      ).toEqual([]);
      expect(
        received.filter((message) => (message.data as { type?: string } | undefined)?.type === 'venuebook:token-request'),
        outcome,
      ).toEqual([]);
    }
    // Navigated: the host's request went nowhere (no refresh). Refused: the bridge answered its allowed host.
    if (strangerFrames.length > 0) expect(refreshes, outcome).toEqual([]);
    await context.close();
  });
});
