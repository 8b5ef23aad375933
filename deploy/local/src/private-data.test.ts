// .data/ holds database files, secrets and logs with confirmation links: only its owner may read it.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, startProcess } from '@venuebook/service-kit/processes';
import { loadOrCreateSecrets } from './stack.ts';

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe('private data folder', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'venuebook-private-'));
    chmodSync(root, 0o755);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data folder 0700 with its secrets 0600', () => {
    const dataDir = join(root, '.data');
    loadOrCreateSecrets(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'secrets.json'))).toBe(0o600);
  });

  it('tightens an existing world-readable data folder, its logs folder and its log files', () => {
    const dataDir = join(root, '.data');
    mkdirSync(join(dataDir, 'logs'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'logs'), 0o755);
    writeFileSync(join(dataDir, 'logs', 'gateway.log'), 'GET /auth?confirm=abc\n', { mode: 0o644 });
    chmodSync(join(dataDir, 'logs', 'gateway.log'), 0o644);
    loadOrCreateSecrets(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    ensurePrivateDir(join(dataDir, 'logs'), { files: true });
    expect(modeOf(join(dataDir, 'logs'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'logs', 'gateway.log'))).toBe(0o600);
  });

  it('writes process logs into a 0700 folder as 0600 files, also when the log file existed world-readable', async () => {
    const logDir = join(root, 'logs');
    mkdirSync(logDir, { mode: 0o755 });
    chmodSync(logDir, 0o755);
    writeFileSync(join(logDir, 'echo.log'), 'old\n');
    chmodSync(join(logDir, 'echo.log'), 0o644);
    const child = startProcess('echo', process.execPath, ['-e', 'console.log("hello")'], { logDir });
    await new Promise<void>((resolve) => child.child.once('exit', () => resolve()));
    await child.stop();
    expect(modeOf(logDir)).toBe(0o700);
    expect(modeOf(join(logDir, 'echo.log'))).toBe(0o600);
    const fresh = startProcess('fresh', process.execPath, ['-e', '0'], { logDir });
    await new Promise<void>((resolve) => fresh.child.once('exit', () => resolve()));
    expect(modeOf(join(logDir, 'fresh.log'))).toBe(0o600);
  });
});
