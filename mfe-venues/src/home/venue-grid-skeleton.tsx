import { Card, HStack, SimpleGrid, Skeleton } from '@chakra-ui/react';

export const VENUE_GRID_COLUMNS = { base: 1, sm: 2, lg: 3, xl: 4 } as const;

export function VenueGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <SimpleGrid columns={VENUE_GRID_COLUMNS} gap="4" aria-busy="true" aria-label="Loading venues" data-testid="venue-grid-loading">
      {Array.from({ length: count }, (_, i) => (
        <Card.Root key={i} variant="outline" size="sm">
          <Card.Body gap="3">
            <Skeleton h="5" w="75%" />
            <Skeleton h="4" w="50%" />
            <HStack gap="1.5">
              <Skeleton h="5" w="10" />
              <Skeleton h="5" w="10" />
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
