import { Box, Button, Card, Field, Flex, Heading, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { EmptyState, EVENT_SORTS, eventQueries, keepPreviousData, LeagueBadge, useInfiniteQuery, type VenueEventListItem } from '@venuebook/sdk';
import { LuCalendar, LuCalendarX, LuMapPin, LuSearchX } from 'react-icons/lu';
import { toggleLeague } from '../home/home-query.ts';
import { SearchBox } from '../home/search-box.tsx';
import { LinkCard } from '../shared/link-card.tsx';
import { LeagueFilter, SortButtons, useUrlQuery } from '../shared/list-controls.tsx';
import { countText, PageTitle, PagedFooter, StaleRows } from '../shared/list-parts.tsx';
import { ListSkeleton, LoadError } from '../shared/load-states.tsx';
import { usePagedList } from '../shared/use-paged-list.ts';
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
} from './event-rules.ts';

export const EVENT_SEARCH_PLACEHOLDER = 'Search events, descriptions or venues...';

/** All events (/events, spec §2 'Events'): search, sort, league and date filters; each row links to its venue. */
export function AllEventsPage() {
  const { query, setQuery, onSearch } = useUrlQuery(parseEventsQuery, serializeEventsQuery);
  const reversed = isRangeReversed(query);
  const list = usePagedList<VenueEventListItem>(
    useInfiniteQuery({ ...eventQueries.list(toEventListFilter(query)), placeholderData: keepPreviousData, enabled: !reversed }),
  );
  const loading = list.loading && !reversed;

  return (
    <Stack gap={{ base: '4', md: '6' }} data-testid="all-events-page">
      <PageTitle title="All Events" summary={loading || list.failed || reversed ? '' : countText(list.total, 'event', 'events')} summaryTestId="event-total" />

      <Stack gap="3">
        <SearchBox value={query.q} onChange={onSearch} placeholder={EVENT_SEARCH_PLACEHOLDER} label="Search events" testId="event-search" />
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <SortButtons
            sorts={EVENT_SORTS}
            labels={EVENT_SORT_LABELS}
            value={query.sort}
            onChange={(sort) => setQuery({ sort })}
            label="Sort events"
            testIdPrefix="event-sort-"
          />
          <LeagueFilter value={query.leagues} onToggle={(league) => setQuery({ leagues: toggleLeague(query.leagues, league) })} />
        </Flex>
        <Wrap gap="3" align="end" data-testid="event-date-range">
          <Field.Root w={{ base: 'calc(50% - 0.375rem)', sm: '44' }} invalid={reversed}>
            <Field.Label fontSize="sm">From</Field.Label>
            <Input
              type="date"
              size="sm"
              bg="bg"
              value={query.from}
              max={query.to || undefined}
              onChange={(e) => setQuery({ from: e.currentTarget.value }, { replace: true })}
              data-testid="event-from"
            />
          </Field.Root>
          <Field.Root w={{ base: 'calc(50% - 0.375rem)', sm: '44' }} invalid={reversed}>
            <Field.Label fontSize="sm">To</Field.Label>
            <Input
              type="date"
              size="sm"
              bg="bg"
              value={query.to}
              min={query.from || undefined}
              onChange={(e) => setQuery({ to: e.currentTarget.value }, { replace: true })}
              data-testid="event-to"
            />
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
        <ListSkeleton count={5} h="20" testId="events-loading" />
      ) : list.error ? (
        <LoadError title="Could not load events" error={list.error} onRetry={list.retry} testId="event-list-error" />
      ) : list.items.length === 0 || reversed ? (
        <EmptyState icon={isEventsFiltered(query) ? <LuSearchX /> : <LuCalendarX />} title={NO_EVENTS_FOUND} data-testid="event-list-empty">
          {isEventsFiltered(query) ? (
            <Button variant="outline" size="sm" onClick={() => setQuery(DEFAULT_EVENTS_QUERY)}>
              Clear filters
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <Stack gap="6">
          <StaleRows stale={list.stale} testId="event-rows">
            {list.items.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </StaleRows>
          <PagedFooter list={list} countTestId="event-count" />
        </Stack>
      )}
    </Stack>
  );
}

/** One event; the row is a link to its venue (spec §2). */
function EventRow({ event }: { event: VenueEventListItem }) {
  const date = formatDisplayDate(event.eventDate);
  return (
    <Box as="li">
      <LinkCard to={`/venue/${encodeURIComponent(event.venueId)}`} testId="event-row">
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
      </LinkCard>
    </Box>
  );
}
