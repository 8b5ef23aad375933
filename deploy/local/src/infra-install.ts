// `npm run infra:install`: builds FerretDB, MinIO and nats-server with the Go toolchain, caches them per
// version under ~/.cache/venuebook/infra (VENUEBOOK_INFRA_CACHE) and links them into .infra/bin; installs
// schemathesis (pinned, from PyPI) into a virtual environment in the same cache.
//   --if-needed      skip servers that the environment (URL variables) or PATH already provides
//   --report=<file>  write what was built from source this time as JSON ({ "built": ["minio", …] })
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findServerBinary, INFRA_BIN, infraCacheDir, onPath, SERVER_BINARIES, URL_VARIABLES } from './infra-servers.ts';
import type { ServerBinary } from './infra-servers.ts';
import { installedSchemathesisVersion, installSchemathesis, SCHEMATHESIS_VERSION } from './schemathesis-install.ts';

const ifNeeded = process.argv.includes('--if-needed');
const reportFile = process.argv.find((arg) => arg.startsWith('--report='))?.slice('--report='.length);
/** What this run built from source (the report's `built`). */
const built: string[] = [];
const say = (message: string): void => console.log(`\x1b[36m[infra]\x1b[0m ${message}`);

function goVersion(): string | undefined {
  const result = spawnSync('go', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function run(cmd: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise(output) : reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

async function build(server: ServerBinary, target: string): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), `venuebook-${server.name}-`));
  try {
    if (server.name === 'ferretdb') {
      // `go install …@latest` is refused by the module proxy for FerretDB; its build also expects
      // build/version/version.txt, which the module zip lacks. Download the module and build it in a copy.
      const info = JSON.parse(await run('go', ['mod', 'download', '-json', server.goModule])) as { Dir?: string };
      if (!info.Dir) throw new Error(`go mod download gave no directory for ${server.goModule}`);
      const src = join(outDir, 'src');
      cpSync(info.Dir, src, { recursive: true });
      spawnSync('chmod', ['-R', 'u+w', src]);
      mkdirSync(join(src, 'build', 'version'), { recursive: true });
      writeFileSync(join(src, 'build', 'version', 'version.txt'), `${server.version}\n`);
      await run('go', ['build', '-o', join(outDir, server.name), './cmd/ferretdb'], { cwd: src });
    } else {
      await run('go', ['install', server.goModule], { env: { GOBIN: outDir } });
    }
    const built = join(outDir, server.name);
    if (!existsSync(built)) throw new Error(`the build of ${server.name} produced no binary`);
    mkdirSync(join(target, '..'), { recursive: true });
    renameSync(built, target);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function link(path: string, name: string): void {
  mkdirSync(INFRA_BIN, { recursive: true });
  const linkPath = join(INFRA_BIN, name);
  rmSync(linkPath, { force: true });
  symlinkSync(path, linkPath);
}

/** A server given by URL or found on PATH (e.g. a real mongod) needs no build. */
function providedElsewhere(server: ServerBinary): boolean {
  if (process.env[URL_VARIABLES[server.kind]]) return true;
  const found = findServerBinary(server.kind);
  return found !== undefined && dirname(found.path) !== INFRA_BIN;
}

async function main(): Promise<void> {
  // The API contract run of `npm test` (tests/contract): schemathesis in the per-machine cache.
  const hadSchemathesis = installedSchemathesisVersion() === SCHEMATHESIS_VERSION;
  const schemathesisProblem = installSchemathesis(say);
  if (!hadSchemathesis && !schemathesisProblem) built.push('schemathesis');
  if (schemathesisProblem) say(`${schemathesisProblem}\n  (the contract tests fail until it is installed)`);

  const cache = infraCacheDir();
  const wanted = SERVER_BINARIES.filter((server) => !ifNeeded || !providedElsewhere(server));
  if (wanted.length === 0) return;

  const go = goVersion();
  for (const server of wanted) {
    const cached = join(cache, `${server.name}-${server.version}`, server.name);
    if (existsSync(cached)) {
      link(cached, server.name);
      continue;
    }
    if (!go) {
      const docker = onPath('docker') ? ' Docker was found, so the tests fall back to testcontainers if its engine runs.' : '';
      say(
        `cannot build ${server.name} ${server.version}: Go is not installed. Install Go ≥ 1.22 (https://go.dev/dl/, or ` +
          `'apt-get install golang'), or give ${URL_VARIABLES[server.kind]}, or put ${server.name} on PATH.${docker}`,
      );
      continue;
    }
    const started = Date.now();
    say(`building ${server.name} ${server.version} with ${go.replace(/^go version /, '')} (about ${server.buildSeconds} s the first time)…`);
    const ticker = setInterval(() => say(`  … still building ${server.name} (${Math.round((Date.now() - started) / 1000)} s)`), 30_000);
    try {
      await build(server, cached);
    } finally {
      clearInterval(ticker);
    }
    link(cached, server.name);
    built.push(server.name);
    say(`built ${server.name} in ${Math.round((Date.now() - started) / 1000)} s → ${cached}`);
  }
}

main()
  .then(() => {
    if (reportFile) writeFileSync(reportFile, JSON.stringify({ built }));
  })
  .catch((error: unknown) => {
    console.error(`[infra] ${(error as Error).message}`);
    process.exit(1);
  });
