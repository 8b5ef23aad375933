import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One of the detail page's cards: its heading, an optional action beside it, and its content. */
export function Section({ title, testId, action, children }: { title: string; testId?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm" data-testid={testId}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}

/** A labelled value in a section. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box>{children}</Box>
    </Box>
  );
}
