// `mount(element, props)`: the embeddable media library on any page, framework-free. One session per page:
// every mounted library uses the same Venue Book origin and token source (the latest mount's or update's).
import { ChakraProvider } from '@chakra-ui/react';
import { api, onUploadSucceeded, Toaster } from '@venuebook/sdk';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBridgeClient, type BridgeClient } from './bridge-client.ts';
import {
  parseMediaLibraryProps,
  type MediaLibraryEvent,
  type MediaLibraryHandle,
  type MediaLibraryProps,
  type MediaLibraryView,
  type ResolvedMediaLibraryProps,
} from './contract.ts';
import { createEmbedFetch } from './embed-fetch.ts';
import { createEmbedSessionStore, type EmbedSessionStore } from './embed-session.ts';
import { LibraryApp } from './library-app.tsx';
import { LIBRARY_ROOT_CLASS, librarySystem, PORTAL_THEME_ATTRIBUTE } from './library-system.ts';

declare const __webpack_public_path__: string | undefined;

/** Where remoteEntry.js was loaded from (webpack's publicPath 'auto'), else this page's origin. */
function loadedFromOrigin(): string {
  try {
    if (typeof __webpack_public_path__ === 'string' && __webpack_public_path__) return new URL(__webpack_public_path__, window.location.href).origin;
  } catch {
    // fall through
  }
  return window.location.origin;
}

interface Mounted {
  props: ResolvedMediaLibraryProps;
  emit(event: MediaLibraryEvent): void;
}

const mounted = new Set<Mounted>();

/** The page's session: Venue Book's origin, the token source, the bridge (when the host passes no getAccessToken). */
let page: {
  apiOrigin: string;
  store: EmbedSessionStore;
  bridge: BridgeClient | null;
  tokenSource: () => Promise<string | null>;
  stopUploads: () => void;
} | null = null;

function pageSession(props: ResolvedMediaLibraryProps) {
  const apiOrigin = props.apiOrigin ?? loadedFromOrigin();
  if (page && page.apiOrigin !== apiOrigin)
    throw new Error(`Venue Book media library: every library on a page uses one Venue Book origin (${page.apiOrigin}), not also ${apiOrigin}`);
  if (!page) {
    const broadcast = (event: MediaLibraryEvent) => {
      for (const instance of mounted) instance.emit(event);
    };
    api.configure({
      baseUrl: `${apiOrigin}/api/v1`,
      fetch: createEmbedFetch(apiOrigin, {
        deleted: (documentIds) => {
          for (const instance of mounted) instance.emit({ type: 'deleted', venueId: instance.props.venueId, documentIds });
        },
        failed: (message, status) => broadcast(status === undefined ? { type: 'error', message } : { type: 'error', message, status }),
      }),
    });
    const state = {
      apiOrigin,
      bridge: null as BridgeClient | null,
      tokenSource: (): Promise<string | null> => Promise.resolve(null),
      store: null as unknown as EmbedSessionStore,
      stopUploads: onUploadSucceeded((item, document) => {
        for (const instance of mounted) {
          if (instance.props.venueId === item.venueId)
            instance.emit({ type: 'uploaded', venueId: item.venueId, documentId: document.id, fileName: document.fileName, isPhoto: document.isPhoto });
        }
      }),
    };
    state.store = createEmbedSessionStore({ apiOrigin, getAccessToken: () => state.tokenSource(), invalidate: () => state.bridge?.invalidate() });
    page = state;
  }
  const session = page;
  if (props.getAccessToken) {
    session.tokenSource = props.getAccessToken;
  } else {
    session.bridge ??= createBridgeClient({ apiOrigin });
    const bridge = session.bridge;
    session.tokenSource = () => bridge.getAccessToken();
  }
  return session;
}

/**
 * Mounts the media library into `element`. Throws (rendering nothing) when the props are not valid props version 1.
 */
export function mount(element: HTMLElement, input: MediaLibraryProps): MediaLibraryHandle {
  if (typeof HTMLElement === 'undefined' || !(element instanceof HTMLElement))
    throw new Error('Venue Book media library: mount(element, props) needs a DOM element');
  let props = parseMediaLibraryProps(input);
  const session = pageSession(props);
  /** The view the user chose, until the host passes another one. */
  let view: MediaLibraryView = props.view;
  let root: Root | null = null;

  /** The last error reported (a failed call is seen by the fetch and by the session check: reported once). */
  let lastError: { message: string; at: number } | null = null;
  const instance: Mounted = {
    props,
    emit(event) {
      if (event.type === 'error') {
        const now = Date.now();
        if (lastError && lastError.message === event.message && now - lastError.at < 2000) return;
        lastError = { message: event.message, at: now };
      }
      try {
        instance.props.onEvent?.(event);
      } catch (error) {
        console.error('Venue Book media library: onEvent threw', error);
      }
    },
  };
  mounted.add(instance);

  const host = document.createElement('div');
  element.replaceChildren(host);

  const render = () => {
    host.className = `${LIBRARY_ROOT_CLASS} chakra-theme ${props.colorMode}`;
    // Dialogs, toasts and the viewer render into the body: they follow the latest colour mode.
    document.body.setAttribute(PORTAL_THEME_ATTRIBUTE, props.colorMode);
    root?.render(
      <StrictMode>
        <ChakraProvider value={librarySystem}>
          <LibraryApp
            props={{ ...props, view }}
            apiOrigin={session.apiOrigin}
            store={session.store}
            emit={instance.emit}
            onView={(next) => {
              view = next;
              instance.emit({ type: 'view-changed', venueId: props.venueId, view: next });
              render();
            }}
          />
          <Toaster />
        </ChakraProvider>
      </StrictMode>,
    );
  };
  root = createRoot(host);
  render();

  return {
    update(next) {
      if (!root) throw new Error('Venue Book media library: update after unmount');
      const parsed = parseMediaLibraryProps(next);
      const sessionNow = pageSession(parsed);
      if (sessionNow !== session) throw new Error('Venue Book media library: the session changed');
      const previousView = view;
      const tokensChanged = parsed.getAccessToken !== props.getAccessToken;
      if (parsed.view !== props.view || parsed.venueId !== props.venueId) view = parsed.view;
      props = parsed;
      instance.props = parsed;
      if (view !== previousView) instance.emit({ type: 'view-changed', venueId: parsed.venueId, view });
      if (tokensChanged) void session.store.check();
      render();
    },
    unmount() {
      root?.unmount();
      root = null;
      host.remove();
      mounted.delete(instance);
      if (mounted.size === 0) {
        document.body.removeAttribute(PORTAL_THEME_ATTRIBUTE);
        session.bridge?.dispose();
        session.bridge = null;
      }
    },
  };
}
