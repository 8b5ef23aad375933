import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

/** The repository root (deploy/local/src → repo). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** Where `infra:install` links the server binaries (gitignored). */
export const INFRA_BIN = join(REPO_ROOT, '.infra', 'bin');

/** Built binaries are cached per machine, per version, so another clone builds nothing. */
export function infraCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.VENUEBOOK_INFRA_CACHE ?? join(homedir(), '.cache', 'venuebook', 'infra'));
}

export type ServerKind = 'mongo' | 's3' | 'nats';

export interface ServerBinary {
  /** Binary name (also the name in .infra/bin). */
  name: string;
  kind: ServerKind;
  version: string;
  /** Go module path and version: `go install` for a plain build, or a module to download and build. */
  goModule: string;
  /** Approximate first build time on two cores, for the progress line. */
  buildSeconds: number;
}

export const SERVER_BINARIES: readonly ServerBinary[] = [
  { name: 'nats-server', kind: 'nats', version: 'v2.15.2', goModule: 'github.com/nats-io/nats-server/v2@v2.15.2', buildSeconds: 20 },
  { name: 'ferretdb', kind: 'mongo', version: 'v1.24.0', goModule: 'github.com/FerretDB/FerretDB@v1.24.0', buildSeconds: 45 },
  {
    name: 'minio',
    kind: 's3',
    version: 'v0.0.0-20260212201848-7aac2a2c5b7c',
    goModule: 'github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c',
    buildSeconds: 200,
  },
];

/** Environment variables that hand us an existing server of each kind (then nothing is built or started). */
export const URL_VARIABLES: Record<ServerKind, string> = { mongo: 'MONGODB_URI', s3: 'S3_ENDPOINT', nats: 'NATS_URL' };

/** Finds an executable on PATH (not .infra/bin). */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir || resolve(dir) === INFRA_BIN) continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A server binary for a kind: PATH first (`mongod` before `ferretdb`), then .infra/bin. */
export function findServerBinary(kind: ServerKind, env: NodeJS.ProcessEnv = process.env): { name: string; path: string } | undefined {
  const names = kind === 'mongo' ? ['mongod', 'ferretdb'] : kind === 's3' ? ['minio'] : ['nats-server'];
  for (const name of names) {
    const found = onPath(name, env);
    if (found) return { name, path: found };
  }
  for (const name of names) {
    const linked = join(INFRA_BIN, name);
    if (existsSync(linked)) return { name, path: linked };
  }
  return undefined;
}
