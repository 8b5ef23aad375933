import { SUBJECTS } from '@venuebook/contracts/events';
import type { DomainEventPublisher } from '@venuebook/service-kit';
import type { DriveFileRecord } from '../repositories/drive-file.repository.ts';

/** What Drive sync tells the other replicas: a document's copy made or removed (their read models follow). */
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
  };
}

export type DriveEvents = ReturnType<typeof createDriveEvents>;
