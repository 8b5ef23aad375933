import {
  API_ERROR_CODES,
  AUTH_MESSAGES,
  type AuditLogPage,
  type AuthConfig,
  type AuthUser,
  type DuplicateCheckResult,
  type ListDeletedVenuesResult,
  type EventSort,
  type ListEventsResult,
  type ListVenueEventsResult,
  type VenueEvent,
  type VenueEventInput,
  type League,
  type Link,
  type ListVenuesQuery,
  type ListVenuesResult,
  type LogoutScope,
  type Session,
  type SignUpResult,
  type Venue,
  type VenueContactsResult,
  type VenueInput,
  type Contact,
  type ContactInput,
  type ContactTagsResult,
  type DeletedContactsResult,
  type ListContactsResult,
  type CsvImportKind,
  type ImportResult,
  type AddTemplatesResult,
  type CardInput,
  type CardValues,
  type CleanFieldNotesResult,
  type DataCard,
  type DataCardList,
  type Department,
  type FieldHistory,
  type FieldNotes,
  type FieldNotesSaveResult,
  type FieldSaveResult,
  type RestoreFieldValueRequest,
  type SaveCardValuesRequest,
  type SaveCardValuesResult,
  type SaveFieldNotesBody,
  type VenueCardInput,
  type VenueNotes,
  type VenueValues,
  type VerifyFieldValueRequest,
} from '@venuebook/domain';
import { apiErrorFromResponse, ApiRequestError, isAbortError, networkError } from './api-error.ts';
import type {
  BatchDeletePhotosResult,
  DocumentList,
  DocumentListParams,
  GallerySettings,
  PhotoTagsResult,
  PublicGallery,
  UpdateDocumentRequest,
  UpdateGallerySettingsRequest,
  VenueDocument,
} from './media-types.ts';

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
  fetch?: typeof globalThis.fetch;
}

/** Body of `api.venues.checkDuplicates`: the name typed and the leagues chosen (none: the server's default leagues). */
export interface VenueDuplicateCheck {
  name: string;
  leagues: readonly League[];
}

/** Parameters of `api.venues.list`; everything optional (server defaults apply). */
export type VenueListParams = Partial<ListVenuesQuery>;

/** Parameters of `api.auditLogs.list` (server defaults apply to what is left out). */
export interface AuditLogListParams {
  page?: number;
  pageSize?: number;
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

/** Parameters of `api.events.listForVenue` and `api.deletedVenues.list`. */
export interface PageParams {
  page?: number;
  pageSize?: number;
}

/** Query string of `GET /events`; blank and absent values are left out. */
export function eventListSearchParams(query: EventListParams): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.sort) params.set('sort', query.sort);
  if (query.leagues && query.leagues.length > 0) params.set('leagues', query.leagues.join(','));
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  return params;
}

/** A path segment. */
const path = encodeURIComponent;

/** Query string of `GET /venues/{venueId}/documents` (the server's default kind 'all' is left out), with its '?'. */
export function documentListQueryString(query: DocumentListParams): string {
  const params = new URLSearchParams();
  if (query.kind && query.kind !== 'all') params.set('kind', query.kind);
  if (query.eventId) params.set('eventId', query.eventId);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** `?q=&page=&pageSize=` (blank and absent values left out), with the leading '?' when not empty. */
function pageQueryString(query: PageParams & { q?: string | undefined }): string {
  const params = new URLSearchParams();
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** Query string of `GET /venues`; blank and absent values are left out. */
export function venueListSearchParams(query: VenueListParams): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.leagues && query.leagues.length > 0) params.set('leagues', query.leagues.join(','));
  if (query.sort) params.set('sort', query.sort);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  return params;
}

interface CallInit {
  method?: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** 'bearer' (default): Authorization from the bound session, refresh once on 401, then retry once. */
  auth?: 'bearer' | 'public';
  /** A bearer call with this token instead of the bound session's (no refresh on 401). */
  accessToken?: string | undefined;
  /** A CSV body (text/csv) instead of JSON (the CSV import). */
  csv?: string;
  /** 'csv': the 2xx answer is CSV text (the exports); errors are still JSON. */
  answer?: 'json' | 'csv';
}

