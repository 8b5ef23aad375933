import { Box, Button, Card, Field, Flex, Group, Heading, HStack, Input, Skeleton, Stack, Text, VStack, Wrap } from '@chakra-ui/react';
import {
  EmptyState,
  errorMessage,
  EVENT_SORTS,
  eventQueries,
  keepPreviousData,
  LeagueBadge,
  useInfiniteQuery,
  type EventSort,
  type VenueEventListItem,
} from '@venuebook/sdk';
import { useCallback, useMemo } from 'react';
import { LuCalendar, LuCalendarX, LuMapPin, LuSearchX, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { toggleLeague } from '../home/home-query.ts';
import { LeagueFilter } from '../home/home-page.tsx';
import { SearchBox } from '../home/search-box.tsx';
import { appendUnique } from '../home/venue-list.util.ts';
import {
  DEFAULT_EVENTS_QUERY,
  EVENT_SORT_LABELS,
  formatDisplayDate,
  isEventsFiltered,
  isRangeReversed,
  NO_EVENTS_FOUND,
  parseEventsQuery,
  serializeEventsQuery,
  toEventListFilter,
  type EventsQuery,
} from './event-values.ts';

export const EVENT_SEARCH_PLACEHOLDER = 'Search events, descriptions or venues...';

/** All events (/events, spec §2 'Events'): search, sort, league and date filters; each row links to its venue. */
export function AllEventsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseEventsQuery(searchParams), [searchParams]);
  const setQuery = useCallback(
    (next: Partial<EventsQuery>, options: { replace?: boolean } = {}) => {
      setSearchParams((prev) => serializeEventsQuery({ ...parseEventsQuery(prev), ...next }), options);
    },
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => setQuery({ q }, { replace: true }), [setQuery]);
  const reversed = isRangeReversed(query);
  const list = useInfiniteQuery({ ...eventQueries.list(toEventListFilter(query)), placeholderData: keepPreviousData, enabled: !reversed });
  const items = useMemo(() => (list.data?.pages ?? []).reduce<VenueEventListItem[]>((shown, page) => appendUnique(shown, page.items), []), [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const loading = list.isPending && !reversed;

  return (
    <Stack gap={{ base: '4', md: '6' }} data-testid="all-events-page">
      <Box>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          All Events
        </Heading>
        <Text color="fg.muted" fontSize="sm" data-testid="event-total" minH="5">
          {loading || list.isError || reversed ? '' : `${total} ${total === 1 ? 'event' : 'events'}`}
        </Text>
      </Box>

      <Stack gap="3">
        <SearchBox value={query.q} onChange={onSearch} placeholder={EVENT_SEARCH_PLACEHOLDER} label="Search events" testId="event-search" />
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <SortButtons value={query.sort} onChange={(sort) => setQuery({ sort })} />
          <LeagueFilter value={query.leagues} onToggle={(league) => setQuery({ leagues: toggleLeague(query.leagues, league) })} />
        </Flex>
        <Wrap gap="3" align="end" data-testid="event-date-range">
          <Field.Root w={{ base: 'calc(50% - 0.375rem)', sm: '44' }} invalid={reversed}>
            <Field.Label fontSize="sm">From</Field.Label>
            <Input type="date" size="sm" bg="bg" value={query.from} max={query.to || undefined} onChange={(e) => setQuery({ from: e.currentTarget.value }, { replace: true })} data-testid="event-from" />
          </Field.Root>
          <Field.Root w={{ base: 'calc(50% - 0.375rem)', sm: '44' }} invalid={reversed}>
            <Field.Label fontSize="sm">To</Field.Label>
            <Input type="date" size="sm" bg="bg" value={query.to} min={query.from || undefined} onChange={(e) => setQuery({ to: e.currentTarget.value }, { replace: true })} data-testid="event-to" />
          </Field.Root>
          {isEventsFiltered(query) ? (
            <Button variant="ghost" size="sm" onClick={() => setQuery(DEFAULT_EVENTS_QUERY)} data-testid="clear-event-filters">
              Clear filters
            </Button>
          ) : null}
        </Wrap>
        {reversed ? (
          <Text fontSize="sm" color="fg.error" role="alert">
            The start date is after the end date.
          </Text>
        ) : null}
      </Stack>

      {loading ? (
        <Stack gap="3" data-testid="events-loading">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h="20" rounded="l3" />
          ))}
        </Stack>
      ) : list.isError && !list.isFetchNextPageError ? (
        <Box role="alert" data-testid="event-list-error">
          <EmptyState icon={<LuTriangleAlert />} title="Could not load events" description={errorMessage(list.error)}>
            <Button colorPalette="brand" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </EmptyState>
        </Box>
      ) : items.length === 0 || reversed ? (
        <EmptyState icon={isEventsFiltered(query) ? <LuSearchX /> : <LuCalendarX />} title={NO_EVENTS_FOUND} data-testid="event-list-empty">
          {isEventsFiltered(query) ? (
            <Button variant="outline" size="sm" onClick={() => setQuery(DEFAULT_EVENTS_QUERY)}>
              Clear filters
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <Stack gap="6">
          <Stack
            as="ul"
            listStyleType="none"
            m="0"
            p="0"
            gap="3"
            opacity={list.isPlaceholderData ? 0.6 : 1}
            transition="opacity 0.15s"
            aria-busy={list.isPlaceholderData}
            data-testid="event-rows"
          >
            {items.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </Stack>
          <VStack gap="2">
            <Text fontSize="sm" color="fg.muted" data-testid="event-count">
              Showing {items.length} of {total}
            </Text>
            {!list.isPlaceholderData && list.hasNextPage ? (
              <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="load-more">
                Load more
              </Button>
            ) : null}
            {list.isFetchNextPageError ? (
              <Text fontSize="sm" color="fg.error" role="alert">
                {errorMessage(list.error)}
              </Text>
            ) : null}
          </VStack>
        </Stack>
      )}
    </Stack>
  );
}

function SortButtons({ value, onChange }: { value: EventSort; onChange: (sort: EventSort) => void }) {
  return (
    <Group attached role="group" aria-label="Sort events">
      {EVENT_SORTS.map((sort) => {
        const active = sort === value;
        return (
          <Button
            key={sort}
            size="sm"
            variant={active ? 'solid' : 'outline'}
            colorPalette={active ? 'brand' : 'gray'}
            bg={active ? undefined : 'bg'}
            aria-pressed={active}
            data-testid={`event-sort-${sort}`}
            onClick={() => onChange(sort)}
          >
            {EVENT_SORT_LABELS[sort]}
          </Button>
        );
      })}
    </Group>
  );
}

/** One event; the row is a link to its venue (spec §2). */
function EventRow({ event }: { event: VenueEventListItem }) {
  const date = formatDisplayDate(event.eventDate);
  return (
    <Box as="li">
      <Card.Root
        asChild
        variant="outline"
        size="sm"
        transition="border-color 0.15s, box-shadow 0.15s"
        _hover={{ borderColor: 'brand.emphasized', shadow: 'md' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <RouterLink to={`/venue/${encodeURIComponent(event.venueId)}`} data-testid="event-row">
          <Card.Body gap="1.5">
            <Flex justify="space-between" align={{ base: 'start', md: 'center' }} gap={{ base: '1', md: '4' }} direction={{ base: 'column', md: 'row' }}>
              <Heading as="h2" size="md" wordBreak="break-word" data-testid="event-row-name">
                {event.name}
              </Heading>
              <HStack gap="1.5" color="fg.muted" fontSize="sm" flexShrink="0">
                <LuCalendar aria-hidden />
                <Text data-testid="event-row-date">{date || 'No date'}</Text>
              </HStack>
            </Flex>
            <HStack gap="1.5" fontSize="sm" minW="0" wrap="wrap">
              <LuMapPin aria-hidden style={{ flexShrink: 0 }} />
              <Text fontWeight="medium" wordBreak="break-word" data-testid="event-row-venue">
                {event.venueName}
              </Text>
              {event.venueCity ? (
                <Text color="fg.muted" data-testid="event-row-city">
                  · {event.venueCity}
                </Text>
              ) : null}
              {event.venueLeagues.map((league) => (
                <LeagueBadge key={league} league={league} />
              ))}
            </HStack>
            {event.description ? (
              <Text fontSize="sm" color="fg.muted" lineClamp={2} wordBreak="break-word">
                {event.description}
              </Text>
            ) : null}
          </Card.Body>
        </RouterLink>
      </Card.Root>
    </Box>
  );
}
