import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { connectivityState } from '@grpc/grpc-js';
import type { VenueDocument } from '@venuebook/contracts/media/v1';
import { grpcCallOptions } from '../../lib/grpc-call.ts';

/** The Drive service answers for at most this many documents a call. */
const DOCUMENTS_PER_CALL = 1000;
/**
 * How long a document answer waits for the Drive state: the service answers from memory in milliseconds; one that is
 * down or stuck must not hold every document list and upload for the client's whole deadline.
 */
const OVERLAY_DEADLINE_MS = 500;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Puts each document's Google Drive copy (the Drive service's word: its state, retries, error, link) on media's
     * documents, in place. Drive being unreachable (or slower than OVERLAY_DEADLINE_MS) leaves them as media answered (pending): a list never
     * fails or waits for it.
     */
    withDriveSync(documents: VenueDocument[], request: FastifyRequest, reply: FastifyReply): Promise<VenueDocument[]>;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('withDriveSync', async (documents: VenueDocument[], request: FastifyRequest, reply: FastifyReply) => {
      const byId = new Map(documents.map((document) => [document.id, document]));
      const ids = [...byId.keys()];
      // Known to be down (every address failing, grpc-js waiting to reconnect): not asked, the answer goes at once.
      if (ids.length === 0 || fastify.drive.grpcClient.getChannel().getConnectivityState(false) === connectivityState.TRANSIENT_FAILURE) return documents;
      try {
        for (let start = 0; start < ids.length; start += DOCUMENTS_PER_CALL) {
          const { documents: states } = await fastify.drive.getDocumentSync(
            { documentIds: ids.slice(start, start + DOCUMENTS_PER_CALL) },
            { ...grpcCallOptions(request, reply), deadlineMs: OVERLAY_DEADLINE_MS },
          );
          for (const state of states) {
            const document = byId.get(state.documentId);
            if (!document) continue;
            document.googleDriveFileId = state.googleDriveFileId;
            document.googleDriveUrl = state.googleDriveUrl;
            document.sync = {
              $typeName: 'venuebook.media.v1.SyncState',
              status: state.status,
              retryCount: state.retryCount,
              maxRetries: state.maxRetries,
              error: state.error,
              syncedAt: state.syncedAt,
              updatedAt: state.syncedAt,
            };
          }
        }
      } catch (error) {
        request.log.warn({ err: error }, 'the Drive service did not answer: documents shown without their Drive state');
      }
      return documents;
    });
  },
  { name: 'drive-sync', dependencies: ['grpc-clients'] },
);
