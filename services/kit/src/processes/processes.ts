import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, fchmodSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files.ts';

/** Ports handed out for a server that binds them later: below the kernel's ephemeral range, so that no outgoing connection takes one in the meantime. */
const PORT_RANGE = { low: 10_000, high: 32_000 };
/** A reservation older than this is stale (its server has bound the port long since, or never will). */
const RESERVATION_TTL_MS = 10 * 60_000;
/**
 * Reservations of this user's launchers (stacks started side by side must not be handed the same port): under the
 * user's own cache folder, not the shared temporary one, where another user could plant entries.
 */
const RESERVATIONS = join(homedir(), '.cache', 'venuebook', 'ports');

function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Claims `port` for this process across the machine (an exclusive file), unless another claimed it recently. */
function reserve(port: number): boolean {
  const file = join(RESERVATIONS, String(port));
  const claim = (): boolean => {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  };
  if (claim()) return true;
  try {
    if (Date.now() - lstatSync(file).mtimeMs < RESERVATION_TTL_MS) return false;
    // Stale: replaced by a new claim (exclusive again, so of two launchers reclaiming it only one wins).
    rmSync(file, { force: true });
    return claim();
  } catch {
    return false;
  }
}

function bindable(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on `host` for a server that binds it later (a process started with its port in the environment).
 * The kernel's port 0 is not safe for that: an outgoing connection (a client's ephemeral port) or another stack
 * started side by side could take the port before the server binds it. So the port is drawn at random below the
 * ephemeral range, reserved machine-wide for ten minutes and checked free; only if that fails 100 times is it
 * the kernel's.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  mkdirSync(RESERVATIONS, { recursive: true });
  const high = Math.min(PORT_RANGE.high, ephemeralLow() - 1);
  for (let attempt = 0; attempt < 100 && high > PORT_RANGE.low; attempt++) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (high - PORT_RANGE.low));
    if (reserve(port) && (await bindable(port, host))) return port;
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns true, the process dies, or the timeout passes. */
export async function waitFor(what: string, probe: () => Promise<boolean>, options: { timeoutMs?: number; process?: ManagedProcess } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (options.process?.exited) {
      throw new Error(`${what} exited (code ${options.process.exitCode}) before it was ready; see ${options.process.logFile}`);
    }
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(
    `${what} was not ready within ${Math.round((options.timeoutMs ?? 60_000) / 1000)} s${options.process ? `; see ${options.process.logFile}` : ''}`,
  );
}

/** True when something accepts TCP connections on host:port. */
export function tcpOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

/** True when GET url answers 2xx. */
export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return response.ok;
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: boolean;
  exitCode: number | null;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<ManagedProcess>();

// Last resort: never leave servers behind when this process exits without stopping them.
process.once('exit', () => {
  for (const managed of running) managed.child.kill('SIGKILL');
});

/**
 * Starts a long-running child process with its output appended to `<logDir>/<name>.log` (or inherited when
 * `inheritOutput` is set). The log folder is 0700 and the log file 0600: logs carry confirmation links.
 */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: { logDir: string; env?: NodeJS.ProcessEnv; cwd?: string; inheritOutput?: boolean },
): ManagedProcess {
  ensurePrivateDir(options.logDir);
  const logFile = join(options.logDir, `${name}.log`);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: options.inheritOutput ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  if (!options.inheritOutput) {
    const fd = openSync(logFile, 'a', PRIVATE_FILE_MODE);
    fchmodSync(fd, PRIVATE_FILE_MODE);
    const log = createWriteStream('', { fd });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  let exitedResolve: () => void = () => undefined;
  const exitedPromise = new Promise<void>((resolve) => (exitedResolve = resolve));
  const managed: ManagedProcess = {
    name,
    child,
    logFile,
    exited: false,
    exitCode: null,
    async stop(graceMs = 5000) {
      if (!managed.exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exitedPromise;
        clearTimeout(timer);
      }
    },
  };
  child.once('error', (error) => {
    managed.exited = true;
    running.delete(managed);
    exitedResolve();
    console.error(`${name}: ${error.message}`);
  });
  child.once('exit', (code) => {
    managed.exited = true;
    managed.exitCode = code;
    running.delete(managed);
    exitedResolve();
  });
  running.add(managed);
  return managed;
}
