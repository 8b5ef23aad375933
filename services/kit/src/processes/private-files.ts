// The launcher's data folder (.data/: database files, secrets, logs that hold confirmation links) is
// readable by its owner only: folders 0700, files 0600, whatever the umask, and an existing folder from an
// older start is tightened.
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and missing parents) with mode 0700, or tightens it to 0700 when it exists. With
 * `files: true`, the plain files directly inside it are tightened to 0600 too (e.g. log files).
 */
export function ensurePrivateDir(dir: string, options: { files?: boolean } = {}): string {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
  if (options.files) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile()) chmodSync(join(dir, entry.name), PRIVATE_FILE_MODE);
    }
  }
  return dir;
}
