// `npm test`: checks what the chosen projects need (preflight.ts), builds, lints (ESLint, both type checks, buf
// lint and the formatter's check, side by side), then runs the vitest projects unit, integration and e2e one after
// another, then every benchmark (tests/bench/*.bench.ts) in its smoke size, one check each, and the contract run
// (schemathesis), two at a time.
// It ends with each phase's time, the 10 slowest files, the budget verdict (budget.ts) and one summary line
// `N passed, N failed, N skipped`; the times are also written to artifacts/test-times.json.
//   npm test -- --project unit       only that project (repeatable); lint runs only without --project
//   npm test -- --project bench      only the benchmarks (smoke size)
//   other arguments are passed to vitest (e.g. a file filter)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { buildAll, REPO_ROOT, enableNodeCompileCache } from '@venuebook/local/setup';
import { benchCommand, benchFiles } from './bench.ts';
import { judgeBudget, slowestFiles, TEST_BUDGET, timeTable } from './budget.ts';
import type { TimedFile } from './budget.ts';
import { median, otherCores, sampleCpu, speedProbe } from './cpu.ts';
import { failureLine } from './failure-line.ts';
import type { FileTime } from './file-times-reporter.ts';
import { preflight } from './preflight.ts';

const PROJECTS = ['unit', 'integration', 'contract', 'e2e'] as const;
/** Choices of --project: the vitest projects and the benchmarks. */
const CHOICES: readonly string[] = [...PROJECTS, 'bench'];
/** Benchmarks run at the same time (each against its own stack; smoke sizes are small). */
const BENCH_CONCURRENCY = 2;
const bin = (name: string): string => join(REPO_ROOT, 'node_modules', '.bin', name);
/**
 * The type checks run TypeScript 7's compiler (native, much faster than 5.9's JavaScript one), by its path: `typescript` stays
 * 5.9 for the tools that use its JavaScript API (typescript-eslint, the shell's build scripts), and both packages
 * name their binary `tsc`.
 */
