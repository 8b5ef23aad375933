import { SUBJECTS } from '@venuebook/contracts/events';
import type { DomainEventPublisher } from '@venuebook/service-kit';
import type { DriveFileRecord } from '../repositories/drive-file.repository.ts';
import type { QueueItem } from '../repositories/queue.repository.ts';

/** What Drive sync tells the other replicas: a document's copy made or removed, the queue changed (their read models follow). */
export function createDriveEvents(publisher: DomainEventPublisher) {
  return {
    async copyChanged(documentId: string, venueId: string, copy: DriveFileRecord | null): Promise<void> {
      await publisher.publish(SUBJECTS.driveCopyChanged, {
        documentId,
        venueId,
        fileId: copy?.fileId ?? null,
        url: copy?.url ?? '',
        syncedAt: copy?.syncedAt.toISOString() ?? null,
      });
    },

    async queued(item: QueueItem): Promise<void> {
      await publisher.publish(SUBJECTS.driveQueueChanged, {
        change: 'queued',
        documentId: item.documentId,
        venueId: item.venueId,
        fileName: item.fileName,
        uploadedAt: item.uploadedAt?.toISOString() ?? null,
        createdAt: item.createdAt.toISOString(),
      });
    },

    async removed(documentId: string, venueId: string): Promise<void> {
      await publisher.publish(SUBJECTS.driveQueueChanged, { change: 'removed', documentId, venueId, fileName: '', uploadedAt: null, createdAt: null });
    },

    /** A Clear & Reset of `venueId` ('' for all) at `at`: what was queued or copied until then. */
    async reset(venueId: string, at: Date): Promise<void> {
      await publisher.publish(SUBJECTS.driveQueueChanged, {
        change: 'reset',
        documentId: '',
        venueId,
        fileName: '',
        uploadedAt: null,
        createdAt: at.toISOString(),
      });
    },
  };
}

export type DriveEvents = ReturnType<typeof createDriveEvents>;
