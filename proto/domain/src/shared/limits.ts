/**
 * Business constants and limits of spec §9, grouped by concern.
 * Durations are in milliseconds (suffix `Ms`), sizes in pixels (suffix `Px`).
 */

export const DEFAULT_COUNTRY = 'United States';

// ---- HTTP API bounds -------------------------------------------------------------

/**
 * The highest page number of every paged list of the HTTP API. Bounded so that (page - 1) × page size stays
 * far inside a gRPC int32 and a database skip (1,000,000 × 200 = 2 × 10^8 < 2^31).
 */
export const MAX_PAGE = 1_000_000;
/** The longest path parameter (an id) the gateway routes; a longer one is answered 400 before routing. */
export const MAX_PATH_PARAM_LENGTH = 100;

// ---- Venue list -------------------------------------------------------------

export const VENUE_SORTS = ['newest', 'updated', 'name'] as const;
export type VenueSort = (typeof VENUE_SORTS)[number];
export const DEFAULT_VENUE_SORT = 'newest' satisfies VenueSort;
export const VENUE_SORT_LABELS: Readonly<Record<VenueSort, string>> = {
  newest: 'Newest',
  updated: 'Updated',
  name: 'A→Z',
};
/** Options for a sort select, in display order. */
export const VENUE_SORT_OPTIONS: readonly { readonly value: VenueSort; readonly label: string }[] = VENUE_SORTS.map((value) => ({
  value,
  label: VENUE_SORT_LABELS[value],
}));

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Maximum length of the venue search text. */
export const MAX_SEARCH_LENGTH = 200;

/** Maximum lengths of venue fields (HTTP/gRPC input validation). */
export const VENUE_FIELD_MAX = {
  name: 200,
  country: 100,
  address: 1000,
  displayCityAs: 200,
  deliveryAddress: 1000,
  deliveryNotes: 10_000,
  website: 2048,
  generalNotes: 100_000,
  contactName: 200,
  contactTitle: 200,
  contactPhone: 50,
  contactEmail: 320,
  linkDisplayText: 200,
  linkUrl: 2048,
  links: 100,
} as const;

/**
 * What website and link normalisation may add to a typed URL ('https://'). The typed maxima above bound what a
 * user types (and the OpenAPI document states); the stored value may be this much longer, so that the service,
 * which re-validates what the gateway normalised, accepts it (parsing is idempotent).
 */
export const URL_SCHEME_ADDED_LENGTH = 'https://'.length;
/** The longest stored website and link URL: the typed maximum plus the added scheme. */
export const VENUE_STORED_URL_MAX = {
  website: VENUE_FIELD_MAX.website + URL_SCHEME_ADDED_LENGTH,
  linkUrl: VENUE_FIELD_MAX.linkUrl + URL_SCHEME_ADDED_LENGTH,
} as const;

/**
 * The most a venue may hold: the UTF-8 bytes of all its text fields and links together (256 KiB). Each field
 * has its own maximum too, but together they would allow about 1 MB (3 bytes per character); no real venue
 * comes near this, and it keeps one venue (a gRPC message, an event, an audit entry) far below the 4 MiB gRPC
 * message limit. Lists carry summaries (a few KB each at most), never whole venues.
 */
export const VENUE_MAX_BYTES = 256 * 1024;

// ---- Auth -------------------------------------------------------------------

const AUTH_TICK_MS = 30_000;
const AUTH_REFRESH_MARGIN_TICKS = 3;

export const AUTH = {
  /** Token auto-refresh tick. */
  refreshTickMs: AUTH_TICK_MS,
  /** Refresh starts when expiry is within this many ticks… */
  refreshMarginTicks: AUTH_REFRESH_MARGIN_TICKS,
  /** …i.e. within 90 s. */
  refreshMarginMs: AUTH_TICK_MS * AUTH_REFRESH_MARGIN_TICKS,
  /** Refresh retry back-off: starts at 200 ms, doubles, gives up after 30 s. */
  refreshBackoffInitialMs: 200,
  refreshBackoffMaxMs: 30_000,
  /** Key-set (JWKS) cache lifetime. */
  keySetCacheMs: 10 * 60_000,
  /** Phone sign-in channel default. */
  phoneChannel: 'sms',
  /** First-login check runs this long after sign-in. */
  firstLoginCheckDelayMs: 100,
} as const;

// ---- Uploads ----------------------------------------------------------------

export const UPLOAD = {
  maxRetries: 3,
  /** Retry delay = retryDelayMs × attempt number. */
  retryDelayMs: 2000,
  queuePollMs: 5000,
  concurrency: 3,
  /** Fake progress: +10 every 500 ms, capped at 90 until success (100). */
  progressStep: 10,
  progressIntervalMs: 500,
  progressCap: 90,
  panelAutoCloseMs: 3000,
  storageKey: 'venuebook.uploadQueue',
} as const;

// ---- Offline ----------------------------------------------------------------

