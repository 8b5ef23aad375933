// A venue's Drive folder kept in step with the venue (a job of the worker runtime, `venue-rename:<id>` or
// `venue-trash:<id>`): renamed when the venue is (to the venue's name when the job runs, so the latest rename wins
// whatever the order of the jobs), moved to Drive's trash with everything in it when the venue is purged.
import { PermanentJobFailure } from '@venuebook/service-kit';
import type { WorkerJob } from '@venuebook/service-kit';
import { JOB_ID } from '../domain/drive-layout.ts';
import type { VenueFolderJobPayload } from '../repositories/job.model.ts';
import type { DriveFolders } from './drive-folders.ts';

export function venueFolderSync({ folders }: { folders: DriveFolders }) {
  return {
    jobOf(venueId: string, folder: VenueFolderJobPayload['folder']): { id: string; payload: VenueFolderJobPayload } {
      return { id: JOB_ID.venueFolder(venueId, folder), payload: { venueId, folder } };
    },

    async perform(job: WorkerJob<VenueFolderJobPayload>): Promise<void> {
      const { venueId, folder } = job.payload;
      if (job.id !== JOB_ID.venueFolder(venueId, folder)) throw new PermanentJobFailure('the job and its venue do not match');
      if (folder === 'trash') await folders.trash(venueId);
      // A venue deleted since (not purged) keeps its folder as it is: a restore and a rename bring a job again.
      else await folders.rename(venueId);
    },
  };
}

export type VenueFolderSync = ReturnType<typeof venueFolderSync>;
