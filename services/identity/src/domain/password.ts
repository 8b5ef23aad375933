// Password hashing with node's scrypt (memory-hard; no native add-on needed). Stored self-describing as
// `scrypt$<N>$<r>$<p>$<salt b64url>$<key b64url>`: a hash is always verified with its own parameters, and a
// successful sign-in with a hash weaker than the current parameters stores a new one (see needsRehash).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

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
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: maxmemFor(params) }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const isPowerOfTwo = (n: number): boolean => Number.isSafeInteger(n) && n > 1 && (n & (n - 1)) === 0;

/** The parts of a stored hash, or null when it is not one of ours (or its cost is out of range). */
function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(params.N) || params.N > 2 ** MAX_LOG2_N || !Number.isInteger(params.r) || !Number.isInteger(params.p) || params.r < 1 || params.p < 1 || params.r > 32 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

const weakerThan = (stored: ScryptParams, current: ScryptParams): boolean => stored.N < current.N || stored.r < current.r || stored.p < current.p;

export interface PasswordHasherOptions {
  /** log2 of scrypt's N; 17 (N=131,072) unless configured (PASSWORD_SCRYPT_LOG2_N, lowered only by tests). */
  log2N?: number;
  /** Called on every scrypt run with its parameters (tests count the work of a sign-in with it). */
  onScrypt?: (params: ScryptParams) => void;
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

  constructor(options: PasswordHasherOptions = {}) {
    this.params = { N: 2 ** (options.log2N ?? DEFAULT_SCRYPT_LOG2_N), r: R, p: P };
    this.#onScrypt = options.onScrypt;
    this.#dummy = { params: this.params, salt: randomBytes(SALT_LENGTH), key: randomBytes(KEY_LENGTH) };
  }

  #run(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    this.#onScrypt?.(params);
    return scrypt(password, salt, params);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.#run(password, salt, this.params);
    return ['scrypt', this.params.N, this.params.r, this.params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  /**
   * Whether `password` matches `stored`, and whether the (valid) hash should be replaced by one with the
   * current parameters. Without a stored hash it runs the same scrypt against a dummy and says no.
   */
  async verify(password: string, stored: string | null | undefined): Promise<{ valid: boolean; needsRehash: boolean }> {
    const parsed = stored ? parse(stored) : this.#dummy;
    if (!parsed) {
      // Not one of ours: still spend the time of a check.
      await this.#run(password, this.#dummy.salt, this.params);
      return { valid: false, needsRehash: false };
    }
    const actual = await this.#run(password, parsed.salt, parsed.params);
    const valid = Boolean(stored) && actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
    return { valid, needsRehash: valid && weakerThan(parsed.params, this.params) };
  }
}
