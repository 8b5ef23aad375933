// Test harness (integration tests only): the Drive sync service on the test's servers (FerretDB, NATS) with a
// database of the file's own, in-process (or, with `process: true`, as its own process, for tests that kill it),
// pointed at the run's local Google Drive with a root folder of the file's own; the venues and media services
// whose documents it copies, as their own processes (a service never imports another), on MinIO with a bucket of
// the file's own. Signed clients per role; helpers that create venues and upload documents; the local Drive's
// control API, and files put into its folders as a person would. Registers the file's beforeAll and afterAll; its fields
// are set once beforeAll has run.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DriveService } from '@venuebook/contracts/drive/v1';
import { MediaService } from '@venuebook/contracts/media/v1';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { createClient } from '@venuebook/grpc';
import type { Caller, Client } from '@venuebook/grpc';
import { connectMongo, connectNats, createLogger, userContextSigner } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { startGrpcService } from '@venuebook/service-kit/processes';
import type { RunningGrpcService } from '@venuebook/service-kit/processes';
import { googleDriveStandIn, serviceTestConfig, sharedStandIns, testInfra } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import { createDrive } from '../adapters/drive.ts';
import type { Drive, DriveItem } from '../adapters/drive.ts';
import { configSchema } from '../config.ts';
import type { DriveConfig } from '../config.ts';
import { start } from '../main.ts';
import type { DriveServiceHandle } from '../main.ts';

/** Fast retries and sweeps, so that a test sees several attempts in seconds. */
export const TEST_DRIVE_ENV = {
  DRIVE_RETRY_BASE_MS: '200',
  DRIVE_RETRY_MAX_MS: '2000',
  DRIVE_LEASE_MS: '5000',
  DRIVE_SWEEP_INTERVAL_MS: '2000',
  DRIVE_GRACE_MS: '2000',
  GOOGLE_DRIVE_TIMEOUT_MS: '20000',
  // The company of the people who put files in the venues' folders (dropFile's default owner).
  COMPANY_DOMAIN: 'example.com',
  // The tests read Drive's changes feed themselves (the handle's `changes.poll()`), so that a file they put in a
  // folder is imported when they say; the service reads it once at start.
  GOOGLE_DRIVE_CHANGES_INTERVAL_MS: '3600000',
};

/** Who puts files in the venues' folders in the tests: a company address (TEST_DRIVE_ENV's COMPANY_DOMAIN). */
export const DROPPED_BY = 'crew@example.com';

