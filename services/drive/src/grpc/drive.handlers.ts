import type { DriveService } from '@venuebook/contracts/drive/v1';
import type { ServiceHandlers } from '@venuebook/grpc';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import { isUuid } from '@venuebook/domain';
import { callerCan, requirePermission, requireUser, VENUE_NOT_FOUND } from '@venuebook/service-kit';
import type { DriveChanges } from '../use-cases/drive-changes.ts';
import { QUEUE_LIST_LIMIT } from '../use-cases/sync-queue.ts';
import type { SyncQueueUseCases } from '../use-cases/sync-queue.ts';
import type { SyncStatusUseCases } from '../use-cases/sync-status.ts';

const MAX_DOCUMENTS = 1000;

/** What an import says when there is no Drive to import from. */
export const DRIVE_NOT_CONFIGURED = 'Google Drive is not configured';

const iso = (date: Date | null): string => date?.toISOString() ?? '';

/**
 * Drive sync's gRPC face: its status and queue for admins ('sync.view'), Trigger Sync ('sync.trigger') and Clear &
 * Reset ('sync.reset'); documents' copies for anyone signed in (errors for admins).
 */
export function createDriveHandlers(useCases: {
  status: SyncStatusUseCases;
  queue: SyncQueueUseCases;
  /** 'Sync documents' of a venue (the changes feed, then the venue's folders); absent when Drive is not configured. */
  import: Pick<DriveChanges, 'syncVenue'> | undefined;
  /** The active venue's name; null when it is not active. */
  venueName(venueId: string): Promise<string | null>;
}): ServiceHandlers<typeof DriveService> {
  return {
    async getDriveStatus(_request, call) {
      requirePermission(call, 'sync.view');
      return useCases.status.driveStatus();
    },

    async getDocumentSync(request, call) {
      const caller = requireUser(call);
      // Drive's message is for admins (the sync logs); others see the state and the retries.
      const errors = callerCan(caller, 'sync.view');
      if (request.documentIds.length > MAX_DOCUMENTS) throw GrpcError.invalidArgument(`At most ${MAX_DOCUMENTS} documents`);
      const states = await useCases.status.documentStates(request.documentIds);
      return {
        documents: states.map((state) => ({
          documentId: state.documentId,
          status: state.status,
          googleDriveFileId: state.fileId,
          googleDriveUrl: state.url,
          retryCount: state.retryCount,
          maxRetries: state.maxRetries,
          error: errors ? state.error : '',
          syncedAt: state.syncedAt?.toISOString() ?? '',
        })),
      };
    },

    async listSyncQueue(request, call) {
      requirePermission(call, 'sync.view');
      if (request.limit < 0 || request.limit > QUEUE_LIST_LIMIT) throw GrpcError.invalidArgument(`The limit must be between 1 and ${QUEUE_LIST_LIMIT}`);
      const { items, counts, total } = await useCases.queue.list(request.venueId, request.limit || QUEUE_LIST_LIMIT);
      return {
        items: items.map((item) => ({
          id: item.documentId,
          documentId: item.documentId,
          venueId: item.venueId,
          venueName: item.venueName,
          fileName: item.fileName,
          uploadedAt: iso(item.uploadedAt),
          status: item.state.status,
          retryCount: item.state.retryCount,
          maxRetries: item.state.maxRetries,
          errorMessage: item.state.error,
          createdAt: iso(item.createdAt),
          updatedAt: iso(item.updatedAt),
          syncedAt: iso(item.state.syncedAt),
          googleDriveUrl: item.state.url,
        })),
        counts,
        total,
      };
    },

    async triggerSync(_request, call) {
      const caller = requirePermission(call, 'sync.trigger');
      return useCases.queue.trigger(caller);
    },

    async syncVenueDocuments(request, call) {
      const caller = requirePermission(call, 'document.upload');
      if (!useCases.import) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, DRIVE_NOT_CONFIGURED);
      if (!isUuid(request.venueId) || (await useCases.venueName(request.venueId)) === null) throw GrpcError.notFound(VENUE_NOT_FOUND);
      return useCases.import.syncVenue(caller, request.venueId, call.signal);
    },

    async resetSyncQueue(request, call) {
      const caller = requirePermission(call, 'sync.reset');
      if (!request.venueId && !request.all) throw GrpcError.invalidArgument('Name a venue, or say all venues');
      if (request.venueId && request.all) throw GrpcError.invalidArgument('Name a venue or all venues, not both');
      return useCases.queue.reset(caller, request.venueId);
    },
  };
}
