import { Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  api,
  deletedVenueQueries,
  EmptyState,
  eventQueries,
  LeagueBadge,
  useCan,
  useInfiniteQuery,
  useQueryClient,
  venueQueries,
  type DeletedVenue,
} from '@venuebook/sdk';
import { LuMapPin, LuArchiveX } from 'react-icons/lu';
import { Navigate } from 'react-router-dom';
import { formatDisplayDate } from '../events/event-rules.ts';
import { DeletedItemCard, PurgeDialog, useRestorePurge } from '@venuebook/sdk';
import { countText, LoadMore, PageTitle } from '../shared/list-parts.tsx';
import { ListSkeleton, LoadError } from '../shared/load-states.tsx';
import { usePagedList } from '../shared/use-paged-list.ts';
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
  const list = usePagedList<DeletedVenue>(useInfiniteQuery(deletedVenueQueries.list()));
  const actions = useRestorePurge<DeletedVenue>({
    restore: (venue) => api.venues.restore(venue.id),
    purge: (venue) => api.deletedVenues.purge(venue.id),
    // A venue came back or went for good: the deleted list, the venue lists and the events lists change.
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deletedVenueQueries.all }),
        queryClient.invalidateQueries({ queryKey: venueQueries.all }),
        queryClient.invalidateQueries({ queryKey: eventQueries.all }),
      ]),
    nameOf: (venue) => venue.name,
    text: DELETED_VENUE_TEXT,
  });

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="5xl" mx="auto" w="full" data-testid="deleted-venues-page">
      <PageTitle
        title="Deleted Venues"
        summary={list.loading || list.failed ? '' : `${countText(list.total, 'deleted venue', 'deleted venues')} · newest deleted first`}
        summaryTestId="deleted-venue-total"
      />

      {list.loading ? (
        <ListSkeleton count={4} h="20" testId="deleted-venues-loading" />
      ) : list.error ? (
        <LoadError title="Could not load deleted venues" error={list.error} onRetry={list.retry} testId="deleted-venues-error" />
      ) : list.items.length === 0 ? (
        <EmptyState icon={<LuArchiveX />} title={DELETED_VENUE_TEXT.empty} data-testid="deleted-venues-empty" />
      ) : (
        <Stack gap="3" as="ul" listStyleType="none" m="0" p="0" data-testid="deleted-venue-list">
          {list.items.map((venue) => (
            <DeletedItemCard key={venue.id} testId="deleted-venue-item" item={venue} actions={actions} mayRestore={mayRestore} mayPurge={mayPurge} noun="venue">
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
            </DeletedItemCard>
          ))}
          <LoadMore list={list} centered />
        </Stack>
      )}

      <PurgeDialog
        actions={actions}
        noun="venue"
        question={(venue) => `Permanently delete "${venue?.name ?? ''}" with its contacts and events? This cannot be undone.`}
      />
    </Stack>
  );
}
