// What User Management shows of the webhook: the latest attempts (the bounded delivery log, by `_id`), and the
// deliveries waiting for another attempt or failed (the job collection by status: one top-level equality; it holds
// only the work that failed an attempt).
import type { JobQueue } from '@venuebook/service-kit';
import type { DeliveryLogEntry, DeliveryLogRepository } from '../repositories/delivery-log.repository.ts';
import type { FirstLoginJobPayload } from '../repositories/job.model.ts';

export const OVERVIEW_DELIVERIES = 50;
/** The failed deliveries listed (the newest; `failed` counts them all). */
export const OVERVIEW_FAILED_JOBS = 50;

export interface FailedJob {
  deliveryId: string;
  email: string;
  attempts: number;
  lastError: string;
  updatedAt: Date;
}

export interface WebhookOverview {
  pending: number;
  failed: number;
  deliveries: DeliveryLogEntry[];
  failedJobs: FailedJob[];
}

export async function webhookOverview(log: DeliveryLogRepository, jobs: JobQueue<FirstLoginJobPayload>): Promise<WebhookOverview> {
  const [deliveries, pending, failed] = await Promise.all([log.recent(OVERVIEW_DELIVERIES), jobs.withStatus('retrying'), jobs.withStatus('failed')]);
  return {
    pending: pending.length,
    failed: failed.length,
    deliveries,
    failedJobs: failed
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, OVERVIEW_FAILED_JOBS)
      .map((job) => ({
        deliveryId: job._id,
        email: (job.payload as Partial<FirstLoginJobPayload>).email ?? '',
        attempts: job.attempts,
        lastError: job.lastError,
        updatedAt: job.updatedAt,
      })),
  };
}
