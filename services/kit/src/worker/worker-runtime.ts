// The one runtime of the workers (first-login webhook, Drive sync, AI extraction): the database is the truth of
// what must be done, NATS only wakes the worker.
// - The work is known to its source (the notifier: identity's first logins not notified; Drive sync: media's
//   documents not synced). `enqueue(id, payload)` publishes a wake-up on the worker's `due` subject (STREAMS.jobs);
//   usually a consumer of the source's event calls it.
// - A durable pull consumer of those wake-ups, explicit acks, at most `concurrency` jobs at once; the message in hand
//   is the claim (ack wait `leaseMs`, kept alive by `working()` while the job runs). It runs `perform` and only then
//   acks. A job that succeeds at once writes nothing of its own.
// - A failed attempt is recorded in the worker's job collection (JobQueue): due again after a back-off with jitter (or
//   the target's Retry-After), and the message comes back then (`nak(delay)`); after `maxAttempts`, or a
//   PermanentJobFailure, the job is failed: kept, with its last error, until an admin retries it.
// - A sweep on start and every `sweepIntervalMs` asks the source what is pending (`discover`) and wakes what has no
//   record, or a record overdue by more than a lease (its wake-up was lost): a publish that failed, NATS down, a
//   process killed mid-job still gets done. Wake-ups carry an id derived from the job's state, so JetStream drops
//   the repeats within its duplicate window.
// - stop() drains: no new job is taken, the jobs in hand may finish within `graceMs`, then they are handed back.
// A job can run twice (a process killed after the effect, before the ack): `perform` makes its effect idempotent,
// checks the source before acting and gives the target the job's stable id.
import { AckPolicy, DeliverPolicy } from 'nats';
import type { ConsumerMessages, JetStreamClient, JsMsg, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { createEnvelope, decodeEnvelope, parseEnvelope, STREAMS } from '@venuebook/contracts/events';
import type { SubjectName } from '@venuebook/contracts/events';
import { nameBasedUuid } from '../name-uuid.ts';
import { publishEvent } from '../nats.ts';
import { backoffDelay } from './backoff.ts';
import type { BackoffPolicy } from './backoff.ts';
import { PermanentJobFailure, RetryLater, SkippedJob } from './job-errors.ts';
import type { JobQueue, WorkerJob, WorkerJobDocument } from './job-queue.ts';

/** Subjects of the jobs stream whose payload is a job id and its payload. */
type DueSubject = Extract<SubjectName, `venuebook.jobs.${string}.due.v1`>;

export interface JobContext {
  /** This attempt's number (1 = first). */
  attempt: number;
  /** True when a failure of this attempt fails the job (no attempt left). */
  lastAttempt: boolean;
  /** The first delivery of a wake-up for a job never tried before: its payload is the source's word of a moment ago. */
  fresh: boolean;
  /** Aborted when the worker stops and the grace period ends: hand the job back as soon as possible. */
  signal: AbortSignal;
  /** Records steps done (kept with a failed attempt, read back as job.progress by the next one). */
  progress(steps: Record<string, unknown>): void;
}

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
  /** Attempts of a job before it is failed. */
  maxAttempts: number;
  backoff: BackoffPolicy;
  /** How long a job is held without a heartbeat (heartbeats every third of it): the consumer's ack wait. */
  leaseMs: number;
  /** Between two sweeps. */
  sweepIntervalMs: number;
  /** How long stop() lets the jobs in hand finish before handing them back. */
  graceMs: number;
  /**
   * Deliveries of one job that ended without an outcome (its process died) before it is failed (default 30): a job
   * that kills its process stops.
   */
  maxInterruptions?: number;
  /**
   * The work: throws to fail the attempt (RetryLater: the target's wait; PermanentJobFailure: no retry; SkippedJob:
   * nothing to do, recorded as done so that no sweep wakes it again).
   */
  perform(job: WorkerJob<P>, context: JobContext): Promise<void>;
  /**
   * Its jobs can have new work after they are done (a document changed again): `enqueue(id, payload, change)` runs
   * a done job once more. Off: such wake-ups are treated as any other (a done job is not run again).
   */
  renewable?: boolean;
  /** The work its source says is pending (the sweep wakes what is not under way). */
  discover?(): Promise<readonly { id: string; payload: P }[]>;
}

