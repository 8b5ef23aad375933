import { Button } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

/** The link back to where a page belongs ('Back to venue', 'Back to venues') above the page's heading. */
export function BackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" ms="-3">
      <RouterLink to={to} data-testid={testId}>
        <LuArrowLeft /> {label}
      </RouterLink>
    </Button>
  );
}