const TSC = join(REPO_ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
const say = (message: string): void => console.log(`\n\x1b[36m[test]\x1b[0m \x1b[1m${message}\x1b[0m`);
const since = (started: number): number => (Date.now() - started) / 1000;

/** What deploy/local/bootstrap.mjs measured before handing over (absent when this file is run directly). */
interface Setup {
  startedAt: number;
  npmCiSeconds: number;
  infraSeconds: number;
  infraBuilt: string[];
  loadAtStart?: number;
}
const setup = ((): Setup | undefined => {
  try {
    return process.env.VENUEBOOK_SETUP ? (JSON.parse(process.env.VENUEBOOK_SETUP) as Setup) : undefined;
  } catch {
    return undefined;
  }
})();
enableNodeCompileCache();
const startedAt = setup?.startedAt ?? Date.now();
const loadAtStart = setup?.loadAtStart ?? loadavg()[0]!;
const runnerStartedAt = Date.now();
const cpuAtStart = sampleCpu();
// The machine's speed (budget.ts): a fixed piece of work, timed three times at the start, in wall time too (nothing
// of this run is running yet), then by its CPU time every minute the runner is not blocked waiting on a vitest
// project (during lint and the benchmarks).
speedProbe(); // the first takes longer (compiling), and is not counted
const atStart = [speedProbe(), speedProbe(), speedProbe()];
const startWallMs = median(atStart.map((probe) => probe.wallMs))!;
const probes = atStart.map((probe) => probe.cpuMs);
setInterval(() => probes.push(speedProbe().cpuMs), 60_000).unref();

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
const fullRun = chosen.length === 0 && passThrough.length === 0;

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const phases: { name: string; seconds: number; note?: string }[] = [];
const files: TimedFile[] = [];
const artifacts = join(REPO_ROOT, 'artifacts');

function fail(what: string): void {
  totals.failed++;
  failures.push(what);
}

/** Runs `work` as one phase of the table, with the CPU it used (this run's processes, in cores on average). */
async function phase(name: string, work: () => void | Promise<void>): Promise<void> {
  const started = Date.now();
  const cpuBefore = sampleCpu();
  say(name);
  await work();
  const seconds = since(started);
  const cpuAfter = sampleCpu();
  const note = cpuBefore && cpuAfter && seconds > 0 ? `${((cpuAfter.ours - cpuBefore.ours) / seconds).toFixed(2)} cores busy` : undefined;
  phases.push({ name, seconds, ...(note ? { note } : {}) });
}

interface Finished {
  name: string;
  status: number | null;
  seconds: number;
}

/** A command of a side-by-side phase, or a vitest project (which counts its own tests). */
type Job = { name: string; command: string; args: string[]; cwd?: string; env?: NodeJS.ProcessEnv } | { name: string; project: string };

/** Runs a command with its output held (stdout and stderr in the order they came), to be printed whole. */
async function runHeld(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<{ status: number | null; output: Buffer }> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { FORCE_COLOR: '1', ...(options.env ?? process.env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  const status = await new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  return { status, output: Buffer.concat(output) };
}

/**
 * Runs jobs side by side, at most `concurrency` at once, in the order given (the longest first, so that the lanes
 * end together); each one's output is held and printed whole when it ends (interleaved lines of two would be
 * unreadable).
 */
async function sideBySide(jobs: Job[], concurrency: number): Promise<Finished[]> {
  const finished: Finished[] = [];
  const queue = [...jobs];
  const lane = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const started = Date.now();
      if ('project' in job) {
        const status = await runVitest(job.project, true);
        finished.push({ name: job.name, status, seconds: since(started) });
        continue;
      }
      const { status, output } = await runHeld(job.command, job.args, job);
      const seconds = since(started);
      console.log(`\n\x1b[36m[test]\x1b[0m ${job.name}: ${status === 0 ? '\x1b[32mpassed\x1b[0m' : '\x1b[31mFAILED\x1b[0m'} in ${seconds.toFixed(1)} s`);
      process.stdout.write(output);
      finished.push({ name: job.name, status, seconds });
      if (status === 0) totals.passed++;
      else fail(job.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
  return finished;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

/**
 * Runs one vitest project: its output goes to the terminal as it comes or, `held` (beside other jobs), is printed
 * whole when it ends. Returns vitest's exit status.
 */
async function runVitest(project: string, held = false): Promise<number | null> {
  const outDir = join(artifacts, 'vitest');
  mkdirSync(outDir, { recursive: true });
  const outputFile = join(outDir, `${project}.json`);
  const timesFile = join(outDir, `${project}.times.json`);
  rmSync(outputFile, { force: true });
  rmSync(timesFile, { force: true });
  const args = [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
    '--reporter=./tests/runner/file-times-reporter.ts',
    ...passThrough,
  ];
  const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', VENUEBOOK_FILE_TIMES: timesFile };
  let result: { status: number | null };
  if (held) {
    const { status, output } = await runHeld(bin('vitest'), args, { env });
    say(`${project} (ran beside the benchmarks)`);
    process.stdout.write(output);
    result = { status };
  } else {
    // Synchronous: the runner waits and does nothing else meanwhile (no speed probe: budget.ts).
    result = spawnSync(bin('vitest'), args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  }
  if (existsSync(timesFile)) {
    for (const time of JSON.parse(readFileSync(timesFile, 'utf8')) as FileTime[]) files.push({ project, file: time.file, seconds: time.seconds });
  }
  if (!existsSync(outputFile)) {
    fail(`vitest ${project} (no report; exit ${result.status})`);
    return result.status;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestJson;
  const failedBefore = totals.failed;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const name = file.name.replace(`${REPO_ROOT}/`, '');
    // Each failed test by name and the first line of its error: the end of the output is what CI shows.
    for (const test of file.assertionResults.filter((result) => result.status === 'failed')) {
      failures.push(`${name} › ${test.fullName}: ${failureLine(test.failureMessages?.[0], REPO_ROOT)}`);
    }
    // A file that fails outside any test (import error, failing hook) counts as one failure.
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) fail(`${name}: ${failureLine(file.message, REPO_ROOT)}`);
  }
  // vitest itself failing (e.g. a global setup error) with an otherwise clean report.
  if (result.status !== 0 && totals.failed === failedBefore) fail(`vitest ${project} exited with ${result.status}`);
  return result.status;
}

function summary(): never {
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

// ---- the run ---------------------------------------------------------------------------------------

if (setup) {
  phases.push({ name: 'setup: npm ci', seconds: setup.npmCiSeconds });
  phases.push({
    name: 'setup: infrastructure',
    seconds: setup.infraSeconds,
    ...(setup.infraBuilt.length > 0 ? { note: `built ${setup.infraBuilt.join(', ')}` } : {}),
  });
}

const problems = preflight(
  {
    // Two integration files and the shell-weight bench drive Chromium too.
    chromium: projects.includes('e2e') || projects.includes('integration') || runBenchmarks,
    servers: projects.some((project) => project !== 'unit') || runBenchmarks,
    schemathesis: projects.includes('contract'),
  },
  (message) => say(message),
);
if (problems.length > 0) {
  console.error(`\n\x1b[31mThe tests cannot run on this machine yet:\x1b[0m\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  for (const problem of problems) fail(problem);
  summary();
}

try {
  await phase('build', () => buildAll());
} catch (error) {
  console.error((error as Error).message);
  fail('build');
  summary();
}

if (chosen.length === 0) {
  await phase('lint', async () => {
    await sideBySide(
      [
        // Cached per machine by each file's content (and the config): a checkout lints only what changed since the last
        // run in the same folder. Every rule looks at one file alone (the arrows are checked on import specifiers).
        {
          name: 'lint: ESLint',
          command: bin('eslint'),
          args: ['.', '--cache', '--cache-strategy', 'content', '--cache-location', `${join(homedir(), '.cache', 'venuebook', 'eslint')}/`],
        },
        { name: 'lint: type check (Node code)', command: TSC, args: ['-p', 'tsconfig.json'] },
        { name: 'lint: type check (browser code)', command: TSC, args: ['-p', 'shell/tsconfig.web.json'] },
        { name: 'lint: buf lint', command: bin('buf'), args: ['lint'], cwd: join(REPO_ROOT, 'proto', 'contracts') },
        { name: 'lint: formatting (Biome; `npm run format` fixes it)', command: bin('biome'), args: ['format', '.'] },
      ],
      5,
    );
  });
}
// One after another: beside the browser tests, the contract run and the benchmarks can make a busy machine's browser
// tests time out (docs/decisions/0001-test-suite-time-budget.md).
const besideBenchmarks = runBenchmarks && projects.includes('contract') ? ['contract'] : [];
for (const project of projects.filter((name) => !besideBenchmarks.includes(name))) await phase(project, () => runVitest(project));
// Benchmarks in their smoke size: a failed request or a wrong answer fails the check (timings never do). The contract
// run (schemathesis, mostly one core) goes with them, first: it is the longest.
if (runBenchmarks) {
  await phase(`${besideBenchmarks.map((name) => `${name} and `).join('')}bench (smoke size)`, async () => {
    const benches = benchFiles().map((file) => ({ name: `bench: ${basename(file, '.bench.ts')} (smoke size)`, ...benchCommand(file, { smoke: true }) }));
    const finished = await sideBySide([...besideBenchmarks.map((project) => ({ name: project, project })), ...benches], BENCH_CONCURRENCY);
    for (const job of finished) {
      if (job.name.startsWith('bench: '))
        files.push({ project: 'bench', file: job.name.replace(/^bench: (.*) \(smoke size\)$/, 'tests/bench/$1.bench.ts'), seconds: job.seconds });
    }
  });
}

// ---- times and budget ------------------------------------------------------------------------------

const totalSeconds = since(startedAt);
const cores = availableParallelism();
const other = otherCores(cpuAtStart, sampleCpu(), since(runnerStartedAt));
const probeMs = median(probes);
const verdict = judgeBudget({ totalSeconds, fresh: (setup?.infraBuilt.length ?? 0) > 0, cores, fullRun, loadAtStart, otherCores: other, probeMs, startWallMs });
console.log('\n\x1b[36m[test]\x1b[0m \x1b[1mtimes\x1b[0m');
console.log(timeTable([...phases, { name: 'total', seconds: totalSeconds }]).join('\n'));
const machine = [
  `load ${loadAtStart.toFixed(2)} at the start`,
  ...(other === undefined ? [] : [`other processes ${other.toFixed(2)} cores`]),
  ...(probeMs === undefined
    ? []
    : [
        `speed probe ${Math.round(probeMs)} ms of CPU (median of ${probes.length}), ${Math.round(startWallMs)} ms of wall time at the start (${TEST_BUDGET.referenceProbeMs} usual)`,
      ]),
];
console.log(`  machine: ${machine.join(', ')}`);
const slowest = slowestFiles(files);
if (slowest.length > 0) {
  console.log('\n\x1b[36m[test]\x1b[0m \x1b[1mthe 10 slowest files\x1b[0m');
  console.log(timeTable(slowest.map((file) => ({ name: `${file.file} (${file.project})`, seconds: file.seconds }))).join('\n'));
}
console.log(`\n${verdict.kind === 'over' ? '\x1b[31m' : verdict.kind === 'over-busy' ? '\x1b[33m' : ''}${verdict.message}\x1b[0m`);
if (verdict.kind === 'over') fail(verdict.message);
mkdirSync(artifacts, { recursive: true });
writeFileSync(
  join(artifacts, 'test-times.json'),
  JSON.stringify(
    {
      startedAt: new Date(startedAt).toISOString(),
      cores,
      loadAtStart,
      otherCores: other,
      speedProbeMs: probeMs === undefined ? undefined : Math.round(probeMs),
      speedProbeWallMsAtStart: Math.round(startWallMs),
      fullRun,
      totalSeconds: Math.round(totalSeconds * 10) / 10,
      phases: phases.map((entry) => ({ ...entry, seconds: Math.round(entry.seconds * 10) / 10 })),
      files: [...files].sort((a, b) => b.seconds - a.seconds),
      budget: verdict,
    },
    null,
    2,
  ),
);
summary();
