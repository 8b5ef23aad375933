import { Button, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { EmptyState, useCan, VENUE_SORT_LABELS, VENUE_SORTS } from '@venuebook/sdk';
import { LuPlus, LuSearchX, LuMapPinned } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LeagueFilter, SortButtons, useUrlQuery } from '../shared/list-controls.tsx';
import { countText, PageTitle, PagedFooter } from '../shared/list-parts.tsx';
import { LoadError } from '../shared/load-states.tsx';
import { DEFAULT_HOME_QUERY, emptyText, isFiltered, parseHomeQuery, serializeHomeQuery, toggleLeague, type HomeQuery } from './home-query.ts';
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
  const { query, setQuery, onSearch } = useUrlQuery(parseHomeQuery, serializeHomeQuery);
  const list = useVenueList(query);

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <PageTitle title="Venues" summary={list.loading || list.error ? '' : countText(list.total, 'venue', 'venues')} summaryTestId="venue-total" />
        <Flex gap="2" wrap="wrap" align="center">
          {/* CSV export for everyone, import for users who may create venues or contacts. */}
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
          <SortButtons
            sorts={VENUE_SORTS}
            labels={VENUE_SORT_LABELS}
            value={query.sort}
            onChange={(sort) => setQuery({ sort })}
            label="Sort venues"
            testIdPrefix="sort-"
          />
          <LeagueFilter value={query.leagues} onToggle={(league) => setQuery({ leagues: toggleLeague(query.leagues, league) })} />
        </Flex>
      </Stack>

      <Results list={list} query={query} canEdit={canEdit} onClear={() => setQuery(DEFAULT_HOME_QUERY)} />
    </Stack>
  );
}

function Results({ list, query, canEdit, onClear }: { list: ReturnType<typeof useVenueList>; query: HomeQuery; canEdit: boolean; onClear: () => void }) {
  if (list.loading) return <VenueGridSkeleton />;

  if (list.error)
    return <LoadError title="Could not load venues" error={list.error} onRetry={list.retry} testId="venue-list-error" retryTestId="venue-list-retry" />;

  if (list.items.length === 0) {
    const filtered = isFiltered(query);
    return (
      <EmptyState icon={filtered ? <LuSearchX /> : <LuMapPinned />} title={emptyText(query)} data-testid="venue-list-empty">
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
      <PagedFooter list={list} countTestId="venue-count" />
    </Stack>
  );
}
