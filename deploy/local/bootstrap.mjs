#!/usr/bin/env node
// Entry point of `npm start`, `npm test` and `npm run bench`. Plain JavaScript on purpose: it runs on
// whatever Node the machine has (≥ 20), makes the checkout ready and then hands over to the real command,
// which runs on the project's Node 24 (the `node` npm package in node_modules/.bin).
//
//   1. `npm ci` when node_modules is missing or older than package-lock.json;
//   2. the infrastructure servers (deploy/local/src/infra-install.ts; cached per machine);
//   3. the command's script (a path relative to the repository, e.g. deploy/local/src/start.ts) on Node 24,
//      with signals passed through.
//
// The script learns when the command started and what the set-up took from VENUEBOOK_SETUP (JSON:
// startedAt in epoch ms, loadAtStart: the 1-minute load average then, npmCiSeconds, infraSeconds, infraBuilt:
// what was built or installed from source this time).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const startedAt = Date.now();
const loadAtStart = loadavg()[0];
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const [script, ...args] = process.argv.slice(2);
if (!script || !script.endsWith('.ts') || !existsSync(join(ROOT, script))) {
  console.error('usage: node deploy/local/bootstrap.mjs <script.ts relative to the repository> [args...]');
  process.exit(2);
}

function log(message) {
  console.log(`\x1b[36m[venuebook]\x1b[0m ${message}`);
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** node_modules/.package-lock.json is written by every npm install; older than the lock file = stale. */
function needsInstall() {
  const installed = mtime(join(ROOT, 'node_modules', '.package-lock.json'));
  if (installed < 0) return 'node_modules is missing';
  if (!existsSync(join(ROOT, 'node_modules', '.bin', 'node'))) return 'the Node 24 runtime is missing from node_modules';
  if (mtime(join(ROOT, 'package-lock.json')) > installed) return 'package-lock.json is newer than node_modules';
  return null;
}

function run(cmd, cmdArgs, what) {
  const result = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.error || result.status !== 0) {
    console.error(`\n${what} failed${result.error ? `: ${result.error.message}` : ` (exit ${result.status})`}`);
    process.exit(result.status || 1);
  }
}

const seconds = (since) => Math.round((Date.now() - since) / 100) / 10;
const reason = needsInstall();
const npmCiStarted = Date.now();
if (reason) {
  log(`${reason}: running npm ci`);
  // --prefer-offline: a package the lock file pins is taken from npm's cache when it is there (its integrity is
  // checked either way) instead of asking the registry about each one first; a cold cache still downloads.
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], 'npm ci');
}

const node24 = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
const env = { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` };

const npmCiSeconds = seconds(npmCiStarted);

// Infrastructure binaries: builds only what is missing and not provided otherwise; quick when cached.
const infraStarted = Date.now();
const reportDir = mkdtempSync(join(tmpdir(), 'venuebook-setup-'));
const reportFile = join(reportDir, 'infra.json');
const infra = spawnSync(node24, [join(ROOT, 'deploy/local/src/infra-install.ts'), '--if-needed', `--report=${reportFile}`], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
if (infra.status !== 0) process.exit(infra.status ?? 1);
const infraBuilt = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')).built : [];
rmSync(reportDir, { recursive: true, force: true });
const setup = { startedAt, loadAtStart, npmCiSeconds, infraSeconds: seconds(infraStarted), infraBuilt };

const child = spawn(node24, [join(ROOT, script), ...args], { cwd: ROOT, stdio: 'inherit', env: { ...env, VENUEBOOK_SETUP: JSON.stringify(setup) } });
// The child shares our terminal's process group, so Ctrl-C reaches it directly; forward other signals.
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
process.on('SIGINT', () => undefined);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
