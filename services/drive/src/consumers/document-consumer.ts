import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { consumeDurable } from '@venuebook/service-kit';
import type { Logger, NatsConnection, RunningDurableConsumer } from '@venuebook/service-kit';
import type { SyncQueueUseCases } from '../use-cases/sync-queue.ts';

/** The media events that change a document's Drive copy (a tag or event-link change does not). */
const SYNCED_EVENTS: ReadonlySet<string> = new Set([SUBJECTS.documentUploaded, SUBJECTS.documentCategoryChanged, SUBJECTS.documentDeleted]);

/**
 * Media's document events, read by a durable consumer shared by the replicas: an upload queues its document (Drive
 * configured or not), and each change wakes the worker for the document's job (when there is one). A lost wake-up is
 * found by the worker's sweep, which syncs every queued item without a copy.
 */
export function startDocumentConsumer(
  nc: NatsConnection,
  options: {
    durable: string;
    logger: Logger;
    queue: Pick<SyncQueueUseCases, 'queueDocument'>;
    enqueue(documentId: string, venueId: string, change: string): Promise<unknown>;
  },
): Promise<RunningDurableConsumer> {
  return consumeDurable(
    nc,
    { stream: STREAMS.media, durable: options.durable, filterSubject: 'venuebook.media.document.*.v1', logger: options.logger },
    async (event) => {
      if (!SYNCED_EVENTS.has(event.subject) || !('documentId' in event.data)) return;
      const { documentId, venueId } = event.data;
      if (event.subject === SUBJECTS.documentUploaded) {
        await options.queue.queueDocument({
          documentId,
          venueId,
          fileName: event.data.fileName ?? '',
          uploadedAt: new Date(event.occurredAt),
          createdAt: new Date(),
        });
      }
      // Each event is a change of the document: the job runs again even if it was done.
      await options.enqueue(documentId, venueId, event.id);
    },
  );
}
