import { Button, Group, Wrap } from '@chakra-ui/react';
import { LEAGUES, type League } from '@venuebook/sdk';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list page's query kept in the address (search, sort, filters): `setQuery` changes some of it (a new history
 * entry unless `replace`), `onSearch` the search text (replacing the entry, as the user types).
 */
export function useUrlQuery<Q extends { q: string }>(parse: (params: URLSearchParams) => Q, serialize: (query: Q) => URLSearchParams) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parse(searchParams), [parse, searchParams]);
  const setQuery = useCallback(
    (next: Partial<Q>, options: { replace?: boolean } = {}) => {
      setSearchParams((prev) => serialize({ ...parse(prev), ...next }), options);
    },
    [parse, serialize, setSearchParams],
  );
  const onSearch = useCallback((q: string) => setQuery({ q } as Partial<Q>, { replace: true }), [setQuery]);
  return { query, setQuery, onSearch };
}

export interface SortButtonsProps<S extends string> {
  sorts: readonly S[];
  labels: Readonly<Record<S, string>>;
  value: S;
  onChange: (sort: S) => void;
  /** The group's accessible name, e.g. 'Sort venues'. */
  label: string;
  /** Each button's `data-testid` is this and the sort, e.g. 'sort-' + 'name'. */
  testIdPrefix: string;
}

/** The sort orders of a list as one attached group of toggle buttons. */
export function SortButtons<S extends string>({ sorts, labels, value, onChange, label, testIdPrefix }: SortButtonsProps<S>) {
  return (
    <Group attached role="group" aria-label={label}>
      {sorts.map((sort) => {
        const active = sort === value;
        return (
          <Button
            key={sort}
            size="sm"
            variant={active ? 'solid' : 'outline'}
            colorPalette={active ? 'brand' : 'gray'}
            bg={active ? undefined : 'bg'}
            aria-pressed={active}
            data-testid={`${testIdPrefix}${sort}`}
            onClick={() => onChange(sort)}
          >
            {labels[sort]}
          </Button>
        );
      })}
    </Group>
  );
}

/** The league toggles of a list's filter (Home, All Events). */
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
