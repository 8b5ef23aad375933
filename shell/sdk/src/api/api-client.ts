// The browser's client of the gateway's /api/v1, typed by the gateway's own OpenAPI document: `openapi.gen.ts` is
// generated from it (`npm run generate:api`, gateway/src/openapi-document.ts), and every call names the document's
// path and method with `{ params: { path, query }, body }`, checked by openapi-fetch's types. A route whose path,
// parameters, body or answer changes without this facade changing with it is a type error here. openapi-fetch's
// types only: at run time a request is a path with its parameters filled in, a query string and a JSON body, which
// `exchange` below builds (openapi-fetch's run time would put the first page over its weight budget:
// docs/decisions/0009-generated-api-client.md).
import type { FetchResponse, ParamsOption, RequestBodyOption } from 'openapi-fetch';
import {
  API_ERROR_CODES,
  AUTH_MESSAGES,
  type AdminSettingKey,
  type EventSort,
  type VenueEventInput,
  type League,
  type Link,
  type ListVenuesQuery,
  type LogoutScope,
  type SignUpResult,
  type VenueInput,
  type ContactInput,
  type CsvImportKind,
  type CardInput,
  type Department,
  type RestoreFieldValueRequest,
  type SaveCardValuesRequest,
  type SaveFieldNotesBody,
  type Role,
  type VenueCardInput,
  type VerifyFieldValueRequest,
} from '@venuebook/domain';
import { apiErrorFromResponse, ApiRequestError, isAbortError, networkError } from './api-error.ts';
import type { DocumentListParams, UpdateDocumentRequest, UpdateGallerySettingsRequest } from './media-types.ts';
import type { paths } from './openapi.gen.ts';

/** `{ message }` of a successful sign-up. */
export type { SignUpResult };

/** E-mail and password as typed into the sign-in / sign-up form. */
export interface PasswordCredentials {
  email: string;
  password: string;
  /** Sign-in only: the token of the sign-up confirmation link, which confirms the address first. */
  confirmationToken?: string;
}

/**
 * How the client authenticates its calls; the session store binds itself (`api.bindAuth`).
 * Without a binding, calls go out without an Authorization header.
 */
export interface AuthBinding {
  /** The current access token (after the first session answer), or null when signed out. */
  accessToken(): Promise<string | null>;
  /**
   * A call with `failedToken` was answered 401: refresh the session once (shared by concurrent
   * callers) and resolve to the token to retry with, or null when the user is now signed out.
   */
  refreshAfterUnauthorized(failedToken: string): Promise<string | null>;
  /** A bearer call was answered 403 `domain_not_allowed`. */
  onDomainNotAllowed?(error: ApiRequestError): void;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** A CSV import request: preview (nothing written) or commit of a chunk whose first data row is `firstRow` of the file, or a row window (`offset`, `limit`) of the whole file. */
export interface CsvImportOptions {
  mode: 'preview' | 'commit';
  /** Rows confirmed despite similar names ('Create Anyway'). */
  confirm?: readonly number[];
  firstRow?: number;
  /** A row window over the whole file (the body): rows before `offset` count for the in-file duplicates only; `limit` rows answered. */
  offset?: number;
  limit?: number;
}

export interface ApiClientOptions {
  /** Base URL of the versioned API; same origin by default. */
  baseUrl?: string;
  /** Called as `fetch(url, init)`, as the platform's fetch is. */
  fetch?: typeof globalThis.fetch;
}

/** Body of `api.venues.checkDuplicates`: the name typed and the leagues chosen (none: the server's default leagues). */
export interface VenueDuplicateCheck {
  name: string;
  leagues: readonly League[];
}

/** Parameters of `api.venues.list`; everything optional (server defaults apply). */
export type VenueListParams = Partial<ListVenuesQuery>;

/** Parameters of `api.auditLogs.list` (server defaults apply to what is left out; the filters combine). */
export interface AuditLogListParams {
  page?: number;
  pageSize?: number;
  /** Only changes of this table, e.g. venues. */
  table?: string;
  /** Only this action, e.g. create. */
  action?: string;
  /** Only changes made by this user. */
  userId?: string;
  /** Only changes of this record. */
  recordId?: string;
  /** Entries at or after this time (RFC 3339). */
  from?: string;
  /** Entries before this time (RFC 3339). */
  to?: string;
}

/** Parameters of `api.events.list` (GET /events); everything optional (server defaults apply). */
export interface EventListParams {
  q?: string;
  sort?: EventSort;
  /** An event matches when its venue has any of these. */
  leagues?: readonly League[];
  /** Inclusive date range, 'YYYY-MM-DD'. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** Parameters of `api.users.list` (server defaults apply to what is left out). */
export interface UserListParams {
  /** Only users whose e-mail contains this text, ignoring case; blank is every user. */
  q?: string;
  page?: number;
  pageSize?: number;
}

/** Parameters of `api.events.listForVenue` and `api.deletedVenues.list`. */
export interface PageParams {
  page?: number;
  pageSize?: number;
}

/** The operations of the versioned API by their path below the base URL (`/venues/{id}`), from the gateway's document. */
export type ApiPaths = { [P in keyof paths as P extends `/api/v1${infer Rest}` ? Rest : never]: paths[P] };
type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
/** The paths that have a `method` operation. */
type PathOf<M extends Method> = { [P in keyof ApiPaths]: ApiPaths[P] extends Record<M, object> ? P : never }[keyof ApiPaths];
type Operation<M extends Method, P extends PathOf<M>> = ApiPaths[P][M] & Record<string, unknown>;
/** What a call of the operation sends: `params` (`path`, `query`) and `body`, as the document types them. */
type Input<M extends Method, P extends PathOf<M>> = ParamsOption<Operation<M, P>> & RequestBodyOption<Operation<M, P>>;
/** The operation's 2xx JSON answer, as the document types it. */
type JsonAnswer<M extends Method, P extends PathOf<M>> = NonNullable<FetchResponse<Operation<M, P>, object, 'application/json'>['data']>;
/** What `exchange` sends, without the per-path typing (the functions below carry it). */
interface UntypedInput {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
}

interface CallInit {
  signal?: AbortSignal | undefined;
  /** 'bearer' (default): Authorization from the bound session, refresh once on 401, then retry once. */
  auth?: 'bearer' | 'public';
  /** A bearer call with this token instead of the bound session's (no refresh on 401). */
  accessToken?: string | undefined;
  /** 'csv': the body is CSV text (the import); the 2xx answer is CSV text (the exports), errors are still JSON. */
  csv?: 'body' | 'answer';
}

/** Query strings: form encoding (URLSearchParams), in the order given; absent and blank values are left out. */
function querySerializer(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/**
 * A path of the document with its path parameters (`{id}`) filled in, each encoded as one path segment. An empty
 * value, `.` or `..` would address another resource (fetch resolves dot segments, `%2e%2e` included): refused.
 */
function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_template, name: string) => {
    const value = String(params[name] ?? '');
    if (value === '' || value === '.' || value === '..') {
      throw new ApiRequestError({ status: 400, code: 'invalid_request', message: `Invalid ${name}: '${value}'` });
    }
    return encodeURIComponent(value);
  });
}

