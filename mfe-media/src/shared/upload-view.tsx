// What the Photos and Documents pages' upload views share: the card with its title and close button.
import { Card, CloseButton, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface UploadCardProps {
  title: string;
  /** `<testId>` on the card, `<testId>-close` on its close button. */
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

export function UploadCard({ title, testId, onClose, children }: UploadCardProps) {
  return (
    <Card.Root variant="outline" size="sm" data-testid={testId}>
      <Card.Header>
        <Flex align="center" justify="space-between" gap="2">
          <Heading as="h2" size="sm">
            {title}
          </Heading>
          <CloseButton size="sm" aria-label="Close upload" onClick={onClose} data-testid={`${testId}-close`} />
        </Flex>
      </Card.Header>
      <Card.Body gap="4">{children}</Card.Body>
    </Card.Root>
  );
}
