import { Box, Card, Flex, SimpleGrid, Skeleton, SkeletonText } from '@chakra-ui/react';

/** Session-loading state (spec §2): one header bar and six cards in a grid. */
export function SessionSkeleton() {
  return (
    <Box minH="100dvh" data-testid="session-skeleton" aria-busy="true" aria-label="Loading">
      <Box borderBottomWidth="1px" borderColor="border" bg="bg">
        <Flex maxW="7xl" mx="auto" h="14" px={{ base: '3', md: '6' }} align="center" gap="3">
          <Skeleton h="7" w="7" borderRadius="md" />
          <Skeleton h="5" w="28" />
          <Box flex="1" />
          <Skeleton h="8" w="8" borderRadius="full" />
        </Flex>
      </Box>
      <Box maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {Array.from({ length: 6 }, (_, i) => (
            <Card.Root key={i} variant="outline">
              <Card.Body gap="3">
                <Skeleton h="5" w="70%" />
                <SkeletonText noOfLines={2} />
                <Flex gap="2">
                  <Skeleton h="5" w="12" />
                  <Skeleton h="5" w="12" />
                </Flex>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>
    </Box>
  );
}
