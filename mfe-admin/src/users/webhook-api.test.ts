import { api, ApiRequestError } from '@venuebook/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookApi } from './webhook-api.ts';

/** The calls the page's transport made: method, URL, Authorization and body. */
let calls: { method: string; url: string; auth: string | undefined; body: string | null }[] = [];
let answers: Response[] = [];
let unbind: () => void = () => undefined;

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ method: String(init.method), url, auth: headers.Authorization, body: (init.body as string | null) ?? null });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer;
  });
  unbind = api.bindAuth({ accessToken: async () => 'first', refreshAfterUnauthorized: async () => 'second' });
});

afterEach(() => {
  unbind();
  vi.unstubAllGlobals();
});

describe("the webhook endpoints' calls", () => {
  it('sends the bearer token and the JSON body, and answers the JSON', async () => {
    const result = { delivered: false, statusCode: 500, latencyMs: 812, error: 'Internal Server Error', deliveryId: 'd1' };
    answers.push(Response.json(result));
    await expect(webhookApi.test('https://hooks.zapier.com/hooks/catch/1/a/')).resolves.toEqual(result);
    expect(calls).toEqual([
      { method: 'POST', url: '/api/v1/admin/webhook/test', auth: 'Bearer first', body: '{"url":"https://hooks.zapier.com/hooks/catch/1/a/"}' },
    ]);
  });

  it('refreshes once after a 401 and sends the call again with the new token', async () => {
    answers.push(new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'expired' } }), { status: 401 }), Response.json({ secret: 's' }));
    await expect(webhookApi.secret()).resolves.toEqual({ secret: 's' });
    expect(calls.map((call) => call.auth)).toEqual(['Bearer first', 'Bearer second']);
  });

  it("rejects with the API's message and code; no answer is a network error", async () => {
    answers.push(new Response(JSON.stringify({ error: { code: 'permission_denied', message: 'You do not have permission to do this' } }), { status: 403 }));
    const refused = await webhookApi.status().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 403, code: 'permission_denied', message: 'You do not have permission to do this' });
    await expect(webhookApi.rotateSecret()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('retries a failed job by its delivery id, percent-encoded (204), and refuses an empty or dot id', async () => {
    answers.push(new Response(null, { status: 204 }));
    await expect(webhookApi.retryJob('a/b c')).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/admin/webhook/jobs/a%2Fb%20c/retry', body: null });
    for (const id of ['', '.', '..']) await expect(webhookApi.retryJob(id)).rejects.toMatchObject({ status: 400 });
  });
});
