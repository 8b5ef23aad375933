import { inject } from 'vitest';
import type { SharedStandIns } from '../stand-ins.ts';
import { requestStart } from './start-on-request.ts';

/** What the integration globalSetup provides as `inject('infra')` (see conventions). */
export interface TestInfra {
  mongoUri: string;
  natsUrl: string;
  s3: { endPoint: string; port: number; useSSL: boolean; accessKey: string; secretKey: string };
}

/**
 * `inject('infra')` with a checked shape, for integration tests. Reads the key untyped so that it compiles
 * whether or not vitest's ProvidedContext has been augmented, and fails loudly when the setup is missing.
 */
export function testInfra(): TestInfra {
  const infra = (inject as unknown as (key: string) => unknown)('infra') as (Partial<TestInfra> & { workerNatsUrls?: string[] }) | undefined;
  if (!infra?.mongoUri || !infra.natsUrl) {
    throw new Error("No test infrastructure: run integration tests through the root vitest config (project 'integration').");
  }
  const { workerNatsUrls, ...servers } = infra;
  // Files run side by side, one per worker: each worker has a NATS of its own (services of two files would otherwise
  // share the streams, and a durable consumer of one would store the other's events). Storage and S3 are shared (each
  // file has its own databases and buckets).
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return { ...(servers as TestInfra), natsUrl: workerNatsUrls?.[worker - 1] ?? infra.natsUrl };
}
export { eventsSince } from './events.ts';
export type { PublishedEvent } from './events.ts';
export { serviceTestConfig } from './service-config.ts';
export { rejection } from './rejection.ts';
export { eventually } from './eventually.ts';
export { killRepeatedly } from './kill-repeatedly.ts';
export { startOnRequest, requestStart } from './start-on-request.ts';
export type { StartOnRequest, Startable } from './start-on-request.ts';
export {
  chooseAccount,
  confirmationLink,
  cookieJarFetch,
  googleDriveStandIn,
  idTokenMinter,
  resumableUpload,
  subjectOf,
  tokenUrlInterceptor,
  webhookReceiver,
} from '../stand-ins.ts';
export type {
  DriveFault,
  MintedClaims,
  OidcSigningKey,
  ReceivedWebhook,
  ScriptedWebhookAnswer,
  ServiceAccountKeyFile,
  SharedStandIns,
  StandInDriveFile,
} from '../stand-ins.ts';

let standIns: Promise<SharedStandIns> | undefined;

/**
 * The run's mail sink and OpenID Connect provider (tests/setup/stand-ins.global.ts starts them on the first
 * request of any file, as processes through the launcher): for harnesses of services that send mail or trust the
 * provider, which import neither the launcher nor the stand-ins.
 */
export function sharedStandIns(): Promise<SharedStandIns> {
  standIns ??= requestStart<SharedStandIns>((inject as unknown as (key: string) => unknown)('standInsUrl'), 'stand-ins');
  return standIns;
}
