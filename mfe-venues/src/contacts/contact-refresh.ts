import { contactQueries, venueQueries, type QueryClient } from '@venuebook/sdk';

/** After a contact write: the contacts lists (all, deleted, the venue's) and its venue (the main contact copy) are read again. */
export function refreshContactQueries(queryClient: QueryClient, venueId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactQueries.all }),
    queryClient.invalidateQueries({ queryKey: venueQueries.detail(venueId).queryKey }),
  ]);
}
