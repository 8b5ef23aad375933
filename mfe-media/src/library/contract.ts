// The embeddable media library's public contract: the props of `mount` (version 1) and the events it
// reports. Other teams' pages build against this; a change that is not backwards compatible is a new version.
import { z } from 'zod';

/** The props version this build understands. */
export const MEDIA_LIBRARY_VERSION = 1;

export const MEDIA_LIBRARY_VIEWS = ['photos', 'documents'] as const;
export type MediaLibraryView = (typeof MEDIA_LIBRARY_VIEWS)[number];

/** An origin as `scheme://host[:port]`: http(s), no path, query or trailing slash. */
const originSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}, 'must be an origin such as https://venuebook.example.com (scheme, host and port only; no path or trailing slash)');

const fn = (what: string) => z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', `must be a function (${what})`);

export const mediaLibraryPropsSchema = z.strictObject({
  version: z.literal(MEDIA_LIBRARY_VERSION, { error: `must be ${MEDIA_LIBRARY_VERSION} (this library implements props version ${MEDIA_LIBRARY_VERSION})` }),
  // A venue id is one path segment of the API's URLs: letters, digits, '-' and '_' only (not '.', '..' or '/').
  venueId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/, 'must be a venue id'),
  view: z.enum(MEDIA_LIBRARY_VIEWS).default('photos'),
  getAccessToken: fn('() => Promise<string | null>').optional(),
  apiOrigin: originSchema.optional(),
  colorMode: z.enum(['light', 'dark']).default('light'),
  onEvent: fn('(event) => void').optional(),
});

/** What a host passes to `mount` and `update`. */
export interface MediaLibraryProps {
  /** The props version: 1. */
  version: typeof MEDIA_LIBRARY_VERSION;
  /** The venue whose photos and documents are shown. */
  venueId: string;
  /** Default 'photos'. */
  view?: MediaLibraryView;
  /**
   * A Venue Book access token for the API calls, or null when the user is signed out. Default: the session bridge
   * (a hidden iframe of `<apiOrigin>/embed/session`, which works when the host page is same-site with Venue Book).
   */
  getAccessToken?: () => Promise<string | null>;
  /** Venue Book's origin (the gateway). Default: the origin remoteEntry.js was loaded from. */
  apiOrigin?: string;
  /** Default 'light'. */
  colorMode?: 'light' | 'dark';
  /** Everything the library reports (see MediaLibraryEvent). */
  onEvent?: (event: MediaLibraryEvent) => void;
}

/** Props after validation, defaults applied. */
export interface ResolvedMediaLibraryProps {
  version: typeof MEDIA_LIBRARY_VERSION;
  venueId: string;
  view: MediaLibraryView;
  getAccessToken: (() => Promise<string | null>) | undefined;
  apiOrigin: string | undefined;
  colorMode: 'light' | 'dark';
  onEvent: ((event: MediaLibraryEvent) => void) | undefined;
}

/** The events `onEvent` receives. */
export type MediaLibraryEvent =
  /** Signed in and showing the venue. */
  | { type: 'ready'; venueId: string; view: MediaLibraryView }
  /** The user (or `update`) switched between photos and documents. */
  | { type: 'view-changed'; venueId: string; view: MediaLibraryView }
  /** A file was stored (photo or document). */
  | { type: 'uploaded'; venueId: string; documentId: string; fileName: string; isPhoto: boolean }
  /** Photos or a document were deleted. */
  | { type: 'deleted'; venueId: string; documentIds: string[] }
  /** There is no Venue Book session in this browser (or the host's getAccessToken answered null). */
  | { type: 'signed-out' }
  /** Something failed: Venue Book unreachable or refusing this origin (CORS), the session bridge, a server error. */
  | { type: 'error'; message: string; status?: number };

export type MediaLibraryEventType = MediaLibraryEvent['type'];

/** What `mount` returns. */
export interface MediaLibraryHandle {
  /** New props (the whole set, version 1); throws like `mount` when they are invalid (the library keeps the old ones). */
  update(props: MediaLibraryProps): void;
  /** Removes the library from the element. */
  unmount(): void;
}

/** Validates props from a host (any value); throws an Error naming every problem. */
export function parseMediaLibraryProps(input: unknown): ResolvedMediaLibraryProps {
  if (typeof input !== 'object' || input === null) throw new Error('Venue Book media library: props must be an object such as { version: 1, venueId }');
  const result = mediaLibraryPropsSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return key ? `${key} ${issue.message}` : issue.message;
    });
    throw new Error(`Venue Book media library: invalid props: ${problems.join('; ')}`);
  }
  const props = result.data;
  return {
    version: props.version,
    venueId: props.venueId,
    view: props.view,
    getAccessToken: props.getAccessToken as ResolvedMediaLibraryProps['getAccessToken'],
    apiOrigin: props.apiOrigin,
    colorMode: props.colorMode,
    onEvent: props.onEvent as ResolvedMediaLibraryProps['onEvent'],
  };
}
