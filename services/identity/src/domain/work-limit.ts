/**
 * At most `concurrency` pieces of work at once, and at most `maxWaiting` more waiting their turn (first come,
 * first served); beyond that a call fails at once with `busy()` instead of queueing without bound. Used
 * around scrypt: each run holds about 128 MiB and a libuv thread for a few hundred ms, so unbounded
 * unauthenticated sign-ins would exhaust the service's memory and threads.
 */
export class WorkLimit {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #busy: () => Error;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(options: { concurrency: number; maxWaiting: number; busy: () => Error }) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new RangeError('concurrency must be a positive integer');
    if (!Number.isInteger(options.maxWaiting) || options.maxWaiting < 0) throw new RangeError('maxWaiting must be a non-negative integer');
    this.#concurrency = options.concurrency;
    this.#maxWaiting = options.maxWaiting;
    this.#busy = options.busy;
  }

  /** How many run now and how many wait. */
  get counts(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.#concurrency) {
      this.#running++;
    } else {
      if (this.#waiting.length >= this.#maxWaiting) throw this.#busy();
      // The finishing work hands its slot over (#running stays as it is).
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
