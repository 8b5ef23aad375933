import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SERVICES } from '@venuebook/contracts/services';
import { companyDomainSchema, grpcAddressListSchema, serviceConfigSchema, STALE_LOCK_MS, venueDirectoryConfigSchema } from '@venuebook/service-kit';

/** An API root the worker may send its token to: https, or http on this machine (the local Google Drive). */
function isTrustedApiRoot(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}

const ms = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const consumerName = (fallback: string, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
    .default(fallback)
    .describe(what);

/** A service account key: the JSON itself, or the path of its file. */
const credentialsSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    const text = value?.trim();
    if (!text) return undefined;
    let json: string;
    try {
      json = text.startsWith('{') ? text : readFileSync(text, 'utf8');
    } catch (error) {
      // Never the value itself: a mistyped variable may hold the key (quoted JSON, base64).
      const looksLikeKey = text.length > 200 || /PRIVATE KEY|client_email/.test(text);
      context.addIssue({
        code: 'custom',
        message: looksLikeKey
          ? 'neither a JSON key (it must start with {) nor the path of a key file'
          : `cannot read the key file (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      });
      return z.NEVER;
    }
    const parsed = z
      .object({ client_email: z.string().min(1), private_key: z.string().min(1), private_key_id: z.string().optional(), token_uri: z.url().optional() })
      .safeParse(
        (() => {
          try {
            return JSON.parse(json) as unknown;
          } catch {
            return undefined;
          }
        })(),
      );
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: 'not a service account key (JSON with client_email and private_key)' });
      return z.NEVER;
    }
    return parsed.data;
  });

/** The Drive sync service's environment: what every service reads, Google Drive, the services it reads from and its worker. */
export const configSchema = serviceConfigSchema('venuebook_drive')
  .extend(venueDirectoryConfigSchema.shape)
  .extend({
    GOOGLE_DRIVE_CREDENTIALS: credentialsSchema.describe(
      "the Google service account's key: its JSON, or the path of its file (unset: Drive sync is not configured; documents are queued and wait)",
    ),
    COMPANY_DOMAIN: companyDomainSchema.describe(
      "the company e-mail domain: the changes feed imports a file on its own only when a company address put it there (its last modifier, else its owner); the others wait for 'Sync from Drive'",
    ),
    GOOGLE_DRIVE_ROOT_FOLDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'a Drive folder id')
      .optional()
      .describe('the Drive folder (shared with the service account, or in a shared drive) the venue folders are made in'),
    GOOGLE_DRIVE_API_URL: z
      .url()
      .default('https://www.googleapis.com/')
      .refine(isTrustedApiRoot, 'https, or http on this machine (the local Google Drive)')
      .transform((value) => (value.endsWith('/') ? value : `${value}/`))
      .describe("Drive API's root URL (the local stand-in's in `npm start` and tests)"),
    GOOGLE_DRIVE_TIMEOUT_MS: ms(1000, 3_600_000).default(300_000).describe('how long one request to Drive may take (an upload: one attempt)'),
    GOOGLE_DRIVE_CHANGES_INTERVAL_MS: ms(1000, 86_400_000)
      .default(60_000)
      .describe("between two reads of Drive's changes feed: files put in a venue's Drive folders are imported without 'Sync from Drive'"),
    MEDIA_GRPC_URL: grpcAddressListSchema
      .default(SERVICES.media.defaultAddress)
      .describe('where the media service answers (documents and their bytes): `host:port`, or its replicas separated by commas'),
    MEDIA_DEADLINE_MS: ms(100, 3_600_000).default(10_000).describe('the deadline of a call to the media service (a read of bytes: of each call)'),
    DRIVE_MAX_ATTEMPTS: ms(1, 50).default(8).describe("attempts of one document's sync before it is failed (spec: 'Retries: n/max')"),
    DRIVE_RETRY_BASE_MS: ms(10, 3_600_000).default(30_000).describe('the wait after the first failed attempt; it doubles each time (with jitter)'),
    DRIVE_RETRY_MAX_MS: ms(10, 86_400_000)
      .default(30 * 60_000)
      .describe('the longest wait between two attempts'),
    DRIVE_CONCURRENCY: ms(1, 64).default(4).describe('documents synced at once in one process'),
    DRIVE_LEASE_MS: ms(500, 600_000).default(60_000).describe('how long a sync is held without a heartbeat (then another process may take it)'),
    DRIVE_SWEEP_INTERVAL_MS: ms(100, 3_600_000)
      .default(300_000)
      .describe('between two sweeps: documents without a Drive copy and nobody at work on them are woken'),
    DRIVE_LOCK_STALE_MS: ms(1000, 600_000)
      .default(STALE_LOCK_MS)
      .describe(
        "how long a lock no longer renewed (its process died) keeps the other processes waiting: a venue's folders being made, a file being imported, the changes feed being read",
      ),
    DRIVE_GRACE_MS: ms(0, 300_000).default(30_000).describe('on SIGTERM, how long syncs in progress may finish before they are handed back'),
    DRIVE_JOBS_CONSUMER_NAME: consumerName('drive-jobs', "the JetStream durable consumer of the worker's wake-ups, shared by the replicas"),
    DRIVE_DOCUMENTS_CONSUMER_NAME: consumerName('drive-documents', "the JetStream durable consumer of media's document events, shared by the replicas"),
    DRIVE_VENUES_CONSUMER_NAME: consumerName('drive-venues', "the JetStream durable consumer of the venues' renames and purges, shared by the replicas"),
  });

export type DriveConfig = z.output<typeof configSchema>;
