import { Box, Button, Flex, Group, Heading, SimpleGrid, Stack, Text, VStack, Wrap } from '@chakra-ui/react';
import {
  EmptyState,
  errorMessage,
  LEAGUES,
  useCan,
  VENUE_SORT_LABELS,
  VENUE_SORTS,
  type League,
  type VenueSort,
} from '@venuebook/sdk';
import { useCallback, useMemo } from 'react';
import { LuPlus, LuSearchX, LuTriangleAlert, LuMapPinned } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  DEFAULT_HOME_QUERY,
  emptyText,
  isFiltered,
  parseHomeQuery,
  serializeHomeQuery,
  toggleLeague,
  type HomeQuery,
} from './home-query.ts';
import { CsvTransferButtons } from './csv-transfer-buttons.tsx';
import { SearchBox } from './search-box.tsx';
import { useVenueList } from './use-venue-list.ts';
import { VenueCard } from './venue-card.tsx';
import { VENUE_GRID_COLUMNS, VenueGridSkeleton } from './venue-grid-skeleton.tsx';

export interface HomePageProps {
  /**
   * Users with edit rights get 'Create New Venue' and 'Add Your First Venue'. Default: the signed-in
   * user's permission `venue.create` (shared session of the sdk).
   */
  canEdit?: boolean;
}

/** Home (/): search, sort, league filter and the grid of venues (spec §2). */
export function HomePage({ canEdit: canEditOverride }: HomePageProps) {
  const mayCreate = useCan('venue.create');
  const canEdit = canEditOverride ?? mayCreate;
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseHomeQuery(searchParams), [searchParams]);
  const setQuery = useCallback(
    (next: Partial<HomeQuery>, options: { replace?: boolean } = {}) => {
      setSearchParams((prev) => serializeHomeQuery({ ...parseHomeQuery(prev), ...next }), options);
    },
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => setQuery({ q }, { replace: true }), [setQuery]);
  const list = useVenueList(query);

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            Venues
          </Heading>
          <Text color="fg.muted" fontSize="sm" data-testid="venue-total" minH="5">
            {list.loading || list.error ? '' : `${list.total} ${list.total === 1 ? 'venue' : 'venues'}`}
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap" align="center">
          {/* CSV export for everyone, import for users who may create venues or contacts (issue 11). */}
          <CsvTransferButtons query={query} />
          {canEdit ? (
            <Button asChild colorPalette="brand">
              <RouterLink to="/add-venue" data-testid="create-venue">
                <LuPlus /> Create New Venue
              </RouterLink>
            </Button>
          ) : null}
        </Flex>
      </Flex>

      <Stack gap="3">
        <SearchBox value={query.q} onChange={onSearch} />
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <SortButtons value={query.sort} onChange={(sort) => setQuery({ sort })} />
          <LeagueFilter value={query.leagues} onToggle={(league) => setQuery({ leagues: toggleLeague(query.leagues, league) })} />
        </Flex>
      </Stack>

      <Results list={list} query={query} canEdit={canEdit} onClear={() => setQuery(DEFAULT_HOME_QUERY)} />
    </Stack>
  );
}

function SortButtons({ value, onChange }: { value: VenueSort; onChange: (sort: VenueSort) => void }) {
  return (
    <Group attached role="group" aria-label="Sort venues">
      {VENUE_SORTS.map((sort) => {
        const active = sort === value;
        return (
          <Button
            key={sort}
            size="sm"
            variant={active ? 'solid' : 'outline'}
            colorPalette={active ? 'brand' : 'gray'}
            bg={active ? undefined : 'bg'}
            aria-pressed={active}
            data-testid={`sort-${sort}`}
            onClick={() => onChange(sort)}
          >
            {VENUE_SORT_LABELS[sort]}
          </Button>
        );
      })}
    </Group>
  );
}

export function LeagueFilter({ value, onToggle }: { value: readonly League[]; onToggle: (league: League) => void }) {
  return (
    <Wrap gap={{ base: '1.5', md: '2' }} role="group" aria-label="Filter by league">
      {LEAGUES.map((league) => {
        const active = value.includes(league.value);
        return (
          <Button
            key={league.value}
            size="sm"
            rounded="full"
            minW={{ base: '0', md: '14' }}
            px={{ base: '2.5', md: '4' }}
            variant={active ? 'solid' : 'outline'}
            colorPalette={league.color}
            bg={active ? undefined : 'bg'}
            aria-pressed={active}
            data-testid={`league-filter-${league.value}`}
            title={league.value === league.label ? league.label : `${league.label} (${league.value})`}
            onClick={() => onToggle(league.value)}
          >
            {league.label}
          </Button>
        );
      })}
    </Wrap>
  );
}

function Results({
  list,
  query,
  canEdit,
  onClear,
}: {
  list: ReturnType<typeof useVenueList>;
  query: HomeQuery;
  canEdit: boolean;
  onClear: () => void;
}) {
  if (list.loading) return <VenueGridSkeleton />;

  if (list.error) {
    return (
      <Box role="alert" data-testid="venue-list-error">
        <EmptyState icon={<LuTriangleAlert />} title="Could not load venues" description={errorMessage(list.error)}>
          <Button colorPalette="brand" onClick={list.retry} data-testid="venue-list-retry">
            Retry
          </Button>
        </EmptyState>
      </Box>
    );
  }

  if (list.items.length === 0) {
    const filtered = isFiltered(query);
    return (
      <EmptyState
        icon={filtered ? <LuSearchX /> : <LuMapPinned />}
        title={emptyText(query)}
        data-testid="venue-list-empty"
      >
        {filtered ? (
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : canEdit ? (
          <Button asChild colorPalette="brand">
            <RouterLink to="/add-venue" data-testid="add-first-venue">
              <LuPlus /> Add Your First Venue
            </RouterLink>
          </Button>
        ) : null}
      </EmptyState>
    );
  }

  return (
    <Stack gap="6">
      <SimpleGrid
        columns={VENUE_GRID_COLUMNS}
        gap="4"
        opacity={list.stale ? 0.6 : 1}
        transition="opacity 0.15s"
        aria-busy={list.stale}
        data-testid="venue-grid"
      >
        {list.items.map((venue) => (
          <VenueCard key={venue.id} venue={venue} />
        ))}
      </SimpleGrid>
      <VStack gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="venue-count">
          Showing {list.items.length} of {list.total}
        </Text>
        {list.hasMore ? (
          <Button variant="outline" onClick={list.loadMore} loading={list.loadingMore} data-testid="load-more">
            Load more
          </Button>
        ) : null}
        {list.loadMoreError ? (
          <Text fontSize="sm" color="fg.error" role="alert">
            {errorMessage(list.loadMoreError)}
          </Text>
        ) : null}
      </VStack>
    </Stack>
  );
}
