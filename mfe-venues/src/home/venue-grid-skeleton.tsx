import { CardGridSkeleton } from '@venuebook/sdk';

export const VENUE_GRID_COLUMNS = { base: 1, sm: 2, lg: 3, xl: 4 } as const;

export function VenueGridSkeleton({ count = 8 }: { count?: number }) {
  return <CardGridSkeleton count={count} columns={VENUE_GRID_COLUMNS} aria-label="Loading venues" data-testid="venue-grid-loading" />;
}
