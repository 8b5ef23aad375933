import { describe, expect, it } from 'vitest';
import { absoluteContentUrls, createEmbedFetch, deletedDocumentIds } from './embed-fetch.ts';

const ORIGIN = 'http://venuebook.test:8080';

describe("the library's fetch", () => {
  it("makes the relative content URLs of every 'urls' object absolute on Venue Book's origin", () => {
    const list = {
      documents: [
        {
          id: 'd1',
          fileName: '/not/a/url.jpg',
          urls: {
            original: '/api/v1/documents/d1/content?sig=1',
            thumb: null,
            preview: '/api/v1/documents/d1/content?variant=preview',
            download: 'https://cdn.example/x',
          },
        },
      ],
    };
    expect(absoluteContentUrls(list, ORIGIN)).toEqual({
      documents: [
        {
          id: 'd1',
          fileName: '/not/a/url.jpg',
          urls: {
            original: `${ORIGIN}/api/v1/documents/d1/content?sig=1`,
            thumb: null,
            preview: `${ORIGIN}/api/v1/documents/d1/content?variant=preview`,
            download: 'https://cdn.example/x',
          },
        },
      ],
    });
  });

  it('knows the deleting calls and their ids', () => {
    expect(deletedDocumentIds(`${ORIGIN}/api/v1/documents/d%201`, 'DELETE', undefined, null)).toEqual(['d 1']);
    expect(
      deletedDocumentIds(`${ORIGIN}/api/v1/venues/v1/photos/batch-delete`, 'POST', JSON.stringify({ documentIds: ['a', 'b'] }), { deletedCount: 2 }),
    ).toEqual(['a', 'b']);
    expect(deletedDocumentIds(`${ORIGIN}/api/v1/documents/d1`, 'PATCH', '{}', {})).toBeNull();
    expect(deletedDocumentIds(`${ORIGIN}/api/v1/venues/v1/documents`, 'GET', undefined, {})).toBeNull();
  });

  it('sends no cookies, rewrites JSON answers and reports deletions and failures', async () => {
    const seen: RequestInit[] = [];
    const deleted: string[][] = [];
    const failed: (string | number | undefined)[][] = [];
    const answers: Record<string, () => Response> = {
      list: () => Response.json({ urls: { original: '/api/v1/documents/d1/content' } }),
      delete: () => new Response(null, { status: 204 }),
      broken: () => Response.json({ code: 'internal' }, { status: 503 }),
    };
    const fetch = createEmbedFetch(
      ORIGIN,
      { deleted: (ids) => deleted.push(ids), failed: (message, status) => failed.push([message, status]) },
      async (input, init) => {
        seen.push(init ?? {});
        const url = String(input);
        if (url.endsWith('/offline')) throw new TypeError('Failed to fetch');
        return answers[url.split('/').at(-1) === 'd1' ? 'delete' : (url.split('/').at(-1) ?? '')]!();
      },
    );
    expect(await (await fetch(`${ORIGIN}/api/v1/list`, { method: 'GET' })).json()).toEqual({ urls: { original: `${ORIGIN}/api/v1/documents/d1/content` } });
    expect(seen[0]).toMatchObject({ credentials: 'omit', mode: 'cors' });
    expect((await fetch(`${ORIGIN}/api/v1/documents/d1`, { method: 'DELETE' })).status).toBe(204);
    expect(deleted).toEqual([['d1']]);
    expect((await fetch(`${ORIGIN}/api/v1/broken`)).status).toBe(503);
    await expect(fetch(`${ORIGIN}/api/v1/offline`)).rejects.toThrow('Failed to fetch');
    expect(failed).toEqual([
      ['Venue Book answered 503.', 503],
      [`Could not reach Venue Book at ${ORIGIN}: it is unreachable, or it does not allow this page's origin (EMBED_ALLOWED_ORIGINS).`, undefined],
    ]);
  });
});
