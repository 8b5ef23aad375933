import { Box, Flex, Skeleton } from '@chakra-ui/react';
import { CardGridSkeleton } from '@venuebook/sdk';

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
        <CardGridSkeleton count={6} />
      </Box>
    </Box>
  );
}
