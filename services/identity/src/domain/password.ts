// Password hashing with node's scrypt (memory-hard; no native add-on needed). Stored self-describing as
// `scrypt$<N>$<r>$<p>$<salt b64url>$<key b64url>`: a hash is always verified with its own parameters, and a
// successful sign-in with a hash weaker than the current parameters stores a new one (see needsRehash).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { WorkLimit } from './work-limit.ts';

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** OWASP's minimum for scrypt: N=2^17, r=8, p=1 (about 128 MiB and a few hundred ms per hash). */
export const DEFAULT_SCRYPT_LOG2_N = 17;
const R = 8;
const P = 1;
/** Stored hashes beyond this are refused rather than run (a corrupt or planted row must not exhaust memory). */
const MAX_LOG2_N = 20;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** scrypt needs 128·N·r bytes (plus 128·r·p); node refuses anything above maxmem, so it follows the parameters. */
const maxmemFor = ({ N, r, p }: ScryptParams): number => 128 * r * (N + p + 2) + 1024 * 1024;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: maxmemFor(params) }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const isPowerOfTwo = (n: number): boolean => Number.isSafeInteger(n) && n > 1 && (n & (n - 1)) === 0;

/** The parts of a stored hash, or null when it is not one of ours (or its cost is out of range). */
function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (
    !isPowerOfTwo(params.N) ||
    params.N > 2 ** MAX_LOG2_N ||
    !Number.isInteger(params.r) ||
    !Number.isInteger(params.p) ||
    params.r < 1 ||
    params.p < 1 ||
    params.r > 32 ||
    params.p > 16
  )
    return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

const weakerThan = (stored: ScryptParams, current: ScryptParams): boolean => stored.N < current.N || stored.r < current.r || stored.p < current.p;

/** scrypt's work grows with N·r·p (time) — the unit in which a refused check is padded to today's cost. */
const costOf = ({ N, r, p }: ScryptParams): number => N * r * p;

/**
 * The runs (at the current r and p) that add up to the cost `stored` lacks against `current`: the binary
 * digits of the missing N (each run's N a power of two, as scrypt needs; a missing N of 1 rounds up to 2).
 */
function paddingRuns(stored: ScryptParams, current: ScryptParams): ScryptParams[] {
  const missing = costOf(current) - costOf(stored);
  if (missing <= 0) return [];
  let n = Math.ceil(missing / (current.r * current.p));
  if (n === 1) n = 2;
  const runs: ScryptParams[] = [];
  for (let bit = 2 ** Math.floor(Math.log2(n)); bit >= 2; bit /= 2) {
    if (n >= bit) {
      runs.push({ N: bit, r: current.r, p: current.p });
      n -= bit;
    }
  }
  return runs;
}

/** The defaults of PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE. */
export const DEFAULT_HASH_CONCURRENCY = 2;
export const DEFAULT_HASH_QUEUE = 16;

export interface PasswordHasherOptions {
  /** log2 of scrypt's N; 17 (N=131,072) unless configured (PASSWORD_SCRYPT_LOG2_N, lowered only by tests). */
  log2N?: number;
  /** Called on every scrypt run with its parameters (tests count the work of a sign-in with it). */
  onScrypt?: (params: ScryptParams) => void;
  /** Hashes and checks running at once (PASSWORD_HASH_CONCURRENCY, default 2)... */
  concurrency?: number;
  /** ...and waiting their turn (PASSWORD_HASH_QUEUE, default 16); beyond that they fail at once with `busy()`. */
  queue?: number;
  /** The error of a hash or check refused because too many are under way (default a plain Error). */
  busy?: () => Error;
}

/** Hashes and verifies passwords with the current parameters; old hashes keep working by their own. */
export class PasswordHasher {
  readonly params: ScryptParams;
  readonly #onScrypt: ((params: ScryptParams) => void) | undefined;
  /**
   * Stands in for a missing hash (unknown user, Google-only account): a random salt and key under the
   * current parameters, so the check runs the same one scrypt and can never match.
   */
  readonly #dummy: { params: ScryptParams; salt: Buffer; key: Buffer };
  /** Every hash and check (each of its runs one after the other) holds one slot: memory and threads stay bounded. */
  readonly #limit: WorkLimit;

  constructor(options: PasswordHasherOptions = {}) {
    this.params = { N: 2 ** (options.log2N ?? DEFAULT_SCRYPT_LOG2_N), r: R, p: P };
    this.#onScrypt = options.onScrypt;
    this.#dummy = { params: this.params, salt: randomBytes(SALT_LENGTH), key: randomBytes(KEY_LENGTH) };
    this.#limit = new WorkLimit({
      concurrency: options.concurrency ?? DEFAULT_HASH_CONCURRENCY,
      maxWaiting: options.queue ?? DEFAULT_HASH_QUEUE,
      busy: options.busy ?? (() => new Error('Too many password hashes under way')),
    });
  }

  #run(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    this.#onScrypt?.(params);
    return scrypt(password, salt, params);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.#limit.run(() => this.#run(password, salt, this.params));
    return ['scrypt', this.params.N, this.params.r, this.params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  /**
   * Whether `password` matches `stored`, and whether the (valid) hash should be replaced by one with the
   * current parameters. Without a stored hash it runs the same scrypt against a dummy and says no. A refused
   * check costs at least today's parameters whatever the stored hash: one made with cheaper ones (every hash
   * from before a raise of PASSWORD_SCRYPT_LOG2_N) is padded with runs for the difference, so that a wrong
   * password for an old account takes as long as an unknown address.
   */
  verify(password: string, stored: string | null | undefined): Promise<{ valid: boolean; needsRehash: boolean }> {
    return this.#limit.run(async () => {
      const parsed = stored ? parse(stored) : this.#dummy;
      if (!parsed) {
        // Not one of ours: still spend the time of a check.
        await this.#run(password, this.#dummy.salt, this.params);
        return { valid: false, needsRehash: false };
      }
      const actual = await this.#run(password, parsed.salt, parsed.params);
      const valid = Boolean(stored) && actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
      if (!valid) for (const params of paddingRuns(parsed.params, this.params)) await this.#run(password, this.#dummy.salt, params);
      return { valid, needsRehash: valid && weakerThan(parsed.params, this.params) };
    });
  }
}
