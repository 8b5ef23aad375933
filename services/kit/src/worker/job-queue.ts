// A worker's jobs in its own database: the truth of what must be done. Every read and write goes by `_id`,
// except the sweep's two lists (one top-level equality on `status`). A job is claimed with a lease (a token and
// an expiry) that the runtime extends while it works; a process that dies leaves a lease that simply expires.
import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '../mongo.ts';

export type JobStatus = 'pending' | 'done' | 'failed';

export interface WorkerJobDocument {
  /** The job id: stable for one piece of work (e.g. 'first_login:<user id>'), so enqueueing it twice is one job. */
  _id: string;
  status: JobStatus;
  /** What the work is about (the worker's own shape). */
  payload: Record<string, unknown>;
  /** Steps already done by an earlier attempt (the worker's own marks, e.g. { delivered: true }). */
  progress: Record<string, unknown>;
  /** Attempts made so far (an attempt interrupted by a process that died is made again, not counted twice). */
  attempts: number;
  maxAttempts: number;
  /** Attempts cut short because the process doing them died (a job that keeps killing its process fails). */
  interruptions: number;
  /** Not before this time. */
  nextAttemptAt: Date;
  /** The claim of the attempt in progress, and until when it holds without a heartbeat. */
  leaseToken: string | null;
  leaseUntil: Date | null;
  lastError: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A job as the runtime and the worker see it. */
export interface WorkerJob<P = Record<string, unknown>> {
  id: string;
  status: JobStatus;
  payload: P;
  progress: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  interruptions: number;
  nextAttemptAt: Date;
  leaseToken: string | null;
  leaseUntil: Date | null;
  lastError: string;
  createdAt: Date;
  updatedAt: Date;
}

function jobSchema(collection: string): Schema<WorkerJobDocument> {
  const schema = new Schema<WorkerJobDocument>(
    {
      _id: { type: String, required: true },
      status: { type: String, required: true, enum: ['pending', 'done', 'failed'] },
      payload: { type: Schema.Types.Mixed, default: {} },
      progress: { type: Schema.Types.Mixed, default: {} },
      attempts: { type: Number, required: true, default: 0 },
      maxAttempts: { type: Number, required: true },
      interruptions: { type: Number, default: 0 },
      nextAttemptAt: { type: Date, required: true },
      leaseToken: { type: String, default: null },
      leaseUntil: { type: Date, default: null },
      lastError: { type: String, default: '' },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
    },
    { collection, versionKey: false, strict: 'throw', minimize: false },
  );
  schema.index({ status: 1 });
  return schema;
}

/** The job model of a worker (`<name>_jobs`), registered on its connection. */
export function workerJobModel(connection: Connection, collection: string): Model<WorkerJobDocument> {
  const modelName = `WorkerJob_${collection}`;
  return registeredModel<WorkerJobDocument>(connection, modelName, jobSchema(collection));
}

const DUPLICATE_KEY = 11000;

const toJob = <P>(doc: WorkerJobDocument): WorkerJob<P> => ({
  id: doc._id,
  status: doc.status,
  payload: doc.payload as P,
  progress: doc.progress ?? {},
  attempts: doc.attempts,
  maxAttempts: doc.maxAttempts,
  interruptions: doc.interruptions ?? 0,
  nextAttemptAt: doc.nextAttemptAt,
  leaseToken: doc.leaseToken ?? null,
  leaseUntil: doc.leaseUntil ?? null,
  lastError: doc.lastError ?? '',
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** A held claim on a job: what the runtime passes back to heartbeat, finish or give up the attempt. */
export interface JobClaim {
  id: string;
  token: string;
  attempt: number;
  /** How many attempts of the job were cut short by a process that died (this claim's predecessor included). */
  interruptions: number;
}

export class JobQueue<P = Record<string, unknown>> {
  readonly #jobs: Model<WorkerJobDocument>;
  readonly #now: () => Date;

  constructor(jobs: Model<WorkerJobDocument>, options: { now?: () => Date } = {}) {
    this.#jobs = jobs;
    this.#now = options.now ?? (() => new Date());
  }

  /** Adds job `id` unless it exists (whatever its state): true when this call added it. */
  async add(id: string, payload: P, maxAttempts: number): Promise<boolean> {
    const now = this.#now();
    try {
      await this.#jobs.create({
        _id: id,
        status: 'pending',
        payload: payload as Record<string, unknown>,
        progress: {},
        attempts: 0,
        maxAttempts,
        interruptions: 0,
        nextAttemptAt: now,
        leaseToken: null,
        leaseUntil: null,
        lastError: '',
        createdAt: now,
        updatedAt: now,
      });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async get(id: string): Promise<WorkerJob<P> | undefined> {
    const doc = await this.#jobs.findById(id).lean<WorkerJobDocument>().exec();
    return doc ? toJob<P>(doc) : undefined;
  }

  /** Every job in `status` (the sweep's and the admin pages' list). */
  async withStatus(status: JobStatus): Promise<WorkerJob<P>[]> {
    const docs = await this.#jobs.find({ status }).lean<WorkerJobDocument[]>().exec();
    return docs.map((doc) => toJob<P>(doc));
  }

  /**
   * Claims pending job `job` for one attempt, holding it for `leaseMs`. A job still holding a lease whose time ran
   * out was interrupted (its process died: every other ending clears the lease): that attempt is made again under
   * its number, and counted as an interruption. Undefined when another claim or change came first (the job is
   * compared as it was read).
   */
  async claim(job: WorkerJob<P>, leaseMs: number): Promise<JobClaim | undefined> {
    const now = this.#now();
    const token = randomUUID();
    const interrupted = job.leaseToken !== null;
    const attempt = interrupted ? Math.max(job.attempts, 1) : job.attempts + 1;
    const interruptions = job.interruptions + (interrupted ? 1 : 0);
    const result = await this.#jobs
      .updateOne(
        { _id: job.id, status: 'pending', attempts: job.attempts, leaseToken: job.leaseToken },
        { $set: { attempts: attempt, interruptions, leaseToken: token, leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now } },
      )
      .exec();
    return result.modifiedCount === 1 ? { id: job.id, token, attempt, interruptions } : undefined;
  }

  /** Extends the claim by `leaseMs`; false when it was lost (the job changed hands). */
  async heartbeat(claim: JobClaim, leaseMs: number): Promise<boolean> {
    const now = this.#now();
    const result = await this.#jobs.updateOne({ _id: claim.id, leaseToken: claim.token }, { $set: { leaseUntil: new Date(now.getTime() + leaseMs) } }).exec();
    return result.modifiedCount === 1;
  }

  /** Records steps done within the attempt (kept for the next attempt), under the claim. */
  async recordProgress(claim: JobClaim, progress: Record<string, unknown>): Promise<void> {
    const set = Object.fromEntries(Object.entries(progress).map(([key, value]) => [`progress.${key}`, value]));
    await this.#jobs.updateOne({ _id: claim.id, leaseToken: claim.token }, { $set: { ...set, updatedAt: this.#now() } }).exec();
  }

  /** The attempt succeeded: the job is done. */
  async complete(claim: JobClaim): Promise<void> {
    await this.#jobs
      .updateOne(
        { _id: claim.id, leaseToken: claim.token },
        { $set: { status: 'done', leaseToken: null, leaseUntil: null, lastError: '', updatedAt: this.#now() } },
      )
      .exec();
  }

  /** The attempt failed; the job waits until `nextAttemptAt`. */
  async retryLater(claim: JobClaim, error: string, nextAttemptAt: Date): Promise<void> {
    await this.#jobs
      .updateOne(
        { _id: claim.id, leaseToken: claim.token },
        { $set: { nextAttemptAt, leaseToken: null, leaseUntil: null, lastError: error, updatedAt: this.#now() } },
      )
      .exec();
  }

  /** The job used its attempts (or cannot succeed): failed, kept with its last error until an admin retries it. */
  async fail(claim: JobClaim, error: string): Promise<void> {
    await this.#jobs
      .updateOne(
        { _id: claim.id, leaseToken: claim.token },
        { $set: { status: 'failed', leaseToken: null, leaseUntil: null, lastError: error, updatedAt: this.#now() } },
      )
      .exec();
  }

  /** Hands an interrupted attempt back (shutdown): due again at once, the attempt not counted. */
  async release(claim: JobClaim): Promise<void> {
    await this.#jobs
      .updateOne(
        { _id: claim.id, leaseToken: claim.token },
        { $set: { attempts: claim.attempt - 1, leaseToken: null, leaseUntil: null, nextAttemptAt: this.#now(), updatedAt: this.#now() } },
      )
      .exec();
  }

  /** A failed job back to pending with all its attempts (an admin's retry); false when it is not failed. */
  async retryFailed(id: string): Promise<boolean> {
    const now = this.#now();
    const result = await this.#jobs
      .updateOne(
        { _id: id, status: 'failed' },
        { $set: { status: 'pending', attempts: 0, nextAttemptAt: now, leaseToken: null, leaseUntil: null, updatedAt: now } },
      )
      .exec();
    return result.modifiedCount === 1;
  }
}
