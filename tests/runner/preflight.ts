// What the chosen test projects need from the machine, checked before anything runs: Chromium (installed from
// Debian when this is root on a machine with apt-get, as on CI), the three infrastructure servers, and
// schemathesis. A missing one fails the command at once with what to do, instead of after half an hour.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findServerBinary, installedSchemathesisVersion, onPath, SCHEMATHESIS_VERSION, URL_VARIABLES } from '@venuebook/local/setup';
import type { ServerKind } from '@venuebook/local/setup';

/** Debian's Chromium (the e2e tests, the browser-driven integration tests and the shell-weight bench). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Needs {
  chromium: boolean;
  servers: boolean;
  schemathesis: boolean;
}

const SERVER_NAMES: Record<ServerKind, string> = { mongo: 'FerretDB or MongoDB', s3: 'MinIO', nats: 'nats-server' };

function installChromium(say: (message: string) => void): boolean {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) return false;
  say(`Chromium is missing (${CHROMIUM}): installing Debian's package (apt-get install chromium)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  return install.status === 0 && existsSync(CHROMIUM);
}

/** The problems that stop the run (empty: ready). Installs Chromium on the way where it can. */
export function preflight(needs: Needs, say: (message: string) => void): string[] {
  const problems: string[] = [];
  if (needs.chromium && !existsSync(CHROMIUM) && !installChromium(say)) {
    problems.push(
      `Chromium is missing at ${CHROMIUM}: install Debian's package ('sudo apt-get update && sudo apt-get install -y chromium'), ` +
        'or set CHROMIUM_PATH to a Chromium binary. The e2e tests, two integration files and the shell-weight bench drive it.',
    );
  }
  if (needs.servers) {
    const docker = onPath('docker') !== undefined;
    for (const kind of ['mongo', 's3', 'nats'] as const) {
      if (process.env[URL_VARIABLES[kind]] || findServerBinary(kind) || docker) continue;
      problems.push(
        `No ${SERVER_NAMES[kind]}: install Go ≥ 1.22 so that 'npm run infra:install' can build it, put it on PATH, give ${URL_VARIABLES[kind]}, or start Docker.`,
      );
    }
  }
  if (needs.schemathesis && installedSchemathesisVersion() !== SCHEMATHESIS_VERSION) {
    problems.push(
      `schemathesis ${SCHEMATHESIS_VERSION} is not installed (the contract tests run it): install Python 3.10+ with venv ('apt-get install python3-venv') and run 'npm run infra:install'.`,
    );
  }
  return problems;
}
