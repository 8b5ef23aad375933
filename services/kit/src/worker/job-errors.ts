// How a job's `perform` tells the worker runtime what went wrong. Any other error is retried with back-off.

/** The target asked to be left alone for a while (e.g. 429 or 503 with Retry-After): retried after `retryAfterMs`. */
export class RetryLater extends Error {
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.name = 'RetryLater';
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retrying cannot help (e.g. the target answered 404): the job is failed at once, with this message. */
export class PermanentJobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobFailure';
  }
}

/**
 * There is nothing to do, and nothing will be later (e.g. no webhook URL configured when the first login happened):
 * the job is recorded as done with this reason, so that no sweep wakes it again.
 */
export class SkippedJob extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SkippedJob';
  }
}
