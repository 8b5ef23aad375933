// One provisioner for `npm start` and every test suite: MongoDB-compatible storage, S3 (MinIO) and NATS
// with JetStream. Each comes from, in order: a URL in the environment, a server binary on PATH or in
// .infra/bin (started here on a free loopback port), Docker through testcontainers.
import { join } from 'node:path';
import mongoose from 'mongoose';
import { redactCredentials } from '@venuebook/service-kit';
import type * as Testcontainers from 'testcontainers';
import { findServerBinary, URL_VARIABLES } from './infra-servers.ts';
import type { ServerKind } from './infra-servers.ts';
import { freePort, httpOk, startProcess, tcpOpen, waitFor } from '@venuebook/service-kit/processes';
import type { ManagedProcess } from '@venuebook/service-kit/processes';
import { ensurePrivateDir } from '@venuebook/service-kit/processes';

export interface S3Settings {
  /** http(s)://host:port, as services read it from S3_ENDPOINT. */
  endpoint: string;
  /** The same, in the minio client's shape. */
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
}

export interface Infra {
  mongoUri: string;
  natsUrl: string;
  s3: S3Settings;
  /** Where each server came from: 'env', the binary's path, or 'docker'. */
  sources: Record<ServerKind, string>;
  /** The variables a service process needs to reach the infrastructure. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface ProvisionOptions {
  /** Data of started servers: <dataDir>/<server>. Kept between runs when the folder is kept. */
  dataDir: string;
  /** Server logs; default <dataDir>/logs. */
  logDir?: string;
  log?: (message: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** Credentials of the MinIO this provisioner starts (local only). */
export const LOCAL_S3_CREDENTIALS = { accessKey: 'venuebook', secretKey: 'venuebook-local-secret' };

const READY_TIMEOUT_MS = 60_000;

interface Started {
  value: string;
  source: string;
  stop: () => Promise<void>;
}

function s3Settings(endpoint: string, accessKey: string, secretKey: string): S3Settings {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return { endpoint: url.origin, endPoint: url.hostname, port: Number(url.port || (useSSL ? 443 : 80)), useSSL, accessKey, secretKey };
}

async function mongoAnswers(uri: string): Promise<boolean> {
  const client = new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function startMongo(binary: { name: string; path: string }, dataDir: string, logDir: string): Promise<Started> {
  const port = await freePort();
  const dir = join(dataDir, binary.name);
  ensurePrivateDir(dir);
  const args =
    binary.name === 'mongod'
      ? ['--dbpath', dir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet']
      : [
          '--handler=sqlite',
          `--sqlite-url=file:${dir}/`,
          `--state-dir=${dir}`,
          `--listen-addr=127.0.0.1:${port}`,
          // Its debug listener defaults to port 8088 and clashes between instances.
          '--debug-addr=-',
          '--telemetry=disable',
          '--log-level=warn',
        ];
  const processHandle = startProcess(binary.name, binary.path, args, { logDir });
  const uri = `mongodb://127.0.0.1:${port}/`;
  await waitFor(binary.name, () => mongoAnswers(uri), { timeoutMs: READY_TIMEOUT_MS, process: processHandle });
  return { value: uri, source: binary.path, stop: () => processHandle.stop() };
}

async function startMinio(binary: { path: string }, dataDir: string, logDir: string): Promise<Started> {
  const [port, consolePort] = [await freePort(), await freePort()];
  const dir = join(dataDir, 'minio');
  ensurePrivateDir(dir);
  const processHandle: ManagedProcess = startProcess(
    'minio',
    binary.path,
    ['server', dir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`, '--quiet'],
    {
      logDir,
      env: {
        MINIO_ROOT_USER: LOCAL_S3_CREDENTIALS.accessKey,
        MINIO_ROOT_PASSWORD: LOCAL_S3_CREDENTIALS.secretKey,
        MINIO_BROWSER: 'off',
        MINIO_UPDATE: 'off',
      },
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  await waitFor('minio', () => httpOk(`${endpoint}/minio/health/live`), { timeoutMs: READY_TIMEOUT_MS, process: processHandle });
  return { value: endpoint, source: binary.path, stop: () => processHandle.stop() };
}

async function startNats(binary: { path: string }, dataDir: string, logDir: string): Promise<Started> {
  const [port, monitorPort] = [await freePort(), await freePort()];
  const dir = join(dataDir, 'nats');
  ensurePrivateDir(dir);
  const processHandle = startProcess('nats-server', binary.path, ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort), '-js', '-sd', dir], {
    logDir,
  });
  await waitFor('nats-server', async () => (await tcpOpen('127.0.0.1', port)) && httpOk(`http://127.0.0.1:${monitorPort}/healthz?js-enabled-only=true`), {
    timeoutMs: READY_TIMEOUT_MS,
    process: processHandle,
  });
  return { value: `nats://127.0.0.1:${port}`, source: binary.path, stop: () => processHandle.stop() };
}

/** Docker fallback through testcontainers (needs a running Docker engine). */
async function startContainer(kind: ServerKind): Promise<Started> {
  let testcontainers: typeof Testcontainers;
  try {
    testcontainers = await import('testcontainers');
  } catch (error) {
    throw new Error(`testcontainers could not be loaded: ${(error as Error).message}`, { cause: error });
  }
  const { GenericContainer, Wait } = testcontainers;
  if (kind === 'mongo') {
    const container = await new GenericContainer('mongo:8').withExposedPorts(27017).start();
    return { value: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/`, source: 'docker', stop: async () => void (await container.stop()) };
  }
  if (kind === 's3') {
    const container = await new GenericContainer('minio/minio')
      .withEnvironment({ MINIO_ROOT_USER: LOCAL_S3_CREDENTIALS.accessKey, MINIO_ROOT_PASSWORD: LOCAL_S3_CREDENTIALS.secretKey })
      .withCommand(['server', '/data'])
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start();
    return { value: `http://${container.getHost()}:${container.getMappedPort(9000)}`, source: 'docker', stop: async () => void (await container.stop()) };
  }
  const container = await new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start();
  return { value: `nats://${container.getHost()}:${container.getMappedPort(4222)}`, source: 'docker', stop: async () => void (await container.stop()) };
}

async function provide(kind: ServerKind, options: Required<Pick<ProvisionOptions, 'dataDir' | 'logDir'>> & { env: NodeJS.ProcessEnv }): Promise<Started> {
  const fromEnv = options.env[URL_VARIABLES[kind]];
  if (fromEnv) return { value: fromEnv, source: 'env', stop: async () => undefined };
  const binary = findServerBinary(kind, options.env);
  if (binary) {
    if (kind === 'mongo') return startMongo(binary, options.dataDir, options.logDir);
    if (kind === 's3') return startMinio(binary, options.dataDir, options.logDir);
    return startNats(binary, options.dataDir, options.logDir);
  }
  try {
    return await startContainer(kind);
  } catch (error) {
    throw new Error(
      `No ${kind === 'mongo' ? 'MongoDB' : kind === 's3' ? 'S3 (MinIO)' : 'NATS'} server: set ${URL_VARIABLES[kind]}, or run ` +
        `'npm run infra:install' (needs Go ≥ 1.22), or start Docker. (${(error as Error).message})`,
      { cause: error },
    );
  }
}

/**
 * One NATS server by itself (as `provisionInfra` provides it: the environment's NATS_URL, else a local binary, else
 * Docker), e.g. one per test worker, so that files running side by side do not take each other's events.
 */
export async function provisionNats(options: ProvisionOptions): Promise<{ natsUrl: string; stop(): Promise<void> }> {
  const started = await provide('nats', { dataDir: options.dataDir, logDir: options.logDir ?? join(options.dataDir, 'logs'), env: options.env ?? process.env });
  return { natsUrl: started.value, stop: started.stop };
}

/** Provides all three servers (started in parallel); `stop()` stops what was started here. */
export async function provisionInfra(options: ProvisionOptions): Promise<Infra> {
  const env = options.env ?? process.env;
  const settings = { dataDir: options.dataDir, logDir: options.logDir ?? join(options.dataDir, 'logs'), env };
  const kinds: ServerKind[] = ['mongo', 's3', 'nats'];
  const results = await Promise.allSettled(kinds.map((kind) => provide(kind, settings)));
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (): Promise<void> => {
    await Promise.all(started.map((server) => server.stop().catch(() => undefined)));
  };
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  const [mongo, s3, nats] = started as [Started, Started, Started];
  const accessKey = env.S3_ENDPOINT ? (env.S3_ACCESS_KEY ?? '') : LOCAL_S3_CREDENTIALS.accessKey;
  const secretKey = env.S3_ENDPOINT ? (env.S3_SECRET_KEY ?? '') : LOCAL_S3_CREDENTIALS.secretKey;
  const infra: Infra = {
    mongoUri: mongo.value,
    natsUrl: nats.value,
    s3: s3Settings(s3.value, accessKey, secretKey),
    sources: { mongo: mongo.source, s3: s3.source, nats: nats.source },
    env: { MONGODB_URI: mongo.value, NATS_URL: nats.value, S3_ENDPOINT: s3.value, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey },
    stop,
  };
  // URLs given by the environment may carry credentials (mongodb://user:password@…, nats://token@…).
  options.log?.(
    redactCredentials(
      `infrastructure: MongoDB ${infra.mongoUri} (${mongo.source}), S3 ${infra.s3.endpoint} (${s3.source}), NATS ${infra.natsUrl} (${nats.source})`,
    ),
  );
  return infra;
}
