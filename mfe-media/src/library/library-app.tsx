// The media library's React tree: the existing Photos and Documents pages of mfe-media in a memory router, with the
// sdk's theme, query client and an embed session (tokens from the host or the session bridge). Nothing here
// navigates the host page: links to other Venue Book pages open Venue Book in a new tab.
import { Box, Button, Center, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { EmptyState, QueryProvider, SessionProvider, useUploadQueue, type UploadItem } from '@venuebook/sdk';
import { useEffect, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { LuCircleAlert, LuExternalLink, LuFileText, LuImage, LuLogIn } from 'react-icons/lu';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DocumentsPage } from '../documents/documents-page.tsx';
import { PhotosPage } from '../photos/photos-page.tsx';
import { AppOriginContext } from '../shared/app-origin.ts';
import type { MediaLibraryEvent, MediaLibraryView, ResolvedMediaLibraryProps } from './contract.ts';
import type { EmbedSessionStore } from './embed-session.ts';

export const LIBRARY_TEXT = {
  signedOutTitle: 'Sign in to see the venue’s photos and documents',
  signedOutBody: 'You are not signed in to Venue Book in this browser. Sign in, then come back to this page.',
  signIn: 'Sign in to Venue Book',
  retry: 'Try again',
  failedTitle: 'Venue Book could not be reached',
  accessDenied: 'Your account may not use Venue Book.',
} as const;

export interface LibraryAppProps {
  props: ResolvedMediaLibraryProps;
  apiOrigin: string;
  store: EmbedSessionStore;
  emit: (event: MediaLibraryEvent) => void;
  /** The user switched the view (the mount keeps it until the host's next update). */
  onView: (view: MediaLibraryView) => void;
}

export function LibraryApp({ props, apiOrigin, store, emit, onView }: LibraryAppProps) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);

  // Signed out: a retry whenever the host page gets the focus back (the user signed in in the other tab).
  useEffect(() => {
    if (snapshot.status !== 'signed-out' && !snapshot.error) return;
    const again = () => void store.check();
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [snapshot.status, snapshot.error, store]);

  /** Links to other Venue Book pages (relative, same window) open Venue Book in a new tab instead. */
  const keepHostPage = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    window.open(`${apiOrigin}${href}`, '_blank', 'noopener');
  };

  let body: ReactNode;
  if (snapshot.status === 'loading') {
    body = (
      <Center py="16" data-testid="media-library-loading">
        <Spinner size="lg" color="brand.solid" />
      </Center>
    );
  } else if (snapshot.status === 'signed-out' && !snapshot.error) {
    body = <SignedOut apiOrigin={apiOrigin} />;
  } else if (snapshot.status === 'signed-out' || (snapshot.error && !snapshot.user)) {
    body = <Failed message={snapshot.accessDenied ? LIBRARY_TEXT.accessDenied : (snapshot.error ?? '')} onRetry={() => void store.check()} />;
  } else {
    const path = `/venue/${encodeURIComponent(props.venueId)}/${props.view}`;
    body = (
      <Stack gap="4">
        <Flex gap="2" align="center" wrap="wrap">
          <ViewSwitch view={props.view} onChange={onView} />
          <Button asChild size="xs" variant="ghost" ms="auto">
            <a href={`${apiOrigin}${path}`} target="_blank" rel="noopener noreferrer" data-testid="media-library-open-app">
              Open in Venue Book <LuExternalLink />
            </a>
          </Button>
        </Flex>
        <LibraryUploads venueId={props.venueId} />
        <MemoryRouter key={path} initialEntries={[path]}>
          <Routes>
            <Route path="/venue/:venueId/photos" element={<PhotosPage />} />
            <Route path="/venue/:venueId/documents" element={<DocumentsPage />} />
          </Routes>
        </MemoryRouter>
      </Stack>
    );
  }

  useEffect(() => {
    if (snapshot.status === 'signed-out' && !snapshot.error) emit({ type: 'signed-out' });
  }, [snapshot.status, snapshot.error, emit]);
  useEffect(() => {
    if (snapshot.error) emit({ type: 'error', message: snapshot.error });
  }, [snapshot.error, emit]);
  useEffect(() => {
    if (snapshot.status === 'signed-in') emit({ type: 'ready', venueId: props.venueId, view: props.view });
    // Once per sign-in and venue (a view change is its own event).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status, props.venueId, emit]);

  return (
    <AppOriginContext.Provider value={apiOrigin}>
      <SessionProvider store={store}>
        <QueryProvider store={store}>
          <Box onClickCapture={keepHostPage} p={{ base: '3', md: '4' }} data-testid="media-library" data-status={snapshot.status}>
            {body}
          </Box>
        </QueryProvider>
      </SessionProvider>
    </AppOriginContext.Provider>
  );
}

const VIEWS: { view: MediaLibraryView; label: string; icon: ReactNode }[] = [
  { view: 'photos', label: 'Photos', icon: <LuImage /> },
  { view: 'documents', label: 'Documents', icon: <LuFileText /> },
];

function ViewSwitch({ view, onChange }: { view: MediaLibraryView; onChange: (view: MediaLibraryView) => void }) {
  return (
    <HStack gap="0" role="tablist" aria-label="Media" borderWidth="1px" rounded="l2" p="0.5" data-testid="media-library-views">
      {VIEWS.map((option) => (
        <Button
          key={option.view}
          role="tab"
          aria-selected={view === option.view}
          size="sm"
          variant={view === option.view ? 'subtle' : 'ghost'}
          colorPalette={view === option.view ? 'brand' : undefined}
          onClick={() => view !== option.view && onChange(option.view)}
          data-testid={`media-library-view-${option.view}`}
        >
          {option.icon} {option.label}
        </Button>
      ))}
    </HStack>
  );
}

const STATUS_TEXT: Record<UploadItem['status'], string> = { pending: 'Waiting', uploading: 'Uploading', success: 'Uploaded', error: 'Failed' };

/** The venue's uploads of this page (the app's upload panel is not here): name, status and a progress bar. */
function LibraryUploads({ venueId }: { venueId: string }) {
  const queue = useUploadQueue();
  const items = queue.items.filter((item) => item.venueId === venueId);
  if (items.length === 0) return null;
  return (
    <Stack gap="1.5" borderWidth="1px" rounded="l2" p="3" data-testid="media-library-uploads" aria-live="polite">
      <Flex align="center">
        <Text fontWeight="medium" fontSize="sm">
          Uploads
        </Text>
        {items.some((item) => item.status === 'success' || item.status === 'error') ? (
          <Button size="2xs" variant="ghost" ms="auto" onClick={queue.clearCompleted} data-testid="media-library-uploads-clear">
            Clear finished
          </Button>
        ) : null}
      </Flex>
      {items.map((item) => (
        <Box key={item.id} data-testid="media-library-upload" data-status={item.status}>
          <Flex gap="2" fontSize="xs">
            <Text flex="1" minW="0" truncate>
              {item.file.name}
            </Text>
            <Text color={item.status === 'error' ? 'fg.error' : 'fg.muted'} flexShrink="0" data-testid="media-library-upload-status">
              {item.status === 'uploading' ? `${STATUS_TEXT.uploading} ${item.progress}%` : STATUS_TEXT[item.status]}
            </Text>
          </Flex>
          {item.error ? (
            <Text fontSize="xs" color="fg.error">
              {item.error}
            </Text>
          ) : null}
          <Box h="1" bg="bg.muted" rounded="full" overflow="hidden" mt="1">
            <Box
              h="full"
              bg={item.status === 'error' ? 'red.solid' : 'brand.solid'}
              w={`${item.status === 'success' ? 100 : item.progress}%`}
              transition="width 0.2s"
              role="progressbar"
              aria-valuenow={item.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={`Upload of ${item.file.name}`}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function SignedOut({ apiOrigin }: { apiOrigin: string }) {
  return (
    <EmptyState icon={<LuLogIn />} title={LIBRARY_TEXT.signedOutTitle} description={LIBRARY_TEXT.signedOutBody} data-testid="media-library-signed-out">
      <Button colorPalette="brand" onClick={() => window.open(`${apiOrigin}/auth`, '_blank', 'noopener')} data-testid="media-library-sign-in">
        {LIBRARY_TEXT.signIn} <LuExternalLink />
      </Button>
    </EmptyState>
  );
}

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={
        <Box as="span" color="fg.error">
          <LuCircleAlert />
        </Box>
      }
      title={LIBRARY_TEXT.failedTitle}
      description={
        <Box as="span" wordBreak="break-word" data-testid="media-library-error-message">
          {message}
        </Box>
      }
      data-testid="media-library-error"
    >
      <Button variant="outline" onClick={onRetry} data-testid="media-library-retry">
        {LIBRARY_TEXT.retry}
      </Button>
    </EmptyState>
  );
}
