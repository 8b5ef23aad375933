import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './infra-servers.ts';

/** `turbo run build`: generates the protobuf code and builds the shell and the remotes (cached when unchanged). */
export function buildAll(extraArgs: readonly string[] = []): void {
  const turbo = join(REPO_ROOT, 'node_modules', '.bin', 'turbo');
  const result = spawnSync(turbo, ['run', 'build', '--output-logs=errors-only', ...extraArgs], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build failed (turbo exit ${result.status ?? result.error?.message})`);
}