export interface RunningWorker<P> {
  /**
   * Wakes a worker for job `id` (the source has recorded the work). `change`: the source changed since the job was
   * last done (e.g. the event's id): the job runs again even when it is done; the same change wakes it once.
   */
  enqueue(id: string, payload: P, change?: string): Promise<void>;
  /** Puts a failed job back with all its attempts and wakes a worker; false when it was not failed. */
  retryFailed(id: string): Promise<boolean>;
  /** One sweep now (tests, and the periodic timer). Resolves with how many jobs it woke. */
  sweep(): Promise<number>;
  /** Whether this process is at work on job `id` now. */
  working(id: string): boolean;
  /** Drains: no new job; the ones in hand finish within graceMs or are handed back. */
  stop(): Promise<void>;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export async function startWorker<P>(options: WorkerOptions<P>): Promise<RunningWorker<P>> {
  const { name, nc, logger, queue, dueSubject, leaseMs } = options;
  const js: JetStreamClient = nc.jetstream();
  const durable = options.durable ?? `${name}-jobs`;
  const maxInterruptions = options.maxInterruptions ?? 30;

  // One wake-up per job state (new, or a record's attempts and last change): JetStream drops the repeats within its
  // duplicate window, while a job whose state changed (a failure, an admin's retry) wakes anew.
  const wake = async (id: string, payload: P, record?: Pick<WorkerJobDocument, 'attempts' | 'updatedAt'>, change?: string): Promise<void> => {
    const state = change !== undefined ? `change\n${change}` : record ? `${record.attempts}\n${record.updatedAt.getTime()}` : 'new';
    const data = { jobId: id, payload: payload as Record<string, unknown>, ...(change !== undefined ? { renewed: true } : {}) };
    const envelope = createEnvelope(dueSubject, data, { id: nameBasedUuid(`${durable}\n${id}\n${state}`) });
    await publishEvent(js, dueSubject, envelope);
  };

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
  const inHand = new Set<string>();
  let stopping = false;

  const attemptFailed = async (job: WorkerJob<P>, attempt: number, failure: unknown, progress: Record<string, unknown>, message: JsMsg): Promise<void> => {
    const error = errorText(failure);
    if (failure instanceof PermanentJobFailure || attempt >= options.maxAttempts) {
      await queue.failed(job.id, job.payload, attempt, { status: 'failed', nextAttemptAt: new Date(), error, progress });
      message.ack();
      logger.warn({ jobId: job.id, attempt, err: failure, worker: name }, 'job failed; kept for an admin');
      return;
    }
    const delay = failure instanceof RetryLater ? failure.retryAfterMs : backoffDelay(attempt, options.backoff);
    await queue.failed(job.id, job.payload, attempt, { status: 'retrying', nextAttemptAt: new Date(Date.now() + delay), error, progress });
    message.nak(delay);
    logger.info({ jobId: job.id, attempt, retryInMs: delay, error, worker: name }, 'job attempt failed; will retry');
  };

  const handle = async (message: JsMsg): Promise<void> => {
    let due: { jobId: string; payload: Record<string, unknown>; renewed?: boolean };
    try {
      due = (parseEnvelope(dueSubject, decodeEnvelope(message.data)) as { data: { jobId: string; payload: Record<string, unknown>; renewed?: boolean } }).data;
    } catch (invalid) {
      logger.error({ err: invalid, subject: message.subject, worker: name }, 'dropped a malformed wake-up');
      message.term('malformed');
      return;
    }
    if (inHand.has(due.jobId)) {
      // Another wake-up of a job this process is doing: back when that is over.
      message.nak(leaseMs);
      return;
    }
    const stored = await queue.get(due.jobId);
    // New work for a job done before (its source changed: enqueue with a change key): a new series of attempts.
    const renewed = options.renewable === true && due.renewed === true && stored?.status === 'done';
    const record = renewed ? undefined : stored;
    if (record && record.status !== 'retrying') {
      message.ack();
      return;
    }
    const wait = record ? record.nextAttemptAt.getTime() - Date.now() : 0;
    if (wait > 0) {
      message.nak(wait + 20);
      return;
    }
    const attempt = (record?.attempts ?? 0) + 1;
    const job: WorkerJob<P> = {
      id: due.jobId,
      payload: (stored?.payload ?? due.payload) as P,
      progress: { ...record?.progress },
      attempts: attempt - 1,
      ...(record ? { record: { status: record.status, nextAttemptAt: record.nextAttemptAt, lastError: record.lastError, updatedAt: record.updatedAt } } : {}),
    };
    // Deliveries beyond the attempts and their wake-ups ended without an outcome: its process died each time.
    const interrupted = message.info.redeliveryCount - 1 - (record?.attempts ?? 0);
    if (interrupted > maxInterruptions) {
      await attemptFailed(
        job,
        options.maxAttempts,
        new PermanentJobFailure(`stopped ${interrupted} times while doing it (its process died)`),
        job.progress,
        message,
      );
      return;
    }
    inHand.add(job.id);
    const heartbeat = setInterval(() => message.working(), Math.max(Math.floor(leaseMs / 3), 50));
    const progress = job.progress;
    try {
      await options.perform(job, {
        attempt,
        lastAttempt: attempt >= options.maxAttempts,
        fresh: !stored && !due.renewed && message.info.redeliveryCount === 1,
        signal: abort.signal,
        progress: (steps) => Object.assign(progress, steps),
      });
      clearInterval(heartbeat);
      if (record) await queue.done(job.id);
      message.ack();
    } catch (failure) {
      clearInterval(heartbeat);
      if (failure instanceof SkippedJob) {
        await queue.failed(job.id, job.payload, attempt, { status: 'done', nextAttemptAt: new Date(), error: failure.message, progress });
        message.ack();
        return;
      }
      if (abort.signal.aborted && !(failure instanceof PermanentJobFailure)) {
        // Stopped after the grace period: handed back, the attempt not counted.
        message.nak();
        return;
      }
      await attemptFailed(job, attempt, failure, progress, message);
    } finally {
      inHand.delete(job.id);
    }
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
    const now = Date.now();
    let woken = 0;
    // A record's wake-up comes back when it is due; one overdue by more than a lease was lost.
    const overdue = (record: WorkerJobDocument): boolean => record.status === 'retrying' && record.nextAttemptAt.getTime() < now - leaseMs;
    const seen = new Set<string>();
    for (const found of (await options.discover?.()) ?? []) {
      seen.add(found.id);
      const record = await queue.get(found.id);
      if (record && !overdue(record)) continue;
      await wake(found.id, found.payload, record);
      woken++;
    }
    for (const record of await queue.withStatus('retrying')) {
      if (seen.has(record._id) || !overdue(record)) continue;
      await wake(record._id, record.payload as P, record);
      woken++;
    }
    if (woken > 0) logger.info({ woken, worker: name }, 'sweep woke jobs');
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
    working: (id: string) => inHand.has(id),
    enqueue: (id, payload, change) => wake(id, payload, undefined, change),
    async retryFailed(id) {
      const record = await queue.retryFailed(id);
      if (!record) return false;
      await wake(id, record.payload as P, record);
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
          // A job that does not heed the signal is delivered again once its ack wait ends.
          await within(2000, Promise.all(slots));
        }
        await within(2000, loop);
        await within(2000, sweeping ?? Promise.resolve());
      })();
      return stopped;
    },
  };
}
