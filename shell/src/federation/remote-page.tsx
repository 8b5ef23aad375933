import { Box, Button, Card, Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { Component, Suspense, use, useState, type ErrorInfo, type ReactNode } from 'react';
import { LuRefreshCw, LuUnplug } from 'react-icons/lu';
import type { RemoteContainer } from '@venuebook/sdk';
import { forgetRemotePages, loadRemotePages } from './remotes.ts';

export interface RemotePageProps {
  container: RemoteContainer;
  page: string;
}

/**
 * Renders page `page` of remote `container`. While the remote loads it shows a spinner; if the
 * remote cannot be loaded (or its page crashes) it shows a fallback card with Retry, inside the
 * layout, so the header and the other routes keep working.
 */
export function RemotePage({ container, page }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={`${container}/${page}#${attempt}`}
      container={container}
      onRetry={() => {
        forgetRemotePages(container);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<RemoteLoading />}>
        <RemotePageContent container={container} page={page} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemotePageContent({ container, page }: RemotePageProps) {
  const pages = use(loadRemotePages(container));
  const Page = pages[page];
  if (!Page) throw new Error(`Remote "${container}" has no page "${page}"`);
  return <Page />;
}

function RemoteLoading() {
  return (
    <Center py="16" data-testid="remote-loading">
      <Spinner size="lg" color="brand.solid" aria-label="Loading" />
    </Center>
  );
}

interface BoundaryProps {
  container: RemoteContainer;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Remote "${this.props.container}" could not be rendered`, error, info.componentStack);
  }

  override render() {
    if (this.state.error == null) return this.props.children;
    return <RemoteFallback onRetry={this.props.onRetry} />;
  }
}

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <Center py={{ base: '8', md: '16' }}>
      <Card.Root maxW="md" w="full" data-testid="remote-fallback" role="alert">
        <Card.Body>
          <VStack gap="3" textAlign="center">
            <Box color="fg.muted" fontSize="3xl" aria-hidden>
              <LuUnplug />
            </Box>
            <Text fontWeight="semibold" fontSize="lg">
              This section is unavailable right now
            </Text>
            <Text color="fg.muted" fontSize="sm">
              It could not be loaded. Check your connection, then try again.
            </Text>
            <Button colorPalette="brand" onClick={onRetry} data-testid="remote-retry">
              <LuRefreshCw /> Retry
            </Button>
          </VStack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
