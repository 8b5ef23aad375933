// The Drive worker's client of the venues service, calling as the worker (never as a user): a venue's name (its
// folder's), and the venue's Drive folder kept on the venue.
import { randomUUID } from 'node:crypto';
import { GrpcStatus, isGrpcError } from '@venuebook/grpc';
import { createServiceClient, createVenueDirectory, workerCaller } from '@venuebook/service-kit';
import type { DriveConfig } from '../config.ts';
import { DRIVE_WORKER } from './media-client.ts';

export interface DriveVenues {
  /** The active venue's name; null when it is not active (deleted or purged). */
  name(venueId: string): Promise<string | null>;
  /** Keeps the venue's Drive folder id on the venue. */
  setFolder(venueId: string, folderId: string): Promise<void>;
  close(): void;
}

export function createDriveVenues(config: DriveConfig): DriveVenues {
  const directory = createVenueDirectory(config);
  const venues = createServiceClient('venues', config.VENUES_GRPC_URL, { ...config, deadlineMs: config.VENUES_DEADLINE_MS });
  const caller = () => workerCaller(DRIVE_WORKER, `drive-${randomUUID()}`);
  return {
    async name(venueId) {
      try {
        return (await directory.getActive(caller(), venueId)).name;
      } catch (error) {
        if (isGrpcError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
        throw error;
      }
    },
    async setFolder(venueId, folderId) {
      await venues.client.setVenueDriveFolder({ venueId, folderId }, venues.as(caller()));
    },
    close() {
      directory.close();
      venues.close();
    },
  };
}
