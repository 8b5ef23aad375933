import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { consumeDurable } from '@venuebook/service-kit';
import type { Logger, NatsConnection, RunningDurableConsumer } from '@venuebook/service-kit';
import type { DocumentSync } from '../use-cases/document-sync.ts';

/** The media events that change a document's Drive copy (a tag or event-link change does not). */
const SYNCED_EVENTS: ReadonlySet<string> = new Set([SUBJECTS.documentUploaded, SUBJECTS.documentCategoryChanged, SUBJECTS.documentDeleted]);

/**
 * Media's document events, read by a durable consumer shared by the replicas: each wakes the worker for the
 * document's job. Only a wake-up: a lost event is found by the worker's sweep.
 */
export function startDocumentConsumer(
  nc: NatsConnection,
  options: {
    durable: string;
    logger: Logger;
    sync: Pick<DocumentSync, 'jobOf'>;
    enqueue(id: string, payload: ReturnType<DocumentSync['jobOf']>['payload'], change: string): Promise<unknown>;
  },
): Promise<RunningDurableConsumer> {
  return consumeDurable(
    nc,
    { stream: STREAMS.media, durable: options.durable, filterSubject: 'venuebook.media.document.*.v1', logger: options.logger },
    async (event) => {
      if (!SYNCED_EVENTS.has(event.subject) || !('documentId' in event.data)) return;
      const job = options.sync.jobOf(event.data.documentId, event.data.venueId);
      // Each event is a change of the document: the job runs again even if it was done.
      await options.enqueue(job.id, job.payload, event.id);
    },
  );
}
