import { Card, Heading, HStack, Text, Wrap } from '@chakra-ui/react';
import { LeagueBadge, type VenueSummary } from '@venuebook/sdk';
import { LuMapPin } from 'react-icons/lu';
import { LinkCard } from '../shared/link-card.tsx';
import { venueTypesSummary } from './venue-list.util.ts';

/** One venue in the Home grid; the whole card is a link to its detail page. */
export function VenueCard({ venue }: { venue: VenueSummary }) {
  const city = venue.city;
  return (
    <LinkCard to={`/venue/${encodeURIComponent(venue.id)}`} testId="venue-card" h="full">
      <Card.Body gap="2">
        <Heading as="h3" size="md" lineClamp={2} wordBreak="break-word">
          {venue.name}
        </Heading>
        {city ? (
          <HStack gap="1.5" color="fg.muted" fontSize="sm" minW="0">
            <LuMapPin aria-hidden style={{ flexShrink: 0 }} />
            <Text truncate data-testid="venue-card-city">
              {city}
            </Text>
          </HStack>
        ) : null}
        {venue.leagues.length > 0 ? (
          <Wrap gap="1.5">
            {venue.leagues.map((league) => (
              <LeagueBadge key={league} league={league} />
            ))}
          </Wrap>
        ) : null}
        {venue.venueTypes.length > 0 ? (
          <Text fontSize="xs" color="fg.subtle" lineClamp={1} mt="auto" title={venue.venueTypes.join(', ')}>
            {venueTypesSummary(venue.venueTypes)}
          </Text>
        ) : null}
      </Card.Body>
    </LinkCard>
  );
}
