import { Box, Button, Center, Skeleton, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { LuMapPinOff, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, isApiRequestError } from '../api/api-error.ts';
import { EmptyState } from './empty-state.tsx';

/** A page's data could not be loaded: what went wrong and Retry (an alert). */
export function LoadError({
  title,
  error,
  onRetry,
  testId,
  retryTestId,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  testId: string;
  retryTestId?: string;
}) {
  return (
    <Box role="alert" data-testid={testId}>
      <EmptyState icon={<LuTriangleAlert />} title={title} description={errorMessage(error)}>
        <Button colorPalette="brand" onClick={onRetry} data-testid={retryTestId}>
          Retry
        </Button>
      </EmptyState>
    </Box>
  );
}

/** A list's placeholder rows while its first page loads. */
export function ListSkeleton({ count, h, testId }: { count: number; h: string; testId: string }) {
  return (
    <Stack gap="3" data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={h} rounded="l3" />
      ))}
    </Stack>
  );
}

/** A spinner with a line of text, while a page's data loads. */
export function LoadingSpinner({ text, testId }: { text: string; testId: string }) {
  return (
    <Center py="16" data-testid={testId}>
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{text}</Text>
      </VStack>
    </Center>
  );
}

/** The route's venue is loading (the venue pages). */
export function VenueLoading() {
  return <LoadingSpinner text="Loading venue information..." testId="venue-loading" />;
}

/** The route's venue could not be loaded: 'Venue Not Found' (404, or an id that is no id: 400) or the error with Retry. */
export function VenueLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiRequestError(error) && (error.status === 404 || error.status === 400)) {
    return (
      <Box data-testid="venue-not-found">
        <EmptyState icon={<LuMapPinOff />} title="Venue Not Found" description="This venue does not exist or has been deleted.">
          <Button asChild colorPalette="brand" variant="outline">
            <RouterLink to="/">Return Home</RouterLink>
          </Button>
        </EmptyState>
      </Box>
    );
  }
  return <LoadError title="Could not load this venue" error={error} onRetry={onRetry} testId="venue-error" />;
}
