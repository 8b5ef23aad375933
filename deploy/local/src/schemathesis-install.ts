// Schemathesis (the API contract run of `npm test`, tests/contract) in a Python virtual environment in the
// per-machine cache (~/.cache/venuebook/infra/schemathesis-<version>, shared by every clone), pinned, installed
// from PyPI by `npm run infra:install` (and so by `npm test`).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { infraCacheDir } from './infra-servers.ts';

/** The pinned version (the 4.x CLI: `st run … --phases examples,coverage,fuzzing,stateful`). */
export const SCHEMATHESIS_VERSION = '4.32.5';
/** The virtual environment (one per version and machine; a venv cannot move, so clones share it where it is). */
export const SCHEMATHESIS_VENV = join(infraCacheDir(), `schemathesis-${SCHEMATHESIS_VERSION}`);
/** Its CLI. */
export const SCHEMATHESIS_BIN = join(SCHEMATHESIS_VENV, 'bin', 'st');

/** The installed version, or undefined when there is none. */
export function installedSchemathesisVersion(): string | undefined {
  if (!existsSync(SCHEMATHESIS_BIN)) return undefined;
  const result = spawnSync(SCHEMATHESIS_BIN, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? /version ([\w.]+)/.exec(result.stdout)?.[1] : undefined;
}

/**
 * Creates the virtual environment with `python3 -m venv` and installs the pinned schemathesis into it, unless
 * that version is there already. Returns a sentence saying why it could not (no python3, no venv module, PyPI
 * unreachable), or undefined when schemathesis is ready.
 */
export function installSchemathesis(say: (message: string) => void): string | undefined {
  if (installedSchemathesisVersion() === SCHEMATHESIS_VERSION) return undefined;
  const python = process.env.PYTHON ?? 'python3';
  const started = Date.now();
  say(`installing schemathesis ${SCHEMATHESIS_VERSION} into ${SCHEMATHESIS_VENV} (python3 -m venv, pip)…`);
  rmSync(SCHEMATHESIS_VENV, { recursive: true, force: true });
  // Tried up to three times: on a busy machine `ensurepip` can fail where the same command succeeds a moment later.
  let venv = spawnSync(python, ['-m', 'venv', SCHEMATHESIS_VENV], { encoding: 'utf8' });
  for (let attempt = 0; attempt < 2 && venv.status !== 0; attempt++) {
    rmSync(SCHEMATHESIS_VENV, { recursive: true, force: true });
    venv = spawnSync(python, ['-m', 'venv', SCHEMATHESIS_VENV], { encoding: 'utf8' });
  }
  if (venv.status !== 0) {
    rmSync(SCHEMATHESIS_VENV, { recursive: true, force: true });
    return `cannot create a Python virtual environment with '${python} -m venv' (${(venv.error?.message ?? venv.stderr).trim().split('\n').at(-1)}): install Python 3.10+ with its venv module ('apt-get install python3-venv')`;
  }
  const pip = spawnSync(join(SCHEMATHESIS_VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    encoding: 'utf8',
  });
  if (pip.status !== 0 || installedSchemathesisVersion() !== SCHEMATHESIS_VERSION) {
    return `pip could not install schemathesis ${SCHEMATHESIS_VERSION}:\n${(pip.stderr || pip.stdout).slice(-2000)}`;
  }
  say(`installed schemathesis ${SCHEMATHESIS_VERSION} in ${Math.round((Date.now() - started) / 1000)} s`);
  return undefined;
}
