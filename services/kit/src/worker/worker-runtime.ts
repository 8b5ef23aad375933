// The one runtime of the workers (first-login webhook, Drive sync, AI extraction): the database is the truth of
// what must be done, NATS only wakes the worker.
// - A job is a document of the worker's job collection (JobQueue), added once per id; adding it publishes a
//   wake-up on the worker's `due` subject (STREAMS.jobs).
// - A durable pull consumer of those wake-ups, explicit acks, at most `concurrency` jobs at once. A wake-up claims
//   the job with a lease (the attempt is counted), runs `perform`, and only then acks: done, or due again after a
//   back-off with jitter (or the target's Retry-After), or failed once it used its attempts (kept, with its last
//   error, for an admin). A wake-up for a job that is done is acked; for one not yet due or held by a live lease,
//   it comes back when that ends.
// - Long jobs heartbeat: the lease is extended and the message marked in progress.
// - A sweep on start and every `sweepIntervalMs` asks the worker's source for work it may not know (`discover`)
//   and wakes every pending job that is due and has no live lease: a publish that failed, a lost wake-up or a
//   process killed mid-job still gets done.
// - stop() drains: no new job is taken, the jobs in hand may finish within `graceMs`, the rest are handed back.
// `perform` must make its effect idempotent (a job whose process died after the effect, before it was recorded,
// runs again): it can record steps with `progress` and find them in `job.progress` on the next attempt.
import { createHash } from 'node:crypto';
import { AckPolicy, DeliverPolicy } from 'nats';
import type { ConsumerMessages, JetStreamClient, JsMsg, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { createEnvelope, decodeEnvelope, parseEnvelope, STREAMS } from '@venuebook/contracts/events';
import type { SubjectName } from '@venuebook/contracts/events';
import { publishEvent } from '../nats.ts';
import { backoffDelay } from './backoff.ts';
import type { BackoffPolicy } from './backoff.ts';
import { PermanentJobFailure, RetryLater } from './job-errors.ts';
import type { JobClaim, JobQueue, WorkerJob } from './job-queue.ts';

/** Subjects of the jobs stream whose payload is a job id. */
type DueSubject = Extract<SubjectName, `venuebook.jobs.${string}.due.v1`>;

export interface JobContext {
  /** This attempt's number (1 = first). */
  attempt: number;
  /** True when a failure of this attempt fails the job (no attempt left). */
  lastAttempt: boolean;
  /** Aborted when the worker stops and the grace period ends: hand the job back as soon as possible. */
  signal: AbortSignal;
  /** Records steps done (kept for a later attempt, read back as job.progress). */
  progress(steps: Record<string, unknown>): Promise<void>;
}

/** How an attempt ended, for the worker's own log (e.g. a delivery log). */
export type AttemptOutcome = 'done' | 'retrying' | 'failed';

export interface WorkerOptions<P> {
  /** The worker's name (its logs say it). */
  name: string;
  /** Its durable consumer of wake-ups, shared by its replicas (default `<name>-jobs`). */
  durable?: string;
  nc: NatsConnection;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  queue: JobQueue<P>;
  /** The worker's wake-up subject (STREAMS.jobs), e.g. SUBJECTS.notifierJobDue. */
  dueSubject: DueSubject;
  /** Jobs in progress at once in this process. */
  concurrency: number;
  /** Attempts of a new job before it is failed. */
  maxAttempts: number;
  backoff: BackoffPolicy;
  /** How long a claim holds without a heartbeat (heartbeats every third of it); also the consumer's ack wait. */
  leaseMs: number;
  /** Between two sweeps. */
  sweepIntervalMs: number;
  /** Attempts cut short by a dying process before the job is failed (default 30): a job that kills its process stops. */
  maxInterruptions?: number;
  /** How long stop() lets the jobs in hand finish before handing them back. */
  graceMs: number;
  /** The work: throws to fail the attempt (RetryLater: the target's wait; PermanentJobFailure: no retry). */
  perform(job: WorkerJob<P>, context: JobContext): Promise<void>;
  /** Work the worker's source says is pending (each sweep adds what is missing). */
  discover?(): Promise<readonly { id: string; payload: P }[]>;
  /** Told after every attempt (not after a hand-back at shutdown). */
  attempted?(job: WorkerJob<P>, attempt: number, outcome: AttemptOutcome, error: string): void;
}

export interface RunningWorker<P> {
  /** Adds job `id` (unless it exists) and wakes a worker for it; true when it was new. */
  enqueue(id: string, payload: P): Promise<boolean>;
  /** Puts a failed job back with all its attempts and wakes a worker; false when it was not failed. */
  retryFailed(id: string): Promise<boolean>;
  /** One sweep now (tests, and the periodic timer). Resolves with how many jobs it woke. */
  sweep(): Promise<number>;
  /** Drains: no new job; the ones in hand finish within graceMs or are handed back. */
  stop(): Promise<void>;
}

/** A UUID made from `text` (the form of an event id), the same for the same text. */
function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export async function startWorker<P>(options: WorkerOptions<P>): Promise<RunningWorker<P>> {
  const { name, nc, logger, queue, dueSubject, leaseMs } = options;
  const js: JetStreamClient = nc.jetstream();
  const durable = options.durable ?? `${name}-jobs`;

  // One wake-up per job state: its id is derived from the job's id, attempts and last change, so JetStream drops
  // the repeats of a sweep within its duplicate window, while a job that changed (a retry, an admin's) wakes anew.
  const wake = async (job: Pick<WorkerJob<P>, 'id' | 'attempts' | 'updatedAt'>): Promise<void> => {
    const id = uuidOf(`${durable}\n${job.id}\n${job.attempts}\n${job.updatedAt.getTime()}`);
    await publishEvent(js, dueSubject, createEnvelope(dueSubject, { jobId: job.id }, { id }));
  };

  // The consumer: created if missing, its ack wait the lease.
  const jsm = await nc.jetstreamManager();
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: dueSubject,
    ack_wait: leaseMs * 1_000_000,
    max_ack_pending: Math.max(options.concurrency * 4, 64),
  };
  try {
    await jsm.consumers.info(STREAMS.jobs.name, durable);
    await jsm.consumers.update(STREAMS.jobs.name, durable, { ack_wait: config.ack_wait, max_ack_pending: config.max_ack_pending });
  } catch (error) {
    if (!/consumer not found/i.test((error as Error).message ?? '')) throw error;
    await jsm.consumers.add(STREAMS.jobs.name, config);
  }
  const consumer = await js.consumers.get(STREAMS.jobs.name, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: options.concurrency });

  const abort = new AbortController();
  let stopping = false;

  const runAttempt = async (job: WorkerJob<P>, claim: JobClaim, message: JsMsg): Promise<void> => {
    const heartbeat = setInterval(
      () => {
        message.working();
        void queue.heartbeat(claim, leaseMs).catch((error: unknown) => logger.warn({ err: error, jobId: job.id, worker: name }, 'job heartbeat failed'));
      },
      Math.max(Math.floor(leaseMs / 3), 50),
    );
    const lastAttempt = claim.attempt >= job.maxAttempts;
    try {
      await options.perform(
        { ...job, attempts: claim.attempt, leaseToken: claim.token },
        { attempt: claim.attempt, lastAttempt, signal: abort.signal, progress: (steps) => queue.recordProgress(claim, steps) },
      );
      clearInterval(heartbeat);
      await queue.complete(claim);
      message.ack();
      options.attempted?.(job, claim.attempt, 'done', '');
    } catch (failure) {
      clearInterval(heartbeat);
      if (abort.signal.aborted && !(failure instanceof PermanentJobFailure)) {
        // Stopped after the grace period: handed back, due again at once, the attempt not counted.
        await queue.release(claim);
        message.nak();
        return;
      }
      const error = errorText(failure);
      if (failure instanceof PermanentJobFailure || lastAttempt) {
        await queue.fail(claim, error);
        message.ack();
        logger.warn({ jobId: job.id, attempt: claim.attempt, err: failure, worker: name }, 'job failed; kept for an admin');
        options.attempted?.(job, claim.attempt, 'failed', error);
        return;
      }
      const delay = failure instanceof RetryLater ? failure.retryAfterMs : backoffDelay(claim.attempt, options.backoff);
      await queue.retryLater(claim, error, new Date(Date.now() + delay));
      message.nak(delay);
      logger.info({ jobId: job.id, attempt: claim.attempt, retryInMs: delay, error, worker: name }, 'job attempt failed; will retry');
      options.attempted?.(job, claim.attempt, 'retrying', error);
    }
  };

  const handle = async (message: JsMsg): Promise<void> => {
    let jobId: string;
    try {
      jobId = (parseEnvelope(dueSubject, decodeEnvelope(message.data)) as { data: { jobId: string } }).data.jobId;
    } catch (invalid) {
      logger.error({ err: invalid, subject: message.subject, worker: name }, 'dropped a malformed wake-up');
      message.term('malformed');
      return;
    }
    const job = await queue.get(jobId);
    if (!job || job.status !== 'pending') {
      message.ack();
      return;
    }
    const now = Date.now();
    const held = job.leaseUntil && job.leaseUntil.getTime() > now ? job.leaseUntil.getTime() - now : 0;
    const wait = Math.max(held, job.nextAttemptAt.getTime() - now);
    if (wait > 0) {
      message.nak(wait + 20);
      return;
    }
    const claim = await queue.claim(job, leaseMs);
    if (!claim) {
      message.nak(100);
      return;
    }
    if (claim.interruptions > (options.maxInterruptions ?? 30)) {
      const error = `stopped ${claim.interruptions} times while doing it (its process died)`;
      await queue.fail(claim, error);
      message.ack();
      logger.warn({ jobId: job.id, interruptions: claim.interruptions, worker: name }, 'job failed: it keeps stopping its process');
      options.attempted?.(job, claim.attempt, 'failed', error);
      return;
    }
    await runAttempt(job, claim, message);
  };

  // At most `concurrency` jobs at once: the loop waits for a free slot before it takes the next message.
  const slots = new Set<Promise<void>>();
  const loop = (async () => {
    for await (const message of messages) {
      if (stopping) {
        message.nak();
        continue;
      }
      const done: Promise<void> = handle(message)
        .catch((error: unknown) => {
          logger.error({ err: error, worker: name }, 'job wake-up failed; it comes back');
          message.nak(1000);
        })
        .finally(() => {
          slots.delete(done);
        });
      slots.add(done);
      if (slots.size >= options.concurrency) await Promise.race(slots);
    }
  })().catch((error: unknown) => logger.error({ err: error, worker: name }, 'worker consumer stopped'));

  let sweeping: Promise<number> | undefined;
  const sweepOnce = async (): Promise<number> => {
    logger.debug({ worker: name }, 'sweep started');
    if (options.discover) {
      const discovered = await options.discover();
      logger.debug({ worker: name, discovered: discovered.length }, 'sweep: the source says these are pending');
      for (const found of discovered) {
        // A read by `_id` first: most are known, and a read costs the store less than a refused insert.
        if (await queue.get(found.id)) continue;
        if (await queue.add(found.id, found.payload, options.maxAttempts)) logger.info({ jobId: found.id, worker: name }, 'sweep found a job');
      }
    }
    const now = Date.now();
    let woken = 0;
    const pending = await queue.withStatus('pending');
    logger.debug({ worker: name, pending: pending.length }, 'sweep: pending jobs');
    for (const job of pending) {
      const leased = job.leaseUntil !== null && job.leaseUntil.getTime() > now;
      if (leased || job.nextAttemptAt.getTime() > now) continue;
      await wake(job);
      woken++;
    }
    if (woken > 0) logger.info({ woken, worker: name }, 'sweep woke pending jobs');
    return woken;
  };
  const sweep = (): Promise<number> => {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  };
  const timer = setInterval(() => {
    void sweep().catch((error: unknown) => logger.warn({ err: error, worker: name }, 'sweep failed; the next one tries again'));
  }, options.sweepIntervalMs);
  timer.unref();
  void sweep().catch((error: unknown) => logger.warn({ err: error, worker: name }, 'first sweep failed; the next one tries again'));
  logger.info({ worker: name, concurrency: options.concurrency, durable }, 'worker started');

  let stopped: Promise<void> | undefined;
  return {
    async enqueue(id, payload) {
      const added = await queue.add(id, payload, options.maxAttempts);
      // Woken even when it existed: a pending job whose wake-up was lost starts now instead of at the next sweep.
      const job = await queue.get(id);
      if (job?.status === 'pending') await wake(job);
      return added;
    },
    async retryFailed(id) {
      if (!(await queue.retryFailed(id))) return false;
      const job = await queue.get(id);
      if (job) await wake(job);
      return true;
    },
    sweep,
    stop: () => {
      stopped ??= (async () => {
        stopping = true;
        clearInterval(timer);
        messages.stop();
        const within = (ms: number, work: Promise<unknown>) =>
          Promise.race([work.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
        if (!(await within(options.graceMs, Promise.all(slots)))) {
          abort.abort();
          logger.warn({ worker: name, inHand: slots.size }, 'grace period over: handing the jobs in hand back');
          // A job that does not heed the signal keeps its lease until it expires; then it is due again.
          await within(2000, Promise.all(slots));
        }
        await within(2000, loop);
        await within(2000, sweeping ?? Promise.resolve());
      })();
      return stopped;
    },
  };
}
