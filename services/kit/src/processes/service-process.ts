// A service of the registry as its own process (or several replicas): what the launcher starts for `npm start`
// and what test harnesses start when they need another service beside the one under test (services never
// import each other's code).
import { join, resolve } from 'node:path';
import { SERVICES, serviceEntry } from '@venuebook/contracts/services';
import type { ServiceName } from '@venuebook/contracts/services';
import { createHealthChecker } from '../grpc-health.ts';
import { freePort, startProcess, waitFor } from './processes.ts';
import type { ManagedProcess } from './processes.ts';

/** The repository's root folder (service entries are relative to it). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

export interface RunningService {
  /** host:port of its gRPC server (or the address it listens on). */
  address: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/** One process of a service (of its <NAME>_REPLICAS), on its own port, logging to its own file. */
export interface RunningReplica {
  /** 1, 2, ...: its log is <logDir>/<name>-<index>.log when the service runs several replicas. */
  index: number;
  /** host:port of its gRPC server. */
  address: string;
  /** The current process (a new one after start()). */
  readonly process: ManagedProcess;
  stop(): Promise<void>;
  /** Starts it again after stop(), on the same port with the same settings; waits until it reports SERVING. */
  start(): Promise<void>;
}

/** A service of the registry: one or more replicas. */
export interface RunningGrpcService extends RunningService {
  /**
   * host:port of its only replica, or every replica's separated by commas (what <NAME>_GRPC_URL takes; the
   * typed client balances over them).
   */
  address: string;
  /** The first replica's process. */
  readonly process: ManagedProcess;
  /** Stops every replica. */
  stop(): Promise<void>;
  replicas: RunningReplica[];
}

/** The launcher's services listen on loopback in plain text; empty values count as unset. */
export const NO_GRPC_TLS = { GRPC_TLS_CERT: '', GRPC_TLS_KEY: '', GRPC_TLS_CA: '', GRPC_ALLOW_INSECURE: '' };

export interface ReplicaOptions {
  name: ServiceName;
  env: Record<string, string>;
  logDir: string;
  logLevel?: string;
}

/**
 * How long a service may take to serve (10 minutes): it loads its read models first, which takes a while at
 * scale on a busy machine (the media-scale bench reports it); a process that exits fails the start at once.
 */
const SERVICE_READY_TIMEOUT_MS = 600_000;

/** Starts one process of service `name` on `port` (log `logName`.log) and waits until it reports SERVING. */
async function spawnReplica(options: ReplicaOptions, port: number, logName: string): Promise<ManagedProcess> {
  const address = `127.0.0.1:${port}`;
  const child = startProcess(logName, process.execPath, [join(REPO_ROOT, serviceEntry(options.name))], {
    logDir: options.logDir,
    // Loopback, plain text (TLS settings of the operator's shell are for deployments, not for this launcher).
    env: { LOG_LEVEL: options.logLevel ?? 'info', ...options.env, GRPC_HOST: '127.0.0.1', GRPC_PORT: String(port), ...NO_GRPC_TLS },
  });
  const health = createHealthChecker(address);
  try {
    await waitFor(`${logName} service`, async () => (await health.check(SERVICES[options.name].service.typeName)) === 'SERVING', {
      process: child,
      timeoutMs: SERVICE_READY_TIMEOUT_MS,
    });
  } catch (error) {
    await child.stop();
    throw error;
  } finally {
    health.close();
  }
  return child;
}

/**
 * Starts service `name` of the registry (`services/<name>/src/main.ts`) as its own process, or `replicas`
 * processes (each on its own port, logging to <name>-<n>.log), one after the other, each waited for until its
 * health check reports the service SERVING. If one fails, those already started are stopped. `ports`: the
 * replicas' ports, when the caller chose them (e.g. to tell other services the address before it serves).
 */
export async function startGrpcService(options: ReplicaOptions & { replicas?: number; ports?: readonly number[] }): Promise<RunningGrpcService> {
  const count = options.ports?.length ?? options.replicas ?? 1;
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`replicas of ${options.name} must be a whole number of at least 1, got ${count}`);
  const replicas: RunningReplica[] = [];
  try {
    for (let index = 1; index <= count; index += 1) {
      const port = options.ports?.[index - 1] ?? (await freePort());
      const logName = count === 1 ? options.name : `${options.name}-${index}`;
      let child = await spawnReplica(options, port, logName);
      replicas.push({
        index,
        address: `127.0.0.1:${port}`,
        get process() {
          return child;
        },
        stop: () => child.stop(),
        async start() {
          if (!child.exited) return;
          child = await spawnReplica(options, port, logName);
        },
      });
    }
  } catch (error) {
    for (const replica of replicas.reverse()) await replica.stop();
    throw error;
  }
  return {
    address: replicas.map((replica) => replica.address).join(','),
    get process() {
      return replicas[0]!.process;
    },
    replicas,
    async stop() {
      for (const replica of [...replicas].reverse()) await replica.stop();
    },
  };
}