export const OFFLINE = {
  storageKeys: {
    queue: 'venuebook.offline.queue',
    venues: 'venuebook.offline.venues',
    contacts: 'venuebook.offline.contacts',
    dataCards: 'venuebook.offline.dataCards',
  },
  pendingCountRefreshMs: 10_000,
  reconnectRefreshDelayMs: 2000,
} as const;

// ---- Toasts -----------------------------------------------------------------

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
} as const;

// ---- Contacts ---------------------------------------------------------------

export const PHONE_MAX_DIGITS = 15;

/**
 * Main-contact name-change thresholds (spec §5): the name counts as changed when the
 * edit distance exceeds `maxEdits` for the first row whose `maxLength` covers the
 * longer name's length.
 */
export const CONTACT_NAME_CHANGE_THRESHOLDS: readonly { readonly maxLength: number; readonly maxEdits: number }[] = [
  { maxLength: 5, maxEdits: 1 },
  { maxLength: 10, maxEdits: 2 },
  { maxLength: Number.POSITIVE_INFINITY, maxEdits: 3 },
];

// ---- UI ---------------------------------------------------------------------

export const UI = {
  mobileBreakpointPx: 768,
  swipeThresholdPx: 50,
  tapMaxMs: 300,
  tapMaxMovePx: 10,
  galleryMinColumns: 2,
  galleryMaxColumns: 5,
  /** The Tab key inserts this many spaces in text areas. */
  tabSpaces: 2,
  textareaRowsWide: 6,
  textareaRowsNarrow: 3,
  textareaWideMinWidthPx: 1024,
  venueTypesListMaxHeight: '24rem',
  duplicatesListMaxHeight: '15rem',
  dateFormat: 'MMM d, yyyy',
  /** Shown as last sign-in when a user never signed in. */
  neverSignedIn: 'Never',
} as const;

// ---- Media & caching ----------------------------------------------------------

export const MEDIA = {
  cameraPhotoQuality: 90,
  photoQueryStaleMs: 5 * 60_000,
  venueDataCacheMs: 5 * 60_000,
  venuePhotoPrefetchDelayMs: 100,
  /** Sizes of the derived images (longest side, px): grids show the thumbnail, the viewer the preview. */
  thumbPx: 250,
  previewPx: 1440,
  /** Default largest upload (the media service's and gateway's MEDIA_MAX_UPLOAD_BYTES may change it). */
  maxUploadBytes: 500 * 1024 * 1024,
  /** At most this many photos deleted or tagged in one call. */
  maxBatch: 500,
  /** At most this many cards in one tag call. */
  maxTagCards: 50,
  /** At most this many tags on one photo (a venue's photo list must stay far below the 4 MiB message limit). */
  maxTagsPerPhoto: 50,
} as const;

// ---- Data cards ---------------------------------------------------------------

export const CARD_ORDER = {
  /** A card without a saved order sorts as if it had this order. */
  missingSortOrder: 999_999,
  /** Placeholder rank on master templates. */
  templatePlaceholderRank: 999,
} as const;

/** Field-notes merge heuristic: a replace when lengths differ by under this ratio, or line counts match. */
export const FIELD_NOTES_REPLACE_LENGTH_RATIO = 0.5;

/** AI confidence badge colours: green ≥ 80, yellow ≥ 60, red below. */
export const AI_CONFIDENCE = {
  greenMin: 80,
  yellowMin: 60,
} as const;

// ---- Events -----------------------------------------------------------------

export const EVENT_SORTS = ['newest', 'oldest', 'a-z', 'z-a'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];
export const DEFAULT_EVENT_SORT = 'newest' satisfies EventSort;
/**
 * Maximum lengths of an event's fields. The description's bound keeps a page of the largest page size (200 events,
 * 3 bytes per character at most: ~2.4 MB) below the 4 MiB gRPC message limit.
 */
export const EVENT_FIELD_MAX = { name: 200, description: 4000 } as const;
/** Page sizes of the venue events page and of the all-events list. */
export const DEFAULT_VENUE_EVENTS_PAGE_SIZE = 100;
export const DEFAULT_EVENTS_PAGE_SIZE = 50;
export const MAX_EVENTS_PAGE_SIZE = 200;

// ---- Audit & sync -------------------------------------------------------------

export const AUDIT = {
  defaultLimit: 100,
  syncPageLimit: 200,
  auditPageLimit: 1000,
  tableHeightPx: 600,
  recordIdDisplayLength: 8,
  /** An audit entry is sync-related when its action contains one of these… */
  syncActionKeywords: ['sync', 'gdrive', 'upload'],
  /** …or its table is one of these. */
  syncTables: ['venue_documents', 'gdrive_sync_queue'],
} as const;

export const SYNC = {
  queueFetchLimit: 100,
  /** Default tab of the sync logs page (Sync Queue). */
  defaultLogsTab: 'queue',
} as const;

/** Sync-related audit filter of spec §9. */
export function isSyncRelatedAuditEntry(entry: { action?: string | null; tableName?: string | null }): boolean {
  const action = (entry.action ?? '').toLowerCase();
  if (AUDIT.syncActionKeywords.some((k) => action.includes(k))) return true;
  return (AUDIT.syncTables as readonly string[]).includes(entry.tableName ?? '');
}
