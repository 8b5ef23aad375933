// `npm test`: build, lint (ESLint, both type checks, buf lint), then the vitest projects unit,
// integration, contract (schemathesis) and e2e one after another, then every benchmark
// (tests/bench/*.bench.ts) in its smoke size, one check each, and one summary line `N passed, N failed, N skipped`.
//   npm test -- --project unit       only that project (repeatable); lint runs only without --project
//   npm test -- --project bench      only the benchmarks (smoke size)
//   other arguments are passed to vitest (e.g. a file filter)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { benchCommand, benchFiles } from './bench.ts';
import { buildAll } from './build.ts';
import { REPO_ROOT } from './infra-servers.ts';

const PROJECTS = ['unit', 'integration', 'contract', 'e2e'] as const;
/** Choices of --project: the vitest projects and the benchmarks. */
const CHOICES: readonly string[] = [...PROJECTS, 'bench'];
const bin = (name: string): string => join(REPO_ROOT, 'node_modules', '.bin', name);
const say = (message: string): void => console.log(`\n\x1b[36m[test]\x1b[0m \x1b[1m${message}\x1b[0m`);

const args = process.argv.slice(2);
const chosen: string[] = [];
const passThrough: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--project' && args[i + 1]) chosen.push(args[++i]!);
  else if (arg.startsWith('--project=')) chosen.push(arg.slice('--project='.length));
  else passThrough.push(arg);
}
for (const project of chosen) {
  if (!CHOICES.includes(project)) {
    console.error(`unknown project '${project}'; choose from ${CHOICES.join(', ')}`);
    process.exit(2);
  }
}
const projects = chosen.length > 0 ? PROJECTS.filter((p) => chosen.includes(p)) : [...PROJECTS];
const runBenchmarks = chosen.length === 0 || chosen.includes('bench');

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

function check(name: string, command: string, commandArgs: string[], cwd = REPO_ROOT, env: NodeJS.ProcessEnv = process.env): void {
  say(name);
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit', env });
  if (result.status === 0) totals.passed++;
  else {
    totals.failed++;
    failures.push(name);
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
}

function runVitest(project: string): void {
  say(`vitest: ${project}`);
  const outDir = join(REPO_ROOT, 'artifacts', 'vitest');
  mkdirSync(outDir, { recursive: true });
  const outputFile = join(outDir, `${project}.json`);
  rmSync(outputFile, { force: true });
  const result = spawnSync(
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`, ...passThrough],
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } },
  );
  if (!existsSync(outputFile)) {
    totals.failed++;
    failures.push(`vitest ${project} (no report; exit ${result.status})`);
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestJson;
  const failedBefore = totals.failed;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numFailedTests > 0) failures.push(`vitest ${project}: ${report.numFailedTests} failed`);
  // A file that fails outside any test (import error, failing hook) counts as one failure.
  for (const file of report.testResults) {
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
      totals.failed++;
      failures.push(`${file.name.replace(`${REPO_ROOT}/`, '')}: ${(file.message ?? 'failed').split('\n')[0]}`);
    }
  }
  // vitest itself failing (e.g. a global setup error) with an otherwise clean report.
  if (result.status !== 0 && totals.failed === failedBefore) {
    totals.failed++;
    failures.push(`vitest ${project} exited with ${result.status}`);
  }
}

say('build');
try {
  buildAll();
} catch (error) {
  console.error((error as Error).message);
  console.log(`\n0 passed, 1 failed, 0 skipped`);
  process.exit(1);
}

if (chosen.length === 0) {
  check('lint: ESLint', bin('eslint'), ['.']);
  check('lint: type check (Node code)', bin('tsc'), ['-p', 'tsconfig.json']);
  check('lint: type check (browser code)', bin('tsc'), ['-p', 'shell/tsconfig.web.json']);
  check('lint: buf lint', bin('buf'), ['lint'], join(REPO_ROOT, 'proto'));
}
for (const project of projects) runVitest(project);
// Benchmarks in their smoke size: a failed request or a wrong answer fails the check (timings never do).
if (runBenchmarks) {
  for (const file of benchFiles()) {
    const { command, args: benchArgs, env } = benchCommand(file, { smoke: true });
    check(`bench: ${basename(file, '.bench.ts')} (smoke size)`, command, benchArgs, REPO_ROOT, env);
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
