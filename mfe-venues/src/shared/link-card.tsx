import { Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A card that is one link (a venue in the Home grid, an event row): outlined, raised on hover, ringed on focus. */
export function LinkCard({ to, testId, h, children }: { to: string; testId: string; h?: 'full'; children: ReactNode }) {
  return (
    <Card.Root
      asChild
      variant="outline"
      size="sm"
      {...(h ? { h } : {})}
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.emphasized', shadow: 'md' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <RouterLink to={to} data-testid={testId}>
        {children}
      </RouterLink>
    </Card.Root>
  );
}
