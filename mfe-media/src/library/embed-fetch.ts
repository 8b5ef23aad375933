// The fetch of the library's api client: calls go to Venue Book's origin (CORS, bearer token, never cookies), the
// signed content URLs in answers (relative to Venue Book: /api/v1/documents/{id}/content?…) become absolute so that
// <img> and links on the host page load them from Venue Book, and deletions and failures are reported as events.

export interface FetchReport {
  /** Documents deleted by a successful call. */
  deleted?(documentIds: string[]): void;
  /** The call failed: no answer (Venue Book unreachable, or the browser refused the answer: CORS) or a 5xx. */
  failed?(message: string, status?: number): void;
}

/** What the library says when a call got no answer: fetch cannot tell an unreachable server from a CORS refusal. */
export function unreachableMessage(apiOrigin: string): string {
  const here = globalThis.location?.origin;
  return `Could not reach Venue Book at ${apiOrigin}: it is unreachable, or it does not allow this page's origin${here ? ` (${here})` : ''} (EMBED_ALLOWED_ORIGINS).`;
}

/** Turns the relative URLs of every `urls` object in a JSON value into absolute ones on `apiOrigin`. */
export function absoluteContentUrls(value: unknown, apiOrigin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteContentUrls(item, apiOrigin));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'urls' && typeof item === 'object' && item !== null && !Array.isArray(item)) {
      out[key] = Object.fromEntries(
        Object.entries(item).map(([name, url]) => [name, typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? `${apiOrigin}${url}` : url]),
      );
    } else {
      out[key] = absoluteContentUrls(item, apiOrigin);
    }
  }
  return out;
}

/** The deleted document ids of a call (DELETE /documents/{id}, POST /venues/{id}/photos/batch-delete), if it is one. */
export function deletedDocumentIds(url: string, method: string, body: unknown, answer: unknown): string[] | null {
  const path = new URL(url, 'http://x').pathname;
  const single = /\/documents\/([^/]+)$/.exec(path);
  if (method === 'DELETE' && single?.[1]) return [decodeURIComponent(single[1])];
  if (method === 'POST' && /\/venues\/[^/]+\/photos\/batch-delete$/.test(path)) {
    const deleted = (answer as { deletedIds?: unknown } | null)?.deletedIds;
    if (Array.isArray(deleted)) return deleted.filter((id): id is string => typeof id === 'string');
    try {
      const ids = (JSON.parse(typeof body === 'string' ? body : '{}') as { documentIds?: unknown }).documentIds;
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }
  return null;
}

export function createEmbedFetch(apiOrigin: string, report: FetchReport, base: typeof fetch = (input, init) => globalThis.fetch(input, init)): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    let response: Response;
    try {
      // Bearer tokens only: cookies never go to Venue Book from another origin.
      response = await base(input, { ...init, credentials: 'omit', mode: 'cors' });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        report.failed?.(unreachableMessage(apiOrigin));
      }
      throw error;
    }
    if (response.status >= 500) report.failed?.(`Venue Book answered ${response.status}.`, response.status);
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('application/json') || response.status === 204) {
      if (response.ok) {
        const deleted = deletedDocumentIds(url, method, init?.body, null);
        if (deleted) report.deleted?.(deleted);
      }
      return response;
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    if (response.ok) {
      const deleted = deletedDocumentIds(url, method, init?.body, body);
      if (deleted) report.deleted?.(deleted);
    }
    return new Response(JSON.stringify(absoluteContentUrls(body, apiOrigin)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
