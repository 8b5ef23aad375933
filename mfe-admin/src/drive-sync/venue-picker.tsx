import { Box, Button, CloseButton, Flex, Input, InputGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { errorMessage, MAX_SEARCH_LENGTH, useDebouncedValue, useInfiniteQuery, venueQueries, type VenueSummary } from '@venuebook/sdk';
import { useId, useState } from 'react';
import { LuMapPin, LuSearch } from 'react-icons/lu';

/** The venue a picker holds: its id and what the picker shows of it. */
export type PickedVenue = Pick<VenueSummary, 'id' | 'name' | 'city'>;

/** How many venues a search shows (the venue list's first page). */
export const VENUE_PICKER_RESULTS = 8;

/**
 * Choose a venue by searching for it (the home list's search through `venueQueries.list`: name, address, city and
 * country): the matches as buttons, then the chosen venue with 'Change'.
 */
export function VenuePicker({
  value,
  onChange,
  label = 'Venue',
}: {
  value: PickedVenue | null;
  onChange: (venue: PickedVenue | null) => void;
  label?: string;
}) {
  const labelId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const venues = useInfiniteQuery({ ...venueQueries.list({ q, pageSize: VENUE_PICKER_RESULTS }), enabled: value === null });
  const page = venues.data?.pages[0];

  if (value) {
    return (
      <Flex gap="3" align="center" borderWidth="1px" rounded="l2" px="3" py="2" bg="bg.subtle" data-testid="venue-picker-chosen" data-venue-id={value.id}>
        <Box color="fg.muted" aria-hidden>
          <LuMapPin />
        </Box>
        <Box minW="0" flex="1">
          <Text fontSize="xs" color="fg.muted">
            {label}
          </Text>
          <Text fontWeight="semibold" wordBreak="break-word" data-testid="venue-picker-name">
            {value.name}
          </Text>
          {value.city ? (
            <Text fontSize="sm" color="fg.muted">
              {value.city}
            </Text>
          ) : null}
        </Box>
        <Button size="sm" variant="outline" onClick={() => onChange(null)} data-testid="venue-picker-change">
          Change
        </Button>
      </Flex>
    );
  }

  return (
    <Stack gap="2" role="group" aria-labelledby={labelId} data-testid="venue-picker">
      <Text id={labelId} fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <InputGroup startElement={<LuSearch />} endElement={text ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setText('')} /> : undefined}>
        <Input
          type="search"
          placeholder="Search venues by name or city"
          aria-label="Search venues"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autoComplete="off"
          data-testid="venue-picker-search"
        />
      </InputGroup>
      {venues.isPending ? (
        <Stack gap="1.5" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h="10" rounded="l2" />
          ))}
        </Stack>
      ) : venues.isError ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          Venues could not be loaded: {errorMessage(venues.error)}
        </Text>
      ) : page && page.items.length > 0 ? (
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="1" aria-label="Matching venues" data-testid="venue-picker-results">
          {page.items.map((venue) => (
            <li key={venue.id}>
              <Button
                variant="ghost"
                w="full"
                h="auto"
                py="2"
                px="3"
                justifyContent="start"
                textAlign="start"
                whiteSpace="normal"
                borderWidth="1px"
                onClick={() => onChange({ id: venue.id, name: venue.name, city: venue.city })}
                data-testid="venue-picker-option"
                data-venue-id={venue.id}
              >
                <Box minW="0">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {venue.name}
                  </Text>
                  {venue.city ? (
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                      {venue.city}
                    </Text>
                  ) : null}
                </Box>
              </Button>
            </li>
          ))}
          {page.total > page.items.length ? (
            <Text as="li" fontSize="xs" color="fg.muted" px="1">
              {page.items.length} of {page.total.toLocaleString('en-US')} venues: type to narrow the search.
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="venue-picker-none">
          {q ? `No venue matches "${q}".` : 'No venues yet.'}
        </Text>
      )}
    </Stack>
  );
}