export interface DriveHarness {
  readonly infra: TestInfra;
  readonly userContextKey: string;
  readonly config: DriveConfig;
  readonly drive: DriveServiceHandle | undefined;
  readonly driveProcess: RunningGrpcService | undefined;
  readonly venuesService: RunningGrpcService;
  readonly mediaService: RunningGrpcService;
  /** The local Google Drive's control API, and this file's root folder in it. */
  readonly standIn: ReturnType<typeof googleDriveStandIn>;
  /** The local Drive through Google's client, as a person with access to the folders (files put in by hand). */
  readonly driveApi: Drive;
  readonly rootFolderId: string;
  /** The Drive service's database, for checks behind its back. */
  readonly db: Connection;
  /** The test's NATS (the events the services publish, e.g. the audit log's). */
  readonly nc: NatsConnection;
  user(role: string): Caller;
  driveAs(role: string): Client<typeof DriveService>;
  mediaAs(role: string): Client<typeof MediaService>;
  venuesAs(role: string): Client<typeof VenuesService>;
  createVenue(name: string): Promise<string>;
  /** Renames the venue (as an editor). */
  renameVenue(id: string, name: string): Promise<void>;
  /** The venue's Drive folder id as the venues service keeps it ('' when none). */
  venueFolderId(id: string): Promise<string>;
  /** Deletes the venue (as an admin; restorable). */
  deleteVenue(id: string): Promise<void>;
  /** Deletes and purges it (as an admin). */
  purgeVenue(id: string): Promise<void>;
  /** Uploads `bytes` as `fileName` to the venue (as an editor); the document's id. */
  upload(venueId: string, fileName: string, bytes: Uint8Array, category?: string): Promise<string>;
  /** The venue's folder in the local Drive and its category folders by category (made by its documents' sync). */
  venueFolders(venueId: string): Promise<{ venue: string; categories: Map<string, string> }>;
  /** Puts a file into a folder of the local Drive as a person would (no appProperties). */
  /** A file put in a Drive folder by a person (`owner`, default a company address: DROPPED_BY). */
  dropFile(parentId: string, name: string, bytes: Uint8Array, mimeType?: string, owner?: string): Promise<DriveItem>;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * `faults`: on the run's second local Drive, for a file that scripts Drive's faults (they would reach the other
 * files' uploads on the shared one).
 */
export function driveUnderTest(name: string, options: { process?: boolean; faults?: boolean; env?: Record<string, string> } = {}): DriveHarness {
  const suffix = randomUUID().slice(0, 8);
  const logDir = mkdtempSync(join(tmpdir(), `venuebook-drive-${name}-`));
  const clients: { close(): void }[] = [];
  const user = (role: string): Caller => ({ userId: randomUUID(), email: `${role}-${suffix}@example.com`, role, requestId: `${name}-${role}` });
  const signed =
    <S extends Parameters<typeof createClient>[0]>(service: S, address: () => string) =>
    (role: string) => {
      // '' : no user at all (a call no gateway would make).
      const caller = role ? user(role) : { userId: '', email: '', role: '', requestId: name };
      const client = createClient(service, address(), { deadlineMs: 60_000, metadata: userContextSigner(caller, harness.userContextKey) });
      clients.push(client);
      return client;
    };
  const harness = {
    infra: testInfra(),
    userContextKey: randomBytes(32).toString('base64url'),
    user,
  } as { -readonly [K in keyof DriveHarness]?: DriveHarness[K] } & Pick<DriveHarness, 'infra' | 'userContextKey' | 'user'>;
  harness.driveAs = signed(DriveService, () => harness.driveProcess?.address ?? `127.0.0.1:${harness.drive!.port}`) as DriveHarness['driveAs'];
  harness.mediaAs = signed(MediaService, () => harness.mediaService!.address) as DriveHarness['mediaAs'];
  const venuesAs = signed(VenuesService, () => harness.venuesService!.address) as (role: string) => Client<typeof VenuesService>;
  harness.venuesAs = venuesAs;

  beforeAll(async () => {
    const { infra } = harness;
    const standIns = await sharedStandIns();
    const localDrive = options.faults ? standIns.faultsDrive : standIns.googleDrive;
    const base = { MONGODB_URI: infra.mongoUri, NATS_URL: infra.natsUrl, USER_CONTEXT_KEY: harness.userContextKey };
    harness.venuesService = await startGrpcService({
      name: 'venues',
      env: { ...base, MONGODB_DB: `venuebook_test_drive_venues_${suffix}` },
      logDir,
      logLevel: 'warn',
    });
    harness.mediaService = await startGrpcService({
      name: 'media',
      env: {
        ...base,
        MONGODB_DB: `venuebook_test_drive_media_${suffix}`,
        VENUES_GRPC_URL: harness.venuesService.address,
        VENUE_CHECK_CACHE_MS: '0',
        // No photo is tagged with a card here: the cards service is never asked.
        CARDS_GRPC_URL: '127.0.0.1:9',
        S3_ENDPOINT: `${infra.s3.useSSL ? 'https' : 'http'}://${infra.s3.endPoint}:${infra.s3.port}`,
        S3_ACCESS_KEY: infra.s3.accessKey,
        S3_SECRET_KEY: infra.s3.secretKey,
        S3_BUCKET: `drive-${suffix}`,
      },
      logDir,
      logLevel: 'warn',
    });
    harness.standIn = googleDriveStandIn(localDrive.url);
    // A root folder of the file's own in the run's Drive, made through the service's own client.
    const credentials = JSON.parse(localDrive.credentialsJson) as DriveConfig['GOOGLE_DRIVE_CREDENTIALS'] & object;
    harness.driveApi = createDrive({ credentials, rootUrl: harness.standIn.rootUrl });
    const root = await harness.driveApi.createFolder(`drive-${name}-${suffix}`, localDrive.rootFolderId, {});
    harness.rootFolderId = root.id;
    const env = {
      ...TEST_DRIVE_ENV,
      GOOGLE_DRIVE_CREDENTIALS: localDrive.credentialsJson,
      GOOGLE_DRIVE_ROOT_FOLDER_ID: root.id,
      GOOGLE_DRIVE_API_URL: harness.standIn.rootUrl,
      MEDIA_GRPC_URL: harness.mediaService.address,
      VENUES_GRPC_URL: harness.venuesService.address,
      DRIVE_JOBS_CONSUMER_NAME: `drive-jobs-${suffix}`,
      DRIVE_DOCUMENTS_CONSUMER_NAME: `drive-documents-${suffix}`,
      DRIVE_VENUES_CONSUMER_NAME: `drive-venues-${suffix}`,
      ...options.env,
    };
    const db = `venuebook_test_drive_${name.replaceAll('-', '_')}_${suffix}`;
    harness.config = serviceTestConfig(configSchema, infra, { db, userContextKey: harness.userContextKey, env });
    if (options.process) {
      harness.driveProcess = await startGrpcService({
        name: 'drive',
        env: { ...base, MONGODB_DB: db, ...env },
        logDir,
        logLevel: process.env.DRIVE_TEST_LOG_LEVEL ?? 'warn',
      });
    } else {
      harness.drive = await start(harness.config, { logger: createLogger(`drive-${name}`, { level: 'warn' }) });
    }
    harness.db = await connectMongo(infra.mongoUri, db);
    harness.nc = await connectNats(infra.natsUrl);
  }, 90_000);

  harness.createVenue = async (venueName) => {
    const { venue } = await venuesAs('editor').createVenue({ venue: { name: venueName } });
    return venue!.id;
  };
  harness.renameVenue = async (id, venueName) => {
    await venuesAs('editor').updateVenue({ id, venue: { name: venueName } });
  };
  harness.venueFolderId = async (id) => (await venuesAs('viewer').getVenue({ id })).venue?.googleDriveFolderId ?? '';
  harness.deleteVenue = async (id) => {
    await venuesAs('admin').deleteVenue({ id });
  };
  harness.purgeVenue = async (id) => {
    await harness.deleteVenue!(id);
    await venuesAs('admin').purgeVenue({ id });
  };
  harness.upload = async (venueId, fileName, bytes, category = 'general') => {
    async function* parts() {
      yield {
        part: {
          case: 'header' as const,
          value: { venueId, fileName, fileSize: bytes.length, declaredType: '', category, description: '', eventId: '', dataCardIdForTag: '' },
        },
      };
      for (let offset = 0; offset < bytes.length; offset += 256 * 1024)
        yield { part: { case: 'chunk' as const, value: bytes.subarray(offset, offset + 256 * 1024) } };
    }
    const { document } = await harness.mediaAs!('editor').uploadDocument(parts());
    return document!.id;
  };

  harness.venueFolders = async (venueId) => {
    const own = (await harness.standIn!.files()).filter(
      (file) => file.mimeType === 'application/vnd.google-apps.folder' && !file.trashed && file.appProperties?.venuebookVenueId === venueId,
    );
    const venue = own.find((folder) => folder.appProperties?.venuebookKind === 'venue-folder');
    if (!venue) throw new Error(`venue ${venueId} has no folder in Drive yet`);
    const categories = new Map(
      own.filter((folder) => folder.appProperties?.venuebookKind === 'category-folder').map((folder) => [folder.appProperties!.venuebookCategory!, folder.id]),
    );
    return { venue: venue.id, categories };
  };
  harness.dropFile = async (parentId, name, bytes, mimeType = 'application/octet-stream', owner = DROPPED_BY) => {
    const file = await harness.driveApi!.upload({
      name,
      mimeType,
      size: bytes.length,
      parentId,
      appProperties: {},
      source: async () => Readable.from([Buffer.from(bytes)]),
      signal: AbortSignal.timeout(60_000),
    });
    // Put there by a person, not by the service account.
    await harness.standIn!.setPeople(file.id, { owner });
    return { ...file, ownerEmail: owner, lastModifiedByEmail: owner };
  };

  afterAll(async () => {
    for (const client of clients) client.close();
    await harness.nc?.close();
    await harness.drive?.stop();
    await harness.driveProcess?.stop();
    await harness.mediaService?.stop();
    await harness.venuesService?.stop();
    await harness.db?.dropDatabase().catch(() => undefined);
    await harness.db?.close();
  });

  return harness as DriveHarness;
}
