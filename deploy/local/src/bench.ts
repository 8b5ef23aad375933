// `npm run bench`: runs every tests/bench/*.bench.ts (or the files given) on Node 24, one after another.
// Benchmarks print figures; they are not pass/fail tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './infra-servers.ts';

const dir = join(REPO_ROOT, 'tests', 'bench');
const files =
  process.argv.length > 2
    ? process.argv.slice(2).map((file) => resolve(file))
    : readdirSync(dir)
        .filter((file) => file.endsWith('.bench.ts'))
        .sort()
        .map((file) => join(dir, file));

let failed = 0;
for (const file of files) {
  console.log(`\n\x1b[36m[bench]\x1b[0m ${file.replace(`${REPO_ROOT}/`, '')}`);
  const result = spawnSync(process.execPath, [file], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
