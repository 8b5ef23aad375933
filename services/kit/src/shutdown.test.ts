import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const fixture = join(import.meta.dirname, 'testing', 'run-service.fixture.ts');

function run(env: Record<string, string> = {}, signal?: NodeJS.Signals): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fixture], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (signal && stdout.includes('ready')) child.kill(signal);
    });
    child.on('error', reject);
    // Keep the fixture's own markers; drop pino's JSON log lines.
    child.on('exit', (code) =>
      resolve({
        code,
        stdout: stdout
          .split('\n')
          .filter((line) => line && !line.startsWith('{'))
          .join('\n'),
      }),
    );
  });
}

describe('runService', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops the service, then earlier hooks, on %s and exits 0', async (signal) => {
    const { code, stdout } = await run({}, signal);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual(['ready', 'stop:service', 'hook:registered-first']);
  });

  it('exits 1 when the service fails to start, still running the hooks', async () => {
    const { code, stdout } = await run({ FIXTURE_FAIL: '1' });
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual(['hook:registered-first']);
  });
});
