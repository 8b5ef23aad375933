// `npm run bench`: generates the protobuf code if needed, then runs every tests/bench/*.bench.ts (or the files
// given) on Node 24, one after another, each against its own fresh stack.
//   npm run bench -- --smoke      the smoke size (what `npm test` runs: quick, proves each bench works)
// Each benchmark prints a table and writes artifacts/bench/<name>.json. Timings are figures, never pass/fail;
// a benchmark fails (and so does this command) when a request fails or an answer is wrong.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT, runTurbo, enableNodeCompileCache } from '@venuebook/local/setup';

const BENCH_DIR = join(REPO_ROOT, 'tests', 'bench');

/** Every benchmark file (tests/bench/*.bench.ts), sorted. */
export function benchFiles(): string[] {
  return readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort()
    .map((file) => join(BENCH_DIR, file));
}

/** How `npm test` and `npm run bench` start one benchmark: its own Node 24 process, in the repo root. */
export function benchCommand(file: string, options: { smoke: boolean }): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  return { command: process.execPath, args: [file], env: { ...process.env, ...(options.smoke ? { BENCH_SMOKE: '1' } : {}) } };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const smoke = args.includes('--smoke');
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--smoke');
  if (unknown.length > 0) {
    console.error(`unknown option ${unknown.join(', ')}; usage: npm run bench [-- --smoke] [tests/bench/<file>.bench.ts…]`);
    process.exit(2);
  }
  const named = args.filter((arg) => !arg.startsWith('--'));
  const files = named.length > 0 ? named.map((file) => resolve(file)) : benchFiles();

  enableNodeCompileCache();
  // The benchmarks import the generated protobuf code (absent in a fresh clone).
  runTurbo('generate');
  const failed: string[] = [];
  for (const file of files) {
    const name = file.replace(`${REPO_ROOT}/`, '');
    console.log(`\n\x1b[36m[bench]\x1b[0m ${name}${smoke ? ' (smoke size)' : ''}`);
    const { command, args: commandArgs, env } = benchCommand(file, { smoke });
    const result = spawnSync(command, commandArgs, { cwd: REPO_ROOT, stdio: 'inherit', env });
    if (result.status !== 0) failed.push(name);
  }
  if (failed.length > 0) console.error(`\n\x1b[31m[bench]\x1b[0m failed: ${failed.join(', ')}`);
  process.exit(failed.length > 0 ? 1 : 0);
}
