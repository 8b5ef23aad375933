import { useQuery, venueQueries, type Venue } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { VenueLoadError, VenueLoading } from './load-states.tsx';

/** The venue of the route, with its loading, not-found and error states (the detail, report and edit pages). */
export function VenuePageFrame({ children }: { children: (venue: Venue) => ReactNode }) {
  const { venueId = '' } = useParams();
  const venue = useQuery(venueQueries.detail(venueId));
  if (venue.isPending) return <VenueLoading />;
  if (venue.isError) return <VenueLoadError error={venue.error} onRetry={() => void venue.refetch()} />;
  return <>{children(venue.data)}</>;
}
