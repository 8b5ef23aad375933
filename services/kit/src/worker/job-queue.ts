// A worker's record of the work that did not succeed at once, in its own database. The work itself is known to its
// source (e.g. identity's first logins not notified): a job that succeeds at its first attempt leaves no document
// here. A failed attempt inserts the job (attempts, next attempt, last error); later attempts update it by `_id`. On
// FerretDB an update reads the whole collection, so only failing work ever pays that, and the collection holds what
// failed, not everything done. Reads are by `_id`, and the sweep's list is one top-level equality.
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { isDuplicateKeyError, registeredModel } from '../mongo.ts';

export type JobStatus = 'retrying' | 'done' | 'failed';

export interface WorkerJobDocument {
  /** The job id: stable for one piece of work (e.g. 'first_login:<user id>'). */
  _id: string;
  status: JobStatus;
  /** What the work is about (the worker's own shape), so that a retry needs no source. */
  payload: Record<string, unknown>;
  /** Steps already done by an earlier attempt (the worker's own marks, e.g. { delivered: true }). */
  progress: Record<string, unknown>;
  /** Attempts made so far. */
  attempts: number;
  /** Not before this time. */
  nextAttemptAt: Date;
  lastError: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A job as the runtime and the worker see it (`attempts` 0 and no record: never failed). */
export interface WorkerJob<P = Record<string, unknown>> {
  id: string;
  payload: P;
  progress: Record<string, unknown>;
  attempts: number;
  /** The stored record, when an attempt failed before. */
  record?: { status: JobStatus; nextAttemptAt: Date; lastError: string; updatedAt: Date };
}

function jobSchema(collection: string): Schema<WorkerJobDocument> {
  const schema = new Schema<WorkerJobDocument>(
    {
      _id: { type: String, required: true },
      status: { type: String, required: true, enum: ['retrying', 'done', 'failed'] },
      payload: { type: Schema.Types.Mixed, default: {} },
      progress: { type: Schema.Types.Mixed, default: {} },
      attempts: { type: Number, required: true },
      nextAttemptAt: { type: Date, required: true },
      lastError: { type: String, default: '' },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
    },
    { collection, versionKey: false, strict: 'throw', minimize: false },
  );
  return schema;
}

/** The job model of a worker (`<name>_jobs`), registered on its connection. */
export function workerJobModel(connection: Connection, collection: string): Model<WorkerJobDocument> {
  return registeredModel<WorkerJobDocument>(connection, `WorkerJob_${collection}`, jobSchema(collection));
}

export class JobQueue<P = Record<string, unknown>> {
  readonly #jobs: Model<WorkerJobDocument>;
  readonly #now: () => Date;

  constructor(jobs: Model<WorkerJobDocument>, options: { now?: () => Date } = {}) {
    this.#jobs = jobs;
    this.#now = options.now ?? (() => new Date());
  }

  /** The stored record of job `id`, if an attempt of it ever failed. */
  async get(id: string): Promise<WorkerJobDocument | undefined> {
    return (await this.#jobs.findById(id).lean<WorkerJobDocument>().exec()) ?? undefined;
  }

  /** The stored records of jobs `ids` (those of which an attempt ever failed), in one read by `_id`. */
  async getMany(ids: readonly string[]): Promise<Map<string, WorkerJobDocument>> {
    if (ids.length === 0) return new Map();
    const found = await this.#jobs
      .find({ _id: { $in: [...ids] } })
      .lean<WorkerJobDocument[]>()
      .exec();
    return new Map(found.map((job) => [job._id, job]));
  }

  /** Every job in `status` (the sweep's and the admin pages' list). */
  async withStatus(status: JobStatus): Promise<WorkerJobDocument[]> {
    return this.#jobs.find({ status }).lean<WorkerJobDocument[]>().exec();
  }

  /** The ids of every job in `status` (counts over many jobs without reading their records). */
  async idsWithStatus(status: JobStatus): Promise<Set<string>> {
    const found = await this.#jobs.find({ status }, { _id: 1 }).lean<{ _id: string }[]>().exec();
    return new Set(found.map((job) => job._id));
  }

  /**
   * Records the outcome of a failed attempt `attempt` of job `id`: retrying until `nextAttemptAt`, failed, or done
   * (skipped: nothing to do). The
   * first failure inserts the record (a racing insert of the same attempt loses and updates), later ones update it.
   */
  async failed(
    id: string,
    payload: P,
    attempt: number,
    outcome: { status: JobStatus; nextAttemptAt: Date; error: string; progress: Record<string, unknown> },
  ): Promise<void> {
    const now = this.#now();
    const fields = {
      status: outcome.status,
      attempts: attempt,
      nextAttemptAt: outcome.nextAttemptAt,
      lastError: outcome.error,
      progress: outcome.progress,
      updatedAt: now,
    };
    if (attempt === 1) {
      try {
        await this.#jobs.create({ _id: id, payload: payload as Record<string, unknown>, createdAt: now, ...fields });
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    await this.#jobs.updateOne({ _id: id }, { $set: fields }).exec();
  }

  /** A job that had failed before succeeded: done (a job that never failed has no record to update). */
  async done(id: string): Promise<void> {
    await this.#jobs.updateOne({ _id: id }, { $set: { status: 'done', lastError: '', updatedAt: this.#now() } }).exec();
  }

  /** Forgets jobs `ids` (an admin reset their work: it starts again from its first attempt); how many records there were. */
  async forget(ids: readonly string[]): Promise<number> {
    let deleted = 0;
    for (let start = 0; start < ids.length; start += 1000) {
      deleted += (await this.#jobs.deleteMany({ _id: { $in: ids.slice(start, start + 1000) } }).exec()).deletedCount;
    }
    return deleted;
  }

  /** A failed job back with all its attempts (an admin's retry); undefined when it is not failed. */
  async retryFailed(id: string): Promise<WorkerJobDocument | undefined> {
    const job = await this.get(id);
    if (job?.status !== 'failed') return undefined;
    const now = this.#now();
    const retried = { ...job, status: 'retrying' as const, attempts: 0, nextAttemptAt: now, updatedAt: now };
    await this.#jobs.updateOne({ _id: id }, { $set: { status: 'retrying', attempts: 0, nextAttemptAt: now, updatedAt: now } }).exec();
    return retried;
  }
}
