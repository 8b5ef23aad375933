import type { DriveService } from '@venuebook/contracts/drive/v1';
import type { ServiceHandlers } from '@venuebook/grpc';
import { GrpcError } from '@venuebook/grpc';
import { callerCan, requirePermission, requireUser } from '@venuebook/service-kit';
import type { SyncStatusUseCases } from '../use-cases/sync-status.ts';

const MAX_DOCUMENTS = 1000;

/** Drive sync's gRPC face: its status for admins ('sync.view'); documents' copies for anyone signed in (errors for admins). */
export function createDriveHandlers(useCases: { status: SyncStatusUseCases }): ServiceHandlers<typeof DriveService> {
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
  };
}
