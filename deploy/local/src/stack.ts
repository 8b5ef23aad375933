// The whole product on one machine: infrastructure, the venues service and the gateway (which serves the
// built shell and remotes), each service as its own process, as in production.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@venuebook/proto/grpc';
import { VenuesService } from '@venuebook/proto/venues/v1';
import { createHealthChecker } from '@venuebook/service-kit';
import { provisionInfra } from './provision.ts';
import type { Infra } from './provision.ts';
import { REPO_ROOT } from './infra-servers.ts';
import { freePort, httpOk, startProcess, waitFor } from './processes.ts';
import type { ManagedProcess } from './processes.ts';
import { DEMO_VENUES } from './seed/demo-venues.ts';

export interface StackOptions {
  /** Server data and logs (<dataDir>/logs). */
  dataDir: string;
  host?: string;
  /** Gateway port; 0 = any free port. */
  port?: number;
  /** Seed the demo venues once per data folder. */
  seed?: boolean;
  logLevel?: string;
  log?: (message: string) => void;
  /** Extra environment for the gateway (e.g. WEB_ROOT). */
  gatewayEnv?: Record<string, string>;
}

export interface RunningStack {
  url: string;
  infra: Infra;
  /** Number of demo venues created by this start (0 when the data folder was seeded before). */
  seeded: number;
  logDir: string;
  stop(): Promise<void>;
}

const SEEDED_MARKER = 'seeded';

/** Creates the demo venues through the venues service's gRPC API, newest last. */
export async function seedDemoVenues(venuesAddress: string): Promise<number> {
  const client = createClient(VenuesService, venuesAddress, { deadlineMs: 10_000 });
  try {
    for (const venue of DEMO_VENUES) await client.createVenue({ venue });
    return DEMO_VENUES.length;
  } finally {
    client.close();
  }
}

export interface RunningService {
  /** host:port of its gRPC server. */
  address: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * Starts the venues service as its own process (as in production) against the given infrastructure and
 * waits until its gRPC health check reports SERVING.
 */
export async function startVenuesService(options: { infra: Pick<Infra, 'env'>; logDir: string; logLevel?: string; env?: Record<string, string> }): Promise<RunningService> {
  const port = await freePort();
  const address = `127.0.0.1:${port}`;
  const venues = startProcess('venues', process.execPath, [join(REPO_ROOT, 'services/venues/src/main.ts')], {
    logDir: options.logDir,
    env: { ...options.infra.env, GRPC_HOST: '127.0.0.1', GRPC_PORT: String(port), LOG_LEVEL: options.logLevel ?? 'info', ...options.env },
  });
  const health = createHealthChecker(address);
  try {
    await waitFor('venues service', async () => (await health.check(VenuesService.typeName)) === 'SERVING', { process: venues });
  } catch (error) {
    await venues.stop();
    throw error;
  } finally {
    health.close();
  }
  return { address, process: venues, stop: () => venues.stop() };
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => undefined);
  const logDir = join(options.dataDir, 'logs');
  const host = options.host ?? '127.0.0.1';
  const logLevel = options.logLevel ?? 'info';
  const stops: (() => Promise<void>)[] = [];
  const infra = await provisionInfra({ dataDir: options.dataDir, logDir, log });

  const stop = async (): Promise<void> => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne();
    await infra.stop();
  };

  try {
    const venues = await startVenuesService({ infra, logDir, logLevel });
    stops.push(venues.stop);

    let seeded = 0;
    const marker = join(options.dataDir, SEEDED_MARKER);
    if (options.seed && !existsSync(marker)) {
      seeded = await seedDemoVenues(venues.address);
      writeFileSync(marker, `${new Date().toISOString()} ${seeded} demo venues\n`);
      log(`seeded ${seeded} demo venues`);
    }

    const port = options.port === 0 || options.port === undefined ? await freePort(host) : options.port;
    const gateway = startProcess('gateway', process.execPath, [join(REPO_ROOT, 'gateway/src/main.ts')], {
      logDir,
      env: { HOST: host, PORT: String(port), VENUES_GRPC_URL: venues.address, LOG_LEVEL: logLevel, ...options.gatewayEnv },
    });
    stops.push(() => gateway.stop());
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    await waitFor('gateway', () => httpOk(`${url}/readyz`), { process: gateway });
    return { url, infra, seeded, logDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