/** A list's search text: blank is no search. */
const search = (q: string | undefined): string | undefined => q?.trim() || undefined;

export function createApiClient(options: ApiClientOptions = {}) {
  let baseUrl = '';
  let doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let binding: AuthBinding | null = null;

  function setBaseUrl(next: string): void {
    baseUrl = next.replace(/\/+$/, '');
  }
  setBaseUrl(options.baseUrl ?? '/api/v1');

  /**
   * One HTTP exchange, as `fetch(url, init)` (what the embeddable library's fetch and the tests' cookie jar read); the
   * answer is read completely as text (so the connection is free for a retry). `data`: a 2xx answer's text; `error`:
   * another answer's body, parsed when it is JSON (a proxy's page stays text).
   */
  async function exchange(method: Method, path: string, input: UntypedInput, init: CallInit, token: string | null) {
    const headers: Record<string, string> = { Accept: init.csv === 'answer' ? 'text/csv, application/json' : 'application/json' };
    if (input.body !== undefined) headers['Content-Type'] = init.csv === 'body' ? 'text/csv' : 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const query = input.params?.query ? querySerializer(input.params.query) : '';
    const url = `${baseUrl}${fillPath(path, input.params?.path)}${query ? `?${query}` : ''}`;
    const body = input.body === undefined ? null : init.csv === 'body' ? String(input.body) : JSON.stringify(input.body);
    try {
      // Sends the httpOnly refresh cookie to /auth/token; the access token never leaves memory.
      const response = await doFetch(url, { method: method.toUpperCase(), headers, body, signal: init.signal, credentials: 'same-origin' });
      const text = await response.text();
      if (response.ok) return { data: text, error: undefined, response };
      let error: unknown = text;
      try {
        error = JSON.parse(text);
      } catch {
        // Not JSON: the text itself.
      }
      return { data: undefined, error, response };
    } catch (error) {
      // No answer, or its body could not be read (the connection dropped): a network error, unless the call was aborted.
      if (isAbortError(error) || init.signal?.aborted) throw error;
      throw networkError(error);
    }
  }

  /** Sends a call and throws ApiRequestError for any non-2xx answer; resolves to the 2xx answer's text and status. */
  async function send(method: Method, path: string, input: object, init: CallInit): Promise<{ text: unknown; status: number }> {
    const auth = (init.auth ?? 'bearer') === 'bearer' ? binding : null;
    const token = auth ? (init.accessToken ?? (await auth.accessToken())) : null;
    // Spec §5: calls that need a login fail with 'No session found' without a session.
    if (auth && !token) throw new ApiRequestError({ status: 401, code: 'no_session', message: AUTH_MESSAGES.noSession });
    let result = await exchange(method, path, input, init, token);
    if (auth && token && !init.accessToken && result.response.status === 401) {
      const fresh = await auth.refreshAfterUnauthorized(token);
      if (fresh) result = await exchange(method, path, input, init, fresh);
    }
    if (!result.response.ok) {
      // An error body that is JSON was parsed; anything else (a proxy's page) stays text and gets the fallback.
      const error = apiErrorFromResponse(result.response.status, result.error);
      if (auth && error.status === 403 && error.code === API_ERROR_CODES.domainNotAllowed) auth.onDomainNotAllowed?.(error);
      throw error;
    }
    return { text: result.data, status: result.response.status };
  }

  /**
   * A call whose 2xx answer is a JSON object, typed by the document. The body is trusted as typed, not parsed: it comes
   * from our own gateway, which validates every response against the same schemas (@venuebook/domain) before it
   * sends it, and the contract tests prove the document; parsing it again here would load zod on every page. What is
   * not a JSON object at all (a proxy's HTML page, an empty body) is an `invalid_response`.
   */
  async function json<M extends Method, P extends PathOf<M>>(method: M, path: P, input: Input<M, P>, init: CallInit): Promise<JsonAnswer<M, P>> {
    const { text, status } = await send(method, path, input, init);
    let body: unknown;
    try {
      body = typeof text === 'string' && text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiRequestError({ status, code: 'invalid_response', message: 'The server sent an unexpected response.' });
    }
    return body as JsonAnswer<M, P>;
  }

  /** A call whose 2xx answer is CSV text (the exports). */
  async function csv<P extends PathOf<'get'>>(path: P, input: Input<'get', P>, init: CallInit): Promise<string> {
    const { text } = await send('get', path, input, { ...init, csv: 'answer' });
    return typeof text === 'string' ? text : '';
  }

  /** A call whose 2xx answer has no content the caller needs (204). */
  async function none<M extends Method, P extends PathOf<M>>(method: M, path: P, input: Input<M, P>, init: CallInit): Promise<void> {
    await send(method, path, input, init);
  }

  const credentialsBody = (credentials: PasswordCredentials) => ({
    email: credentials.email.trim(),
    password: credentials.password,
    ...(credentials.confirmationToken ? { confirmationToken: credentials.confirmationToken } : {}),
  });
  const id = (value: string) => ({ params: { path: { id: value } } });

  return {
    /**
     * Binds the session that authenticates bearer calls (the session store does this when it
     * starts). Returns a function that removes this binding again.
     */
    bindAuth(next: AuthBinding | null): () => void {
      binding = next;
      return () => {
        if (binding === next) binding = null;
      };
    },

    /**
     * Points the client at another base URL or fetch (the embeddable media library binds its own copy of the sdk's
     * `api` to the gateway's absolute URL). Calls made afterwards use them.
     */
    configure(next: ApiClientOptions): void {
      if (next.baseUrl !== undefined) setBaseUrl(next.baseUrl);
      if (next.fetch) doFetch = next.fetch;
    },

    /** The versioned API's base URL (no trailing slash). */
    get baseUrl(): string {
      return baseUrl;
    },

    /**
     * The URL of a POST operation of the document with its path parameters filled in, for a request made outside this
     * client (the upload queue's multipart XMLHttpRequest).
     */
    postUrl<P extends PathOf<'post'>>(path: P, params: NonNullable<Input<'post', P>['params']>['path']): string {
      return baseUrl + fillPath(path, params ?? {});
    },

    /**
     * The bound session for a bearer request made outside this client (the upload queue sends multipart with
     * XMLHttpRequest for its byte progress): the current token (null when signed out), and the one refresh after a
     * 401 (null: signed out now).
     */
    bearer: {
      token(): Promise<string | null> {
        return binding ? binding.accessToken() : Promise.resolve(null);
      },
      refreshAfterUnauthorized(failedToken: string): Promise<string | null> {
        return binding ? binding.refreshAfterUnauthorized(failedToken) : Promise.resolve(null);
      },
    },

    /** `/auth`: sign-up, sign-in, refresh and sign-out (spec §7 "Authentication"). */
    auth: {
      /** What the sign-in page needs: company domain, whether Google sign-in is on. Public. */
      config(opts: RequestOptions = {}) {
        return json('get', '/auth/config', {}, { signal: opts.signal, auth: 'public' });
      },
      /** Creates an account; resolves to the confirmation message. Public. */
      signUp(credentials: PasswordCredentials, opts: RequestOptions = {}) {
        return json('post', '/auth/signup', { body: credentialsBody(credentials) }, { signal: opts.signal, auth: 'public' });
      },
      /** Password sign-in: the session, plus an httpOnly refresh cookie set by the server. Public. */
      signIn(credentials: PasswordCredentials, opts: RequestOptions = {}) {
        return json(
          'post',
          '/auth/token',
          { params: { query: { grant_type: 'password' } }, body: credentialsBody(credentials) },
          { signal: opts.signal, auth: 'public' },
        );
      },
      /** A new session from the refresh cookie (rotated by the server); 401 when there is none. */
      refresh(opts: RequestOptions = {}) {
        // No body: the route reads credentials only for grant_type=password. The document calls its body required
        // because the route's schema is nullish, which JSON Schema can state (null) only as a value, not as absent.
        const noBody = undefined as unknown as null;
        return json('post', '/auth/token', { params: { query: { grant_type: 'refresh_token' } }, body: noBody }, { signal: opts.signal, auth: 'public' });
      },
      /**
       * Ends this session (`local`), every session of the user (`global`) or all others (`others`); with
       * `accessToken`, the session of that token rather than the bound one (finishing an earlier sign-out).
       */
      logout(scope: LogoutScope = 'local', opts: RequestOptions & { accessToken?: string } = {}): Promise<void> {
        return none('post', '/auth/logout', { params: { query: { scope } } }, { signal: opts.signal, accessToken: opts.accessToken });
      },
      /** The signed-in user. */
      user(opts: RequestOptions = {}) {
        return json('get', '/auth/user', {}, opts);
      },
      /** Marks the first-use welcome dialog as shown. */
      markWelcomeShown(opts: RequestOptions = {}): Promise<void> {
        return none('post', '/auth/welcome', {}, opts);
      },
    },

    /** `/imports`: CSV import of venues or contacts, preview then commit (in chunks of at most CSV_IMPORT_MAX_COMMIT_ROWS rows). */
    imports: {
      run(kind: CsvImportKind, csv: string, options: CsvImportOptions, opts: RequestOptions = {}) {
        const query = {
          mode: options.mode,
          confirm: options.confirm?.join(','),
          firstRow: options.firstRow !== undefined && options.firstRow > 1 ? options.firstRow : undefined,
          offset: options.offset !== undefined && options.offset > 0 ? options.offset : undefined,
          limit: options.limit,
        };
        return json('post', `/imports/${kind}`, { params: { query }, body: csv }, { signal: opts.signal, csv: 'body' });
      },
    },

    venues: {
      /** The home list (search, leagues, sort; every matching venue) as CSV text. */
      exportCsv(query: Omit<VenueListParams, 'page' | 'pageSize'> = {}, opts: RequestOptions = {}): Promise<string> {
        return csv('/venues/export.csv', { params: { query: { q: search(query.q), leagues: query.leagues?.join(','), sort: query.sort } } }, opts);
      },
      list(query: VenueListParams = {}, opts: RequestOptions = {}) {
        const { q, leagues, sort, page, pageSize } = query;
        return json('get', '/venues', { params: { query: { q: search(q), leagues: leagues?.join(','), sort, page, pageSize } } }, opts);
      },
      get(venueId: string, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}', id(venueId), opts);
      },
      create(input: VenueInput, opts: RequestOptions = {}) {
        return json('post', '/venues', { body: input }, opts);
      },
      /** Replaces every editable field of the venue (the edit form sends the whole venue). */
      update(venueId: string, input: VenueInput, opts: RequestOptions = {}) {
        return json('put', '/venues/{id}', { ...id(venueId), body: input }, opts);
      },
      /** Active venues sharing a league whose names equal or resemble `name` (the add-venue flow, spec §4). */
      checkDuplicates(check: VenueDuplicateCheck, opts: RequestOptions = {}) {
        return json('post', '/venues/duplicate-check', { body: { name: check.name, leagues: [...check.leagues] } }, opts);
      },
      /** Brings a soft-deleted venue back (admins; 404 when no deleted venue has this id). */
      restore(venueId: string, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/restore', id(venueId), opts);
      },
      /** Soft delete (higher-privilege users, spec §6); an admin may restore it. */
      delete(venueId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/venues/{id}', id(venueId), opts);
      },
      /** The links editor's save (spec §5): the whole list; rows missing text or URL are dropped by the server. Answers the venue. */
      updateLinks(venueId: string, links: readonly Partial<Link>[], opts: RequestOptions = {}) {
        return json('put', '/venues/{id}/links', { ...id(venueId), body: { links: [...links] } }, opts);
      },
      /** A venue's active contacts: the current main contact first, then newest (the print report, the contacts dialog). */
      contacts(venueId: string, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}/contacts', id(venueId), opts);
      },
    },

    /** Venue events (spec §2 'Events', §7 'Events'): one venue's, all of them, and their writes. */
    events: {
      /** One page of a venue's events, by event date descending (no date last). */
      listForVenue(venueId: string, query: PageParams = {}, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}/events', { params: { path: { id: venueId }, query: { page: query.page, pageSize: query.pageSize } } }, opts);
      },
      /** The events of every active venue: search, sort, leagues, date range, page. */
      list(query: EventListParams = {}, opts: RequestOptions = {}) {
        const { q, sort, leagues, from, to, page, pageSize } = query;
        return json('get', '/events', { params: { query: { q: search(q), sort, leagues: leagues?.join(','), from, to, page, pageSize } } }, opts);
      },
      create(venueId: string, input: VenueEventInput, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/events', { ...id(venueId), body: input }, opts);
      },
      /** Replaces every field of the event. */
      update(eventId: string, input: VenueEventInput, opts: RequestOptions = {}) {
        return json('put', '/events/{id}', { ...id(eventId), body: input }, opts);
      },
      delete(eventId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/events/{id}', id(eventId), opts);
      },
    },

    /** `/deleted-venues` (admins): soft-deleted venues, newest deleted first, and their permanent delete. */
    deletedVenues: {
      list(query: PageParams & { q?: string } = {}, opts: RequestOptions = {}) {
        return json('get', '/deleted-venues', { params: { query: { q: search(query.q), page: query.page, pageSize: query.pageSize } } }, opts);
      },
      /** Deletes a soft-deleted venue for good, with its contacts and events. */
      purge(venueId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/deleted-venues/{id}', id(venueId), opts);
      },
    },

    /** Contacts (spec §2 'Venue Contacts dialog', 'Contacts'; §7 'Contacts'): one venue's are `venues.contacts`. */
    contacts: {
      /** The all-contacts list (search) as CSV text. */
      exportCsv(query: { q?: string } = {}, opts: RequestOptions = {}): Promise<string> {
        return csv('/contacts/export.csv', { params: { query: { q: search(query.q) } } }, opts);
      },
      /** Active contacts of active venues with their venue names, by the last word of the name; `q` searches. */
      list(query: PageParams & { q?: string } = {}, opts: RequestOptions = {}) {
        return json('get', '/contacts', { params: { query: { q: search(query.q), page: query.page, pageSize: query.pageSize } } }, opts);
      },
      /** Adds a contact to a venue (never its main contact). Empty optional fields are left out (spec §5). */
      create(venueId: string, input: ContactInput, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/contacts', { ...id(venueId), body: input }, opts);
      },
      /** Replaces the contact's fields. */
      update(contactId: string, input: ContactInput, opts: RequestOptions = {}) {
        return json('put', '/contacts/{id}', { ...id(contactId), body: input }, opts);
      },
      /** Soft delete; 400 for the current main contact of an active venue (spec §5). */
      delete(contactId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/contacts/{id}', id(contactId), opts);
      },
      /** Brings a soft-deleted contact back (admins). */
      restore(contactId: string, opts: RequestOptions = {}) {
        return json('post', '/contacts/{id}/restore', id(contactId), opts);
      },
      /** Tags to choose from: the 11 defaults, then other tags in use. */
      tags(opts: RequestOptions = {}) {
        return json('get', '/contact-tags', {}, opts);
      },
    },

    /** `/deleted-contacts` (admins): soft-deleted contacts grouped by venue, and their permanent delete. */
    deletedContacts: {
      list(opts: RequestOptions = {}) {
        return json('get', '/deleted-contacts', {}, opts);
      },
      purge(contactId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/deleted-contacts/{id}', id(contactId), opts);
      },
    },

    /** Master card templates (spec §2 'Master Data Card Templates'): any role reads, admins and owners write. */
    cardTemplates: {
      /** Templates of one department (or all, each under its primary department), in the §9 order. */
      list(query: { department?: Department } = {}, opts: RequestOptions = {}) {
        return json('get', '/card-templates', { params: { query: { department: query.department } } }, opts);
      },
      create(input: CardInput, opts: RequestOptions = {}) {
        return json('post', '/card-templates', { body: input }, opts);
      },
      update(templateId: string, input: CardInput, opts: RequestOptions = {}) {
        return json('put', '/card-templates/{id}', { ...id(templateId), body: input }, opts);
      },
      /** Soft delete (400 for the protected General Notes card). */
      delete(templateId: string, opts: RequestOptions = {}) {
        return json('delete', '/card-templates/{id}', id(templateId), opts);
      },
      /** A department's new template order. */
      reorder(department: Department, cardIds: readonly string[], opts: RequestOptions = {}) {
        return json('put', '/card-templates/order', { body: { department, cardIds: [...cardIds] } }, opts);
      },
      /** Dragged to another department: its primary department changes. */
      move(templateId: string, department: Department, opts: RequestOptions = {}) {
        return json('post', '/card-templates/{id}/move', { ...id(templateId), body: { department } }, opts);
      },
    },

    /** A venue's data cards (spec §2 'Data Cards screen', 'Card dialog'), their values, history and field notes. */
    venueCards: {
      /** The department's cards at the venue: general notes first, then the saved order, then title. */
      list(venueId: string, department: Department, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}/cards', { params: { path: { id: venueId }, query: { department } } }, opts);
      },
      /** A custom card in a department of the venue. */
      create(venueId: string, input: VenueCardInput, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/cards', { ...id(venueId), body: input }, opts);
      },
      addTemplates(venueId: string, department: Department, templateIds: readonly string[], opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/cards/templates', { ...id(venueId), body: { department, templateIds: [...templateIds] } }, opts);
      },
      reorder(venueId: string, department: Department, cardIds: readonly string[], opts: RequestOptions = {}) {
        return json('put', '/venues/{id}/cards/order', { ...id(venueId), body: { department, cardIds: [...cardIds] } }, opts);
      },
      /** Copies a template into a card of this venue (its values and order entry move to the new card). */
      customize(venueId: string, templateId: string, department: Department, card?: CardInput, opts: RequestOptions = {}) {
        return json(
          'post',
          '/venues/{id}/cards/templates/{templateId}/customize',
          { params: { path: { id: venueId, templateId } }, body: card ? { department, card } : { department } },
          opts,
        );
      },
      /** Removes a template from the venue's department (order entry and values); the template stays. */
      removeTemplate(venueId: string, templateId: string, department: Department, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/venues/{id}/cards/templates/{templateId}', { params: { path: { id: venueId, templateId }, query: { department } } }, opts);
      },
      get(cardId: string, opts: RequestOptions = {}) {
        return json('get', '/cards/{id}', id(cardId), opts);
      },
      /** Replaces a venue card's title, description, departments and fields. */
      update(cardId: string, input: CardInput, opts: RequestOptions = {}) {
        return json('put', '/cards/{id}', { ...id(cardId), body: input }, opts);
      },
      /** Soft delete of a venue-specific card. */
      delete(cardId: string, opts: RequestOptions = {}) {
        return json('delete', '/cards/{id}', id(cardId), opts);
      },
      removeFromDepartment(cardId: string, department: Department, opts: RequestOptions = {}) {
        return json('post', '/cards/{id}/remove-department', { ...id(cardId), body: { department } }, opts);
      },
      /** Every current field value of the venue's cards. */
      venueValues(venueId: string, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}/values', id(venueId), opts);
      },
      values(venueId: string, cardId: string, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}/cards/{cardId}/values', { params: { path: { id: venueId, cardId } } }, opts);
      },
      /** Saves fields, each against the version it was based on: per field saved, unchanged, skipped or conflict. */
      saveValues(venueId: string, cardId: string, input: SaveCardValuesRequest, opts: RequestOptions = {}) {
        return json('put', '/venues/{id}/cards/{cardId}/values', { params: { path: { id: venueId, cardId } }, body: input }, opts);
      },
      history(venueId: string, cardId: string, fieldKey: string, query: PageParams = {}, opts: RequestOptions = {}) {
        return json(
          'get',
          '/venues/{id}/cards/{cardId}/fields/{fieldKey}/history',
          { params: { path: { id: venueId, cardId, fieldKey }, query: { page: query.page, pageSize: query.pageSize } } },
          opts,
        );
      },
      restore(venueId: string, cardId: string, fieldKey: string, input: RestoreFieldValueRequest, opts: RequestOptions = {}) {
        return json(
          'post',
          '/venues/{id}/cards/{cardId}/fields/{fieldKey}/restore',
          { params: { path: { id: venueId, cardId, fieldKey } }, body: input },
          opts,
        );
      },
      /** 'Last verified': the current value confirmed now, with an optional source. */
      verify(venueId: string, cardId: string, fieldKey: string, input: VerifyFieldValueRequest, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/cards/{cardId}/fields/{fieldKey}/verify', { params: { path: { id: venueId, cardId, fieldKey } }, body: input }, opts);
      },
      notes(venueId: string, cardId: string, fieldKey: string, department?: Department, opts: RequestOptions = {}) {
        return json(
          'get',
          '/venues/{id}/cards/{cardId}/notes/{fieldKey}',
          { params: { path: { id: venueId, cardId, fieldKey }, query: { department } } },
          opts,
        );
      },
      /** Saves a notes field (append, edit of the last line, replace or merge with others' lines). */
      saveNotes(venueId: string, cardId: string, fieldKey: string, input: SaveFieldNotesBody, opts: RequestOptions = {}) {
        return json('put', '/venues/{id}/cards/{cardId}/notes/{fieldKey}', { params: { path: { id: venueId, cardId, fieldKey } }, body: input }, opts);
      },
      /** The current text of every notes field of the venue's cards (one read for a Data Cards screen). */
      venueNotes(venueId: string, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}/notes', id(venueId), opts);
      },
      /** Clean Field Notes (higher-privilege users). */
      cleanNotes(venueId: string, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/field-notes/clean', id(venueId), opts);
      },
    },

    /**
     * Venue documents and photos (spec §2 'Photos', 'Documents'; §7 'Duplicates, uploads and documents'), photo tags
     * and the public gallery. Uploads go through the sdk's upload queue (`enqueueUploads`), which shows byte progress.
     */
    media: {
      /** A venue's documents, newest upload first: 'photos', 'files' or 'all' (default), optionally of one event. */
      listDocuments(venueId: string, query: DocumentListParams = {}, opts: RequestOptions = {}) {
        // The server's default kind 'all' is left out.
        const kind = query.kind === 'all' ? undefined : query.kind;
        return json('get', '/venues/{id}/documents', { params: { path: { id: venueId }, query: { kind, eventId: query.eventId } } }, opts);
      },
      /** One document, with fresh signed content URLs. */
      getDocument(documentId: string, opts: RequestOptions = {}) {
        return json('get', '/documents/{id}', id(documentId), opts);
      },
      /** Changes the category, the event link (`eventId: null` clears it), or both. */
      updateDocument(documentId: string, input: UpdateDocumentRequest, opts: RequestOptions = {}) {
        return json('patch', '/documents/{id}', { ...id(documentId), body: input }, opts);
      },
      deleteDocument(documentId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/documents/{id}', id(documentId), opts);
      },
      /** Deletes up to MEDIA.maxBatch photos of the venue at once. */
      /** 'Sync documents': the new files of the venue's Google Drive folders become its documents (each once). */
      syncFromDrive(venueId: string, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/documents/sync-drive', { ...id(venueId) }, opts);
      },
      batchDeletePhotos(venueId: string, documentIds: readonly string[], opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/photos/batch-delete', { ...id(venueId), body: { documentIds: [...documentIds] } }, opts);
      },
      /** Tags every photo with every card (already tagged pairs stay); answers the photos as they are now. */
      tagPhotos(venueId: string, documentIds: readonly string[], cardIds: readonly string[], opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/photo-tags', { ...id(venueId), body: { documentIds: [...documentIds], cardIds: [...cardIds] } }, opts);
      },
      /** Removes those cards' tags from those photos; answers the photos as they are now. */
      untagPhotos(venueId: string, documentIds: readonly string[], cardIds: readonly string[], opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/photo-tags/remove', { ...id(venueId), body: { documentIds: [...documentIds], cardIds: [...cardIds] } }, opts);
      },
      /** The venue's public gallery settings and link. */
      gallerySettings(venueId: string, opts: RequestOptions = {}) {
        return json('get', '/venues/{id}/gallery', id(venueId), opts);
      },
      /** Turns the public gallery on or off and sets its expiry (admins and owners). */
      updateGallery(venueId: string, input: UpdateGallerySettingsRequest, opts: RequestOptions = {}) {
        return json('put', '/venues/{id}/gallery', { ...id(venueId), body: input }, opts);
      },
      /** A new link key (admins and owners): the old link stops working at once. */
      rotateGallery(venueId: string, opts: RequestOptions = {}) {
        return json('post', '/venues/{id}/gallery/rotate', id(venueId), opts);
      },
      /** A venue's public photo gallery by its link key. Public: no sign-in. */
      publicGallery(venueId: string, key: string, opts: RequestOptions = {}) {
        return json('get', '/public/venues/{id}/gallery', { params: { path: { id: venueId }, query: { key } } }, { signal: opts.signal, auth: 'public' });
      },
    },

    /** `/deleted-cards` (admins): soft-deleted cards, their restore (`venueCards` is the card) and permanent delete. */
    deletedCards: {
      list(opts: RequestOptions = {}) {
        return json('get', '/deleted-cards', {}, opts);
      },
      restore(cardId: string, opts: RequestOptions = {}) {
        return json('post', '/cards/{id}/restore', id(cardId), opts);
      },
      purge(cardId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/deleted-cards/{id}', id(cardId), opts);
      },
    },

    /** `/users` (admins and owners; spec §2 'User Management'): the users page by page, their roles and removal. */
    users: {
      /** One page of the users in sign-up order, with the total; `q` searches the e-mail addresses. */
      list(query: UserListParams = {}, opts: RequestOptions = {}) {
        return json('get', '/users', { params: { query: { q: search(query.q), page: query.page, pageSize: query.pageSize } } }, opts);
      },
      /** Gives the user a role; answers the user as listed. Only an owner touches the owner role; the last owner stays one. */
      assignRole(userId: string, role: Role, opts: RequestOptions = {}) {
        return json('put', '/users/{id}/role', { ...id(userId), body: { role } }, opts);
      },
      /** Removes the user with every session (nobody removes themselves; only an owner removes an owner). */
      remove(userId: string, opts: RequestOptions = {}): Promise<void> {
        return none('delete', '/users/{id}', id(userId), opts);
      },
    },

    /** `/admin/settings` (admins and owners): the admin settings by key (spec §3 admin_settings); '' is not set. */
    adminSettings: {
      get(key: AdminSettingKey, opts: RequestOptions = {}) {
        return json('get', '/admin/settings/{key}', { params: { path: { key } } }, opts);
      },
      /** Sets one setting ('' clears it); answers it as stored. The server validates the value by key. */
      set(key: AdminSettingKey, value: string, opts: RequestOptions = {}) {
        return json('put', '/admin/settings/{key}', { params: { path: { key } }, body: { value } }, opts);
      },
    },

    /**
     * `/admin/webhook` (admins and owners): the first-login webhook's recent deliveries and failed ones, Send Test
     * (the receiver's real answer), the signing secret and retrying a failed delivery.
     */
    webhook: {
      /** Pending and failed counts, the latest attempts (newest first, at most 50) and the failed deliveries. */
      overview(opts: RequestOptions = {}) {
        return json('get', '/admin/webhook', {}, opts);
      },
      /** Posts the test body to `url` (saved or not); 200 with `delivered` false and the reason when the receiver failed. */
      test(url: string, opts: RequestOptions = {}) {
        return json('post', '/admin/webhook/test', { body: { url } }, opts);
      },
      secret(opts: RequestOptions = {}) {
        return json('get', '/admin/webhook/secret', {}, opts);
      },
      /** A new signing secret at once; receivers must be given it. */
      rotateSecret(opts: RequestOptions = {}) {
        return json('post', '/admin/webhook/secret/rotate', {}, opts);
      },
      /** Puts a failed delivery back with all its attempts. */
      retryJob(deliveryId: string, opts: RequestOptions = {}): Promise<void> {
        return none('post', '/admin/webhook/jobs/{deliveryId}/retry', { params: { path: { deliveryId } } }, opts);
      },
    },

    /**
     * `/admin/drive` (admins and owners): Google Drive sync (spec §2 'G-Drive Sync Logs', 'G-Drive Sync Controls'):
     * whether it is configured, the sync queue, Trigger Sync and Clear & Reset.
     */
    drive: {
      /** Configured (a service account and a root folder) or not, and the root folder. */
      status(opts: RequestOptions = {}) {
        return json('get', '/admin/drive', {}, opts);
      },
      /** The newest items (at most `limit`, the server's default 100) of every venue or of `venueId`'s, with the counts of each status. */
      queue(query: { venueId?: string; limit?: number } = {}, opts: RequestOptions = {}) {
        return json('get', '/admin/drive/queue', { params: { query: { venueId: query.venueId, limit: query.limit } } }, opts);
      },
      /** Trigger Sync: queues the documents never queued (`bootstrapped`) and hands every item not synced to the worker (`processed`). */
      sync(opts: RequestOptions = {}) {
        return json('post', '/admin/drive/sync', {}, opts);
      },
      /** Clear & Reset of one venue's queue, or of every venue's without `venueId`: `removedQueue` items, `resetDocs` documents. */
      reset(venueId?: string, opts: RequestOptions = {}) {
        return json('post', '/admin/drive/reset', { body: venueId ? { venueId } : {} }, opts);
      },
    },

    /** `/audit-logs`: the audit log, newest first (owners only: others get 403). */
    auditLogs: {
      list(query: AuditLogListParams = {}, opts: RequestOptions = {}) {
        const { page, pageSize, table, action, userId, recordId, from, to } = query;
        return json('get', '/audit-logs', { params: { query: { page, pageSize, table, action, userId, recordId, from, to } } }, opts);
      },
    },
  };
}

/** Where the browser starts Google sign-in (a full-page navigation, spec §1). */
export const GOOGLE_SIGN_IN_PATH = '/api/v1/auth/google/start' satisfies keyof paths;

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app-wide client (same-origin `/api/v1`). */
export const api: ApiClient = createApiClient();