export function createApiClient(options: ApiClientOptions = {}) {
  let baseUrl = (options.baseUrl ?? '/api/v1').replace(/\/+$/, '');
  let doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let binding: AuthBinding | null = null;

  /** One HTTP exchange; the body is read completely (so the connection is free for a retry). */
  async function exchange(path: string, init: CallInit, token: string | null): Promise<{ response: Response; body: unknown }> {
    const headers: Record<string, string> = { Accept: init.answer === 'csv' ? 'text/csv, application/json' : 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.csv !== undefined) headers['Content-Type'] = 'text/csv';
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.csv ?? (init.body === undefined ? null : JSON.stringify(init.body)),
        signal: init.signal ?? null,
        // Sends the httpOnly refresh cookie to /auth/token; the access token never leaves memory.
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw networkError(error);
    }
    if (init.answer === 'csv' && response.ok) return { response, body: await readText(response, init.signal) };
    return { response, body: await readJson(response, init.signal) };
  }

  /** Sends a call and throws ApiRequestError for any non-2xx answer. */
  async function send(path: string, init: CallInit): Promise<{ response: Response; body: unknown }> {
    const auth = (init.auth ?? 'bearer') === 'bearer' ? binding : null;
    const token = auth ? (init.accessToken ?? (await auth.accessToken())) : null;
    // Spec §5: calls that need a login fail with 'No session found' without a session.
    if (auth && !token) throw new ApiRequestError({ status: 401, code: 'no_session', message: AUTH_MESSAGES.noSession });
    let result = await exchange(path, init, token);
    if (auth && token && !init.accessToken && result.response.status === 401) {
      const fresh = await auth.refreshAfterUnauthorized(token);
      if (fresh) result = await exchange(path, init, fresh);
    }
    if (!result.response.ok) {
      const error = apiErrorFromResponse(result.response.status, result.body);
      if (auth && error.status === 403 && error.code === API_ERROR_CODES.domainNotAllowed) auth.onDomainNotAllowed?.(error);
      throw error;
    }
    return result;
  }

  /**
   * A call whose 2xx answer is a JSON object of type T. The body is trusted as typed, not parsed: it comes from our
   * own gateway, which validates every response against the same schemas (@venuebook/domain) before it sends
   * it, and the contract tests prove the document; parsing it again here would load zod on every page. What is not
   * a JSON object at all (a proxy's HTML page, an empty body) is an `invalid_response`.
   */
  async function request<T extends object>(path: string, init: CallInit = {}): Promise<T> {
    const { response, body } = await send(path, init);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiRequestError({ status: response.status, code: 'invalid_response', message: 'The server sent an unexpected response.' });
    }
    return body as T;
  }

  /** A call whose 2xx answer is CSV text (the exports). */
  async function requestCsv(path: string, init: CallInit = {}): Promise<string> {
    const { body } = await send(path, { ...init, answer: 'csv' });
    return typeof body === 'string' ? body : '';
  }

  /** A CSV import (preview or commit of one chunk). */
  function importCsv(kind: CsvImportKind, csv: string, options: CsvImportOptions, opts: RequestOptions): Promise<ImportResult> {
    const params = new URLSearchParams({ mode: options.mode });
    if (options.confirm && options.confirm.length > 0) params.set('confirm', options.confirm.join(','));
    if (options.firstRow !== undefined && options.firstRow > 1) params.set('firstRow', String(options.firstRow));
    if (options.offset !== undefined && options.offset > 0) params.set('offset', String(options.offset));
    if (options.limit !== undefined) params.set('limit', String(options.limit));
    return request<ImportResult>(`/imports/${kind}?${params.toString()}`, { method: 'POST', csv, signal: opts.signal });
  }

  async function requestVoid(path: string, init: CallInit = {}): Promise<void> {
    await send(path, init);
  }

  const credentialsBody = (credentials: PasswordCredentials) => ({
    email: credentials.email.trim(),
    password: credentials.password,
    ...(credentials.confirmationToken ? { confirmationToken: credentials.confirmationToken } : {}),
  });

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
      if (next.baseUrl !== undefined) baseUrl = next.baseUrl.replace(/\/+$/, '');
      if (next.fetch) doFetch = next.fetch;
    },

    /** The versioned API's base URL (no trailing slash): for requests made outside this client (the upload queue's XHR). */
    get baseUrl(): string {
      return baseUrl;
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
      config(opts: RequestOptions = {}): Promise<AuthConfig> {
        return request<AuthConfig>('/auth/config', { signal: opts.signal, auth: 'public' });
      },
      /** Creates an account; resolves to the confirmation message. Public. */
      signUp(credentials: PasswordCredentials, opts: RequestOptions = {}): Promise<SignUpResult> {
        return request<SignUpResult>('/auth/signup', {
          method: 'POST',
          body: credentialsBody(credentials),
          signal: opts.signal,
          auth: 'public',
        });
      },
      /** Password sign-in: the session, plus an httpOnly refresh cookie set by the server. Public. */
      signIn(credentials: PasswordCredentials, opts: RequestOptions = {}): Promise<Session> {
        return request<Session>('/auth/token?grant_type=password', {
          method: 'POST',
          body: credentialsBody(credentials),
          signal: opts.signal,
          auth: 'public',
        });
      },
      /** A new session from the refresh cookie (rotated by the server); 401 when there is none. */
      refresh(opts: RequestOptions = {}): Promise<Session> {
        return request<Session>('/auth/token?grant_type=refresh_token', { method: 'POST', signal: opts.signal, auth: 'public' });
      },
      /**
       * Ends this session (`local`), every session of the user (`global`) or all others (`others`); with
       * `accessToken`, the session of that token rather than the bound one (finishing an earlier sign-out).
       */
      logout(scope: LogoutScope = 'local', opts: RequestOptions & { accessToken?: string } = {}): Promise<void> {
        return requestVoid(`/auth/logout?scope=${encodeURIComponent(scope)}`, { method: 'POST', signal: opts.signal, accessToken: opts.accessToken });
      },
      /** The signed-in user. */
      user(opts: RequestOptions = {}): Promise<AuthUser> {
        return request<AuthUser>('/auth/user', { signal: opts.signal });
      },
      /** Marks the first-use welcome dialog as shown. */
      markWelcomeShown(opts: RequestOptions = {}): Promise<void> {
        return requestVoid('/auth/welcome', { method: 'POST', signal: opts.signal });
      },
    },

    /** `/imports`: CSV import of venues or contacts, preview then commit (in chunks of at most CSV_IMPORT_MAX_COMMIT_ROWS rows). */
    imports: {
      run(kind: CsvImportKind, csv: string, options: CsvImportOptions, opts: RequestOptions = {}): Promise<ImportResult> {
        return importCsv(kind, csv, options, opts);
      },
    },

    venues: {
      /** The home list (search, leagues, sort; every matching venue) as CSV text. */
      exportCsv(query: Omit<VenueListParams, 'page' | 'pageSize'> = {}, opts: RequestOptions = {}): Promise<string> {
        const qs = venueListSearchParams(query).toString();
        return requestCsv(`/venues/export.csv${qs ? `?${qs}` : ''}`, { signal: opts.signal });
      },
      list(query: VenueListParams = {}, opts: RequestOptions = {}): Promise<ListVenuesResult> {
        const qs = venueListSearchParams(query).toString();
        return request<ListVenuesResult>(`/venues${qs ? `?${qs}` : ''}`, { signal: opts.signal });
      },
      get(id: string, opts: RequestOptions = {}): Promise<Venue> {
        return request<Venue>(`/venues/${encodeURIComponent(id)}`, { signal: opts.signal });
      },
      create(input: VenueInput, opts: RequestOptions = {}): Promise<Venue> {
        return request<Venue>('/venues', { method: 'POST', body: input, signal: opts.signal });
      },
      /** Replaces every editable field of the venue (the edit form sends the whole venue). */
      update(id: string, input: VenueInput, opts: RequestOptions = {}): Promise<Venue> {
        return request<Venue>(`/venues/${encodeURIComponent(id)}`, { method: 'PUT', body: input, signal: opts.signal });
      },
      /** Active venues sharing a league whose names equal or resemble `name` (the add-venue flow, spec §4). */
      checkDuplicates(check: VenueDuplicateCheck, opts: RequestOptions = {}): Promise<DuplicateCheckResult> {
        return request<DuplicateCheckResult>('/venues/duplicate-check', { method: 'POST', body: check, signal: opts.signal });
      },
      /** Brings a soft-deleted venue back (admins; 404 when no deleted venue has this id). */
      restore(id: string, opts: RequestOptions = {}): Promise<Venue> {
        return request<Venue>(`/venues/${encodeURIComponent(id)}/restore`, { method: 'POST', signal: opts.signal });
      },
      /** Soft delete (higher-privilege users, spec §6); an admin may restore it. */
      delete(id: string, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/venues/${encodeURIComponent(id)}`, { method: 'DELETE', signal: opts.signal });
      },
      /** The links editor's save (spec §5): the whole list; rows missing text or URL are dropped by the server. Answers the venue. */
      updateLinks(id: string, links: readonly Partial<Link>[], opts: RequestOptions = {}): Promise<Venue> {
        return request<Venue>(`/venues/${encodeURIComponent(id)}/links`, { method: 'PUT', body: { links }, signal: opts.signal });
      },
      /** A venue's active contacts: the current main contact first, then newest (the print report, the contacts dialog). */
      contacts(id: string, opts: RequestOptions = {}): Promise<VenueContactsResult> {
        return request<VenueContactsResult>(`/venues/${encodeURIComponent(id)}/contacts`, { signal: opts.signal });
      },
    },

    /** Venue events (spec §2 'Events', §7 'Events'): one venue's, all of them, and their writes. */
    events: {
      /** One page of a venue's events, by event date descending (no date last). */
      listForVenue(venueId: string, query: PageParams = {}, opts: RequestOptions = {}): Promise<ListVenueEventsResult> {
        return request<ListVenueEventsResult>(`/venues/${encodeURIComponent(venueId)}/events${pageQueryString(query)}`, { signal: opts.signal });
      },
      /** The events of every active venue: search, sort, leagues, date range, page. */
      list(query: EventListParams = {}, opts: RequestOptions = {}): Promise<ListEventsResult> {
        const qs = eventListSearchParams(query).toString();
        return request<ListEventsResult>(`/events${qs ? `?${qs}` : ''}`, { signal: opts.signal });
      },
      create(venueId: string, input: VenueEventInput, opts: RequestOptions = {}): Promise<VenueEvent> {
        return request<VenueEvent>(`/venues/${encodeURIComponent(venueId)}/events`, { method: 'POST', body: input, signal: opts.signal });
      },
      /** Replaces every field of the event. */
      update(id: string, input: VenueEventInput, opts: RequestOptions = {}): Promise<VenueEvent> {
        return request<VenueEvent>(`/events/${encodeURIComponent(id)}`, { method: 'PUT', body: input, signal: opts.signal });
      },
      delete(id: string, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/events/${encodeURIComponent(id)}`, { method: 'DELETE', signal: opts.signal });
      },
    },

    /** `/deleted-venues` (admins): soft-deleted venues, newest deleted first, and their permanent delete. */
    deletedVenues: {
      list(query: PageParams & { q?: string } = {}, opts: RequestOptions = {}): Promise<ListDeletedVenuesResult> {
        return request<ListDeletedVenuesResult>(`/deleted-venues${pageQueryString(query)}`, { signal: opts.signal });
      },
      /** Deletes a soft-deleted venue for good, with its contacts and events. */
      purge(id: string, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/deleted-venues/${encodeURIComponent(id)}`, { method: 'DELETE', signal: opts.signal });
      },
    },

    /** Contacts (spec §2 'Venue Contacts dialog', 'Contacts'; §7 'Contacts'): one venue's are `venues.contacts`. */
    contacts: {
      /** The all-contacts list (search) as CSV text. */
      exportCsv(query: { q?: string } = {}, opts: RequestOptions = {}): Promise<string> {
        return requestCsv(`/contacts/export.csv${pageQueryString(query)}`, { signal: opts.signal });
      },
      /** Active contacts of active venues with their venue names, by the last word of the name; `q` searches. */
      list(query: PageParams & { q?: string } = {}, opts: RequestOptions = {}): Promise<ListContactsResult> {
        return request<ListContactsResult>(`/contacts${pageQueryString(query)}`, { signal: opts.signal });
      },
      /** Adds a contact to a venue (never its main contact). Empty optional fields are left out (spec §5). */
      create(venueId: string, input: ContactInput, opts: RequestOptions = {}): Promise<Contact> {
        return request<Contact>(`/venues/${encodeURIComponent(venueId)}/contacts`, { method: 'POST', body: input, signal: opts.signal });
      },
      /** Replaces the contact's fields. */
      update(id: string, input: ContactInput, opts: RequestOptions = {}): Promise<Contact> {
        return request<Contact>(`/contacts/${encodeURIComponent(id)}`, { method: 'PUT', body: input, signal: opts.signal });
      },
      /** Soft delete; 400 for the current main contact of an active venue (spec §5). */
      delete(id: string, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/contacts/${encodeURIComponent(id)}`, { method: 'DELETE', signal: opts.signal });
      },
      /** Brings a soft-deleted contact back (admins). */
      restore(id: string, opts: RequestOptions = {}): Promise<Contact> {
        return request<Contact>(`/contacts/${encodeURIComponent(id)}/restore`, { method: 'POST', signal: opts.signal });
      },
      /** Tags to choose from: the 11 defaults, then other tags in use. */
      tags(opts: RequestOptions = {}): Promise<ContactTagsResult> {
        return request<ContactTagsResult>('/contact-tags', { signal: opts.signal });
      },
    },

    /** `/deleted-contacts` (admins): soft-deleted contacts grouped by venue, and their permanent delete. */
    deletedContacts: {
      list(opts: RequestOptions = {}): Promise<DeletedContactsResult> {
        return request<DeletedContactsResult>('/deleted-contacts', { signal: opts.signal });
      },
      purge(id: string, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/deleted-contacts/${encodeURIComponent(id)}`, { method: 'DELETE', signal: opts.signal });
      },
    },

    /** Master card templates (spec §2 'Master Data Card Templates'): any role reads, admins and owners write. */
    cardTemplates: {
      /** Templates of one department (or all, each under its primary department), in the §9 order. */
      list(query: { department?: Department } = {}, opts: RequestOptions = {}): Promise<DataCardList> {
        const qs = query.department ? `?department=${encodeURIComponent(query.department)}` : '';
        return request<DataCardList>(`/card-templates${qs}`, { signal: opts.signal });
      },
      create(input: CardInput, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>('/card-templates', { method: 'POST', body: input, signal: opts.signal });
      },
      update(id: string, input: CardInput, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/card-templates/${path(id)}`, { method: 'PUT', body: input, signal: opts.signal });
      },
      /** Soft delete (400 for the protected General Notes card). */
      delete(id: string, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/card-templates/${path(id)}`, { method: 'DELETE', signal: opts.signal });
      },
      /** A department's new template order. */
      reorder(department: Department, cardIds: readonly string[], opts: RequestOptions = {}): Promise<DataCardList> {
        return request<DataCardList>('/card-templates/order', { method: 'PUT', body: { department, cardIds }, signal: opts.signal });
      },
      /** Dragged to another department: its primary department changes. */
      move(id: string, department: Department, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/card-templates/${path(id)}/move`, { method: 'POST', body: { department }, signal: opts.signal });
      },
    },

    /** A venue's data cards (spec §2 'Data Cards screen', 'Card dialog'), their values, history and field notes. */
    venueCards: {
      /** The department's cards at the venue: general notes first, then the saved order, then title. */
      list(venueId: string, department: Department, opts: RequestOptions = {}): Promise<DataCardList> {
        return request<DataCardList>(`/venues/${path(venueId)}/cards?department=${encodeURIComponent(department)}`, { signal: opts.signal });
      },
      /** A custom card in a department of the venue. */
      create(venueId: string, input: VenueCardInput, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/venues/${path(venueId)}/cards`, { method: 'POST', body: input, signal: opts.signal });
      },
      addTemplates(venueId: string, department: Department, templateIds: readonly string[], opts: RequestOptions = {}): Promise<AddTemplatesResult> {
        return request<AddTemplatesResult>(`/venues/${path(venueId)}/cards/templates`, {
          method: 'POST',
          body: { department, templateIds },
          signal: opts.signal,
        });
      },
      reorder(venueId: string, department: Department, cardIds: readonly string[], opts: RequestOptions = {}): Promise<DataCardList> {
        return request<DataCardList>(`/venues/${path(venueId)}/cards/order`, { method: 'PUT', body: { department, cardIds }, signal: opts.signal });
      },
      /** Copies a template into a card of this venue (its values and order entry move to the new card). */
      customize(venueId: string, templateId: string, department: Department, card?: CardInput, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/venues/${path(venueId)}/cards/templates/${path(templateId)}/customize`, {
          method: 'POST',
          body: card ? { department, card } : { department },
          signal: opts.signal,
        });
      },
      /** Removes a template from the venue's department (order entry and values); the template stays. */
      removeTemplate(venueId: string, templateId: string, department: Department, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/venues/${path(venueId)}/cards/templates/${path(templateId)}?department=${encodeURIComponent(department)}`, {
          method: 'DELETE',
          signal: opts.signal,
        });
      },
      get(id: string, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/cards/${path(id)}`, { signal: opts.signal });
      },
      /** Replaces a venue card's title, description, departments and fields. */
      update(id: string, input: CardInput, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/cards/${path(id)}`, { method: 'PUT', body: input, signal: opts.signal });
      },
      /** Soft delete of a venue-specific card. */
      delete(id: string, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/cards/${path(id)}`, { method: 'DELETE', signal: opts.signal });
      },
      removeFromDepartment(id: string, department: Department, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/cards/${path(id)}/remove-department`, { method: 'POST', body: { department }, signal: opts.signal });
      },
      /** Every current field value of the venue's cards. */
      venueValues(venueId: string, opts: RequestOptions = {}): Promise<VenueValues> {
        return request<VenueValues>(`/venues/${path(venueId)}/values`, { signal: opts.signal });
      },
      values(venueId: string, cardId: string, opts: RequestOptions = {}): Promise<CardValues> {
        return request<CardValues>(`/venues/${path(venueId)}/cards/${path(cardId)}/values`, { signal: opts.signal });
      },
      /** Saves fields, each against the version it was based on: per field saved, unchanged, skipped or conflict. */
      saveValues(venueId: string, cardId: string, input: SaveCardValuesRequest, opts: RequestOptions = {}): Promise<SaveCardValuesResult> {
        return request<SaveCardValuesResult>(`/venues/${path(venueId)}/cards/${path(cardId)}/values`, { method: 'PUT', body: input, signal: opts.signal });
      },
      history(venueId: string, cardId: string, fieldKey: string, query: PageParams = {}, opts: RequestOptions = {}): Promise<FieldHistory> {
        return request<FieldHistory>(`/venues/${path(venueId)}/cards/${path(cardId)}/fields/${path(fieldKey)}/history${pageQueryString(query)}`, {
          signal: opts.signal,
        });
      },
      restore(venueId: string, cardId: string, fieldKey: string, input: RestoreFieldValueRequest, opts: RequestOptions = {}): Promise<FieldSaveResult> {
        return request<FieldSaveResult>(`/venues/${path(venueId)}/cards/${path(cardId)}/fields/${path(fieldKey)}/restore`, {
          method: 'POST',
          body: input,
          signal: opts.signal,
        });
      },
      /** 'Last verified': the current value confirmed now, with an optional source. */
      verify(venueId: string, cardId: string, fieldKey: string, input: VerifyFieldValueRequest, opts: RequestOptions = {}): Promise<FieldSaveResult> {
        return request<FieldSaveResult>(`/venues/${path(venueId)}/cards/${path(cardId)}/fields/${path(fieldKey)}/verify`, {
          method: 'POST',
          body: input,
          signal: opts.signal,
        });
      },
      notes(venueId: string, cardId: string, fieldKey: string, department?: Department, opts: RequestOptions = {}): Promise<FieldNotes> {
        const qs = department ? `?department=${encodeURIComponent(department)}` : '';
        return request<FieldNotes>(`/venues/${path(venueId)}/cards/${path(cardId)}/notes/${path(fieldKey)}${qs}`, { signal: opts.signal });
      },
      /** Saves a notes field (append, edit of the last line, replace or merge with others' lines). */
      saveNotes(venueId: string, cardId: string, fieldKey: string, input: SaveFieldNotesBody, opts: RequestOptions = {}): Promise<FieldNotesSaveResult> {
        return request<FieldNotesSaveResult>(`/venues/${path(venueId)}/cards/${path(cardId)}/notes/${path(fieldKey)}`, {
          method: 'PUT',
          body: input,
          signal: opts.signal,
        });
      },
      /** The current text of every notes field of the venue's cards (one read for a Data Cards screen). */
      venueNotes(venueId: string, opts: RequestOptions = {}): Promise<VenueNotes> {
        return request<VenueNotes>(`/venues/${path(venueId)}/notes`, { signal: opts.signal });
      },
      /** Clean Field Notes (higher-privilege users). */
      cleanNotes(venueId: string, opts: RequestOptions = {}): Promise<CleanFieldNotesResult> {
        return request<CleanFieldNotesResult>(`/venues/${path(venueId)}/field-notes/clean`, { method: 'POST', signal: opts.signal });
      },
    },

    /**
     * Venue documents and photos (spec §2 'Photos', 'Documents'; §7 'Duplicates, uploads and documents'), photo tags
     * and the public gallery. Uploads go through the sdk's upload queue (`enqueueUploads`), which shows byte progress.
     */
    media: {
      /** A venue's documents, newest upload first: 'photos', 'files' or 'all' (default), optionally of one event. */
      listDocuments(venueId: string, query: DocumentListParams = {}, opts: RequestOptions = {}): Promise<DocumentList> {
        return request<DocumentList>(`/venues/${path(venueId)}/documents${documentListQueryString(query)}`, { signal: opts.signal });
      },
      /** One document, with fresh signed content URLs. */
      getDocument(id: string, opts: RequestOptions = {}): Promise<VenueDocument> {
        return request<VenueDocument>(`/documents/${path(id)}`, { signal: opts.signal });
      },
      /** Changes the category, the event link (`eventId: null` clears it), or both. */
      updateDocument(id: string, input: UpdateDocumentRequest, opts: RequestOptions = {}): Promise<VenueDocument> {
        return request<VenueDocument>(`/documents/${path(id)}`, { method: 'PATCH', body: input, signal: opts.signal });
      },
      deleteDocument(id: string, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/documents/${path(id)}`, { method: 'DELETE', signal: opts.signal });
      },
      /** Deletes up to MEDIA.maxBatch photos of the venue at once. */
      batchDeletePhotos(venueId: string, documentIds: readonly string[], opts: RequestOptions = {}): Promise<BatchDeletePhotosResult> {
        return request<BatchDeletePhotosResult>(`/venues/${path(venueId)}/photos/batch-delete`, { method: 'POST', body: { documentIds }, signal: opts.signal });
      },
      /** Tags every photo with every card (already tagged pairs stay); answers the photos as they are now. */
      tagPhotos(venueId: string, documentIds: readonly string[], cardIds: readonly string[], opts: RequestOptions = {}): Promise<PhotoTagsResult> {
        return request<PhotoTagsResult>(`/venues/${path(venueId)}/photo-tags`, { method: 'POST', body: { documentIds, cardIds }, signal: opts.signal });
      },
      /** Removes those cards' tags from those photos; answers the photos as they are now. */
      untagPhotos(venueId: string, documentIds: readonly string[], cardIds: readonly string[], opts: RequestOptions = {}): Promise<PhotoTagsResult> {
        return request<PhotoTagsResult>(`/venues/${path(venueId)}/photo-tags/remove`, { method: 'POST', body: { documentIds, cardIds }, signal: opts.signal });
      },
      /** The venue's public gallery settings and link. */
      gallerySettings(venueId: string, opts: RequestOptions = {}): Promise<GallerySettings> {
        return request<GallerySettings>(`/venues/${path(venueId)}/gallery`, { signal: opts.signal });
      },
      /** Turns the public gallery on or off and sets its expiry (admins and owners). */
      updateGallery(venueId: string, input: UpdateGallerySettingsRequest, opts: RequestOptions = {}): Promise<GallerySettings> {
        return request<GallerySettings>(`/venues/${path(venueId)}/gallery`, { method: 'PUT', body: input, signal: opts.signal });
      },
      /** A new link key (admins and owners): the old link stops working at once. */
      rotateGallery(venueId: string, opts: RequestOptions = {}): Promise<GallerySettings> {
        return request<GallerySettings>(`/venues/${path(venueId)}/gallery/rotate`, { method: 'POST', signal: opts.signal });
      },
      /** A venue's public photo gallery by its link key. Public: no sign-in. */
      publicGallery(venueId: string, key: string, opts: RequestOptions = {}): Promise<PublicGallery> {
        return request<PublicGallery>(`/public/venues/${path(venueId)}/gallery?key=${encodeURIComponent(key)}`, { signal: opts.signal, auth: 'public' });
      },
    },

    /** `/deleted-cards` (admins): soft-deleted cards, their restore (`venueCards` is the card) and permanent delete. */
    deletedCards: {
      list(opts: RequestOptions = {}): Promise<DataCardList> {
        return request<DataCardList>('/deleted-cards', { signal: opts.signal });
      },
      restore(id: string, opts: RequestOptions = {}): Promise<DataCard> {
        return request<DataCard>(`/cards/${path(id)}/restore`, { method: 'POST', signal: opts.signal });
      },
      purge(id: string, opts: RequestOptions = {}): Promise<void> {
        return requestVoid(`/deleted-cards/${path(id)}`, { method: 'DELETE', signal: opts.signal });
      },
    },

    /** `/audit-logs`: the audit log, newest first (owners only: others get 403). */
    auditLogs: {
      list(query: AuditLogListParams = {}, opts: RequestOptions = {}): Promise<AuditLogPage> {
        const params = new URLSearchParams();
        if (query.page !== undefined) params.set('page', String(query.page));
        if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
        const qs = params.toString();
        return request<AuditLogPage>(`/audit-logs${qs ? `?${qs}` : ''}`, { signal: opts.signal });
      },
    },
  };
}

/** Where the browser starts Google sign-in (a full-page navigation, spec §1). */
export const GOOGLE_SIGN_IN_PATH = '/api/v1/auth/google/start';

export type ApiClient = ReturnType<typeof createApiClient>;

async function readText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw networkError(error);
  }
}

async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await readText(response, signal);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The app-wide client (same-origin `/api/v1`). */
export const api: ApiClient = createApiClient();
