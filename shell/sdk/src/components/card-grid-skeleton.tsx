import { Card, HStack, SimpleGrid, Skeleton } from '@chakra-ui/react';
import type { SimpleGridProps } from '@chakra-ui/react';

export interface CardGridSkeletonProps extends Omit<SimpleGridProps, 'children'> {
  /** How many placeholder cards. */
  count: number;
}

/** Placeholder cards (title, a line, two badges) in a grid, while a list of cards loads. */
export function CardGridSkeleton({ count, columns = { base: 1, sm: 2, lg: 3 }, ...props }: CardGridSkeletonProps) {
  return (
    <SimpleGrid columns={columns} gap="4" aria-busy="true" {...props}>
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
