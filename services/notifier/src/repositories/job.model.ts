import type { Connection, Model } from 'mongoose';
import { workerJobModel } from '@venuebook/service-kit';
import type { WorkerJobDocument } from '@venuebook/service-kit';

/** webhook_jobs: one job per delivery (the kit's worker job shape); the id is the delivery id. */
export function webhookJobModel(connection: Connection): Model<WorkerJobDocument> {
  return workerJobModel(connection, 'webhook_jobs');
}

/** What a first-login job carries. */
export interface FirstLoginJobPayload {
  userId: string;
  email: string;
  /** The first sign-in (RFC 3339). */
  at: string;
}
