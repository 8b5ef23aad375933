export { backoffDelay, MAX_RETRY_AFTER_MS, parseRetryAfter } from './backoff.ts';
export type { BackoffPolicy } from './backoff.ts';
export { PermanentJobFailure, RetryLater, SkippedJob } from './job-errors.ts';
export { JobQueue, workerJobModel } from './job-queue.ts';
export type { JobStatus, WorkerJob, WorkerJobDocument } from './job-queue.ts';
export { startWorker } from './worker-runtime.ts';
export type { JobContext, RunningWorker, WorkerOptions } from './worker-runtime.ts';
