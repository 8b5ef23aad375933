import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { consumeDurable } from '@venuebook/service-kit';
import type { Logger, NatsConnection, RunningDurableConsumer } from '@venuebook/service-kit';
import type { VenueFolderSync } from '../use-cases/venue-folder-sync.ts';

/**
 * The venues' renames and purges, read by a durable consumer shared by the replicas: each wakes the worker for the
 * venue folder's job (its name, or its trashing). Only a wake-up: the job reads the venue when it runs.
 */
export function startVenueConsumer(
  nc: NatsConnection,
  options: {
    durable: string;
    logger: Logger;
    folders: Pick<VenueFolderSync, 'jobOf'>;
    enqueue(id: string, payload: ReturnType<VenueFolderSync['jobOf']>['payload'], change: string): Promise<unknown>;
  },
): Promise<RunningDurableConsumer> {
  return consumeDurable(
    nc,
    { stream: STREAMS.venues, durable: options.durable, filterSubject: 'venuebook.venues.venue.*.v1', logger: options.logger },
    async (event) => {
      const folder = event.subject === SUBJECTS.venueRenamed ? 'rename' : event.subject === SUBJECTS.venuePurged ? 'trash' : null;
      if (!folder || !('venueId' in event.data) || typeof event.data.venueId !== 'string') return;
      const job = options.folders.jobOf(event.data.venueId, folder);
      await options.enqueue(job.id, job.payload, event.id);
    },
  );
}
