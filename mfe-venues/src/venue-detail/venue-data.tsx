import { Box, Button, Card, Heading, HStack, LinkBox, LinkOverlay, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  cardQueries,
  DEPARTMENTS,
  departmentPathSegment,
  errorMessage,
  useCan,
  useQueries,
  useQuery,
  VENUE_DATA_STALE_TIME_MS,
  type Venue,
} from '@venuebook/sdk';
import { LuChevronRight, LuDatabase } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { venueDataGroups, type VenueDataCard } from './venue-data-groups.ts';

/**
 * Venue Data (spec §2 venue detail: 'Venue Data grouped by department. Cards open an edit dialog when the user can
 * edit.'): each department's cards with the values entered on them, kept 5 minutes (§9). The cards of all seven
 * departments load in parallel, the venue's values once. A card opens the department's Data Cards screen (the
 * mfe-cards remote, which owns the card dialog), with the card named in `?card=`.
 */
export function VenueData({ venue }: { venue: Venue }) {
  const mayEdit = useCan('card.data.save');
  const lists = useQueries({
    queries: DEPARTMENTS.map((department) => ({ ...cardQueries.venueDepartment(venue.id, department), staleTime: VENUE_DATA_STALE_TIME_MS })),
  });
  const values = useQuery({ ...cardQueries.venueValues(venue.id), staleTime: VENUE_DATA_STALE_TIME_MS });
  // A few cards a department: grouping them again on each render costs nothing worth a memo.
  const loaded = lists.every((list) => list.data !== undefined) && values.data !== undefined;
  const groups = loaded
    ? venueDataGroups(
        DEPARTMENTS.map((department, i) => ({ department, cards: lists[i]!.data!.items })),
        values.data!.values,
      )
    : null;
  const base = `/venue/${encodeURIComponent(venue.id)}`;
  const failed = values.error ?? lists.find((list) => list.error)?.error;

  if (failed) {
    return (
      <Stack gap="2" align="start" role="alert" data-testid="venue-data-error">
        <Text color="fg.error">Could not load the venue data: {errorMessage(failed)}</Text>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void values.refetch();
            for (const list of lists) if (list.isError) void list.refetch();
          }}
        >
          Retry
        </Button>
      </Stack>
    );
  }
  if (!groups) {
    return (
      <Stack gap="2" data-testid="venue-data-loading">
        <Skeleton h="5" w="40%" />
        <Skeleton h="16" />
      </Stack>
    );
  }
  if (groups.length === 0) {
    return (
      <Stack gap="3" align="start">
        <Text color="fg.subtle" data-testid="venue-data-empty">
          No venue data entered yet
        </Text>
        {mayEdit ? (
          <Button asChild size="sm" variant="outline" colorPalette="brand">
            <RouterLink to={`${base}/department`}>
              <LuDatabase /> Add Venue Data
            </RouterLink>
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="4" data-testid="venue-data">
      {groups.map(({ department, cards }) => (
        <Box as="section" key={department} aria-label={department} data-testid="venue-data-department" data-department={department}>
          <Heading as="h3" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" mb="2">
            {department}
          </Heading>
          <Stack gap="2">
            {cards.map((entry) => (
              <VenueDataCardView
                key={entry.card.id}
                entry={entry}
                href={mayEdit ? `${base}/department/${departmentPathSegment(department)}?card=${encodeURIComponent(entry.card.id)}` : null}
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** One card and its entered values; a link to the card on the Data Cards screen for users who may edit. */
function VenueDataCardView({ entry, href }: { entry: VenueDataCard; href: string | null }) {
  const title = (
    <Text fontWeight="semibold" fontSize="sm" wordBreak="break-word">
      {entry.card.title}
    </Text>
  );
  return (
    <LinkBox as="article" data-testid="venue-data-card" data-title={entry.card.title}>
      <Card.Root
        variant="outline"
        size="sm"
        _hover={href ? { borderColor: 'brand.solid', bg: 'bg.subtle' } : undefined}
        transition="background 0.15s, border-color 0.15s"
      >
        <Card.Body gap="1.5" py="2.5">
          {href ? (
            <HStack justify="space-between" gap="2">
              <LinkOverlay asChild>
                <RouterLink to={href}>{title}</RouterLink>
              </LinkOverlay>
              <Box color="fg.muted" flexShrink="0" aria-hidden>
                <LuChevronRight />
              </Box>
            </HStack>
          ) : (
            title
          )}
          <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'minmax(6rem, max-content) 1fr' }} columnGap="3" rowGap="1" fontSize="sm">
            {entry.fields.map(({ field, value }) => (
              <Box key={field.key} display="contents">
                <Text as="dt" color="fg.muted">
                  {field.label}
                </Text>
                <Text as="dd" whiteSpace="pre-wrap" wordBreak="break-word" mb={{ base: '1', sm: '0' }} data-testid="venue-data-value">
                  {value}
                </Text>
              </Box>
            ))}
          </Box>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
