import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './infra-servers.ts';

/**
 * turbo's environment: its cache (the generated code and the built front ends, by the hash of their inputs) lives
 * per machine beside the infrastructure binaries (~/.cache/venuebook/turbo, or TURBO_CACHE_DIR), so a fresh clone
 * of an unchanged tree restores them instead of building.
 */
export function turboEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, TURBO_CACHE_DIR: env.TURBO_CACHE_DIR ?? join(homedir(), '.cache', 'venuebook', 'turbo') };
}

/**
 * Node's on-disk cache of compiled code (NODE_COMPILE_CACHE), per machine under ~/.cache/venuebook unless set: every
 * process started after this call inherits it (the services, the gateway, the stand-ins, vitest, the benchmarks) and
 * starts from what an earlier process compiled instead of compiling its modules again (Node keys each entry by the
 * module's content and its own version).
 */
export function enableNodeCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  env.NODE_COMPILE_CACHE ??= join(homedir(), '.cache', 'venuebook', 'node-compile-cache');
}

/** `turbo run <task>`: e.g. 'build' (generates the protobuf code and builds the shell and the remotes), cached when unchanged. */
export function runTurbo(task: 'build' | 'generate', extraArgs: readonly string[] = []): void {
  const turbo = join(REPO_ROOT, 'node_modules', '.bin', 'turbo');
  const result = spawnSync(turbo, ['run', task, '--output-logs=errors-only', ...extraArgs], { cwd: REPO_ROOT, stdio: 'inherit', env: turboEnv() });
  if (result.status !== 0) throw new Error(`turbo run ${task} failed (exit ${result.status ?? result.error?.message})`);
}

/** `turbo run build`: generates the protobuf code and builds the shell and the remotes (cached when unchanged). */
export function buildAll(extraArgs: readonly string[] = []): void {
  runTurbo('build', extraArgs);
}
