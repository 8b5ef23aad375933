import { Box, Button, Card, Center, Flex, Heading, HStack, Stack, Skeleton, Text, VStack, Wrap } from '@chakra-ui/react';
import {
  api,
  deletedVenueQueries,
  EmptyState,
  errorMessage,
  eventQueries,
  LeagueBadge,
  notify,
  useCan,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  venueQueries,
  type DeletedVenue,
} from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { LuArchiveRestore, LuMapPin, LuTrash2, LuTriangleAlert, LuArchiveX } from 'react-icons/lu';
import { Navigate } from 'react-router-dom';
import { formatDisplayDate } from '../events/event-values.ts';
import { appendUnique } from '../home/venue-list.util.ts';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { DELETED_VENUE_TEXT } from './deleted-venue-text.ts';

/** Deleted Venues (/deleted-venues, spec §2): admins restore or permanently delete; everyone else is sent home. */
export function DeletedVenuesPage() {
  const mayView = useCan('venue.view_deleted');
  if (!mayView) return <Navigate to="/" replace />;
  return <DeletedVenuesList />;
}

function DeletedVenuesList() {
  const queryClient = useQueryClient();
  const mayRestore = useCan('venue.restore');
  const mayPurge = useCan('venue.purge');
  const list = useInfiniteQuery(deletedVenueQueries.list());
  const items = useMemo(() => (list.data?.pages ?? []).reduce<DeletedVenue[]>((shown, page) => appendUnique(shown, page.items), []), [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const [purging, setPurging] = useState<DeletedVenue | null>(null);

  /** A venue came back or went for good: the deleted list, the venue lists and the events lists change. */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deletedVenueQueries.all }),
      queryClient.invalidateQueries({ queryKey: venueQueries.all }),
      queryClient.invalidateQueries({ queryKey: eventQueries.all }),
    ]);

  const restore = useMutation({
    mutationFn: (venue: DeletedVenue) => api.venues.restore(venue.id),
    onSuccess: async (_venue, venue) => {
      await refresh();
      notify({ type: 'success', title: DELETED_VENUE_TEXT.restored(venue.name) });
    },
    onError: (error) => notify({ type: 'error', title: DELETED_VENUE_TEXT.restoreFailed, description: errorMessage(error) }),
  });

  const purge = useMutation({
    mutationFn: (venue: DeletedVenue) => api.deletedVenues.purge(venue.id),
    onSuccess: async (_void, venue) => {
      await refresh();
      setPurging(null);
      notify({ type: 'success', title: DELETED_VENUE_TEXT.purged(venue.name) });
    },
    onError: (error) => {
      setPurging(null);
      notify({ type: 'error', title: DELETED_VENUE_TEXT.purgeFailed, description: errorMessage(error) });
    },
  });

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="5xl" mx="auto" w="full" data-testid="deleted-venues-page">
      <Box>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          Deleted Venues
        </Heading>
        <Text color="fg.muted" fontSize="sm" minH="5" data-testid="deleted-venue-total">
          {list.isPending || list.isError ? '' : `${total} deleted ${total === 1 ? 'venue' : 'venues'} · newest deleted first`}
        </Text>
      </Box>

      {list.isPending ? (
        <Stack gap="3" data-testid="deleted-venues-loading">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h="20" rounded="l3" />
          ))}
        </Stack>
      ) : list.isError && !list.isFetchNextPageError ? (
        <Box role="alert" data-testid="deleted-venues-error">
          <EmptyState icon={<LuTriangleAlert />} title="Could not load deleted venues" description={errorMessage(list.error)}>
            <Button colorPalette="brand" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </EmptyState>
        </Box>
      ) : items.length === 0 ? (
        <EmptyState icon={<LuArchiveX />} title={DELETED_VENUE_TEXT.empty} data-testid="deleted-venues-empty" />
      ) : (
        <Stack gap="3" as="ul" listStyleType="none" m="0" p="0" data-testid="deleted-venue-list">
          {items.map((venue) => (
            <Card.Root as="li" key={venue.id} variant="outline" size="sm" data-testid="deleted-venue-item">
              <Card.Body>
                <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
                  <Stack gap="1" minW="0">
                    <Heading as="h2" size="md" wordBreak="break-word" data-testid="deleted-venue-name">
                      {venue.name}
                    </Heading>
                    {venue.city ? (
                      <HStack gap="1.5" color="fg.muted" fontSize="sm" minW="0">
                        <LuMapPin aria-hidden style={{ flexShrink: 0 }} />
                        <Text truncate>{venue.city}</Text>
                      </HStack>
                    ) : null}
                    <Wrap gap="1.5" align="center">
                      <Text fontSize="sm" color="fg.muted" data-testid="deleted-venue-date">
                        Deleted {formatDisplayDate(venue.deletedAt)}
                      </Text>
                      {venue.leagues.map((league) => (
                        <LeagueBadge key={league} league={league} />
                      ))}
                    </Wrap>
                  </Stack>
                  <HStack gap="2" flexShrink="0" justify={{ base: 'stretch', md: 'end' }}>
                    {mayRestore ? (
                      <Button
                        variant="outline"
                        size="sm"
                        flex={{ base: '1', md: 'none' }}
                        onClick={() => restore.mutate(venue)}
                        loading={restore.isPending && restore.variables.id === venue.id}
                        data-testid="restore-venue"
                      >
                        <LuArchiveRestore /> Restore
                      </Button>
                    ) : null}
                    {mayPurge ? (
                      <Button colorPalette="red" size="sm" flex={{ base: '1', md: 'none' }} onClick={() => setPurging(venue)} data-testid="purge-venue">
                        <LuTrash2 /> Delete Permanently
                      </Button>
                    ) : null}
                  </HStack>
                </Flex>
              </Card.Body>
            </Card.Root>
          ))}
          {list.hasNextPage ? (
            <Center>
              <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="load-more">
                Load more
              </Button>
            </Center>
          ) : null}
          {list.isFetchNextPageError ? (
            <VStack>
              <Text fontSize="sm" color="fg.error" role="alert">
                {errorMessage(list.error)}
              </Text>
            </VStack>
          ) : null}
        </Stack>
      )}

      <ConfirmDialog
        open={purging !== null}
        title="Delete Permanently"
        confirmLabel="Delete Permanently"
        busy={purge.isPending}
        onCancel={() => setPurging(null)}
        onConfirm={() => purging && purge.mutate(purging)}
        data-testid="purge-venue-dialog"
      >
        <Text wordBreak="break-word">
          Permanently delete &quot;{purging?.name}&quot; with its contacts and events? This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
