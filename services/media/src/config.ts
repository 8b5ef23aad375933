import { z } from 'zod';
import { MEDIA } from '@venuebook/proto/domain';
import { SERVICES } from '@venuebook/proto/services';
import { grpcAddressListSchema, s3ConfigSchema, serviceConfigSchema, venueDirectoryConfigSchema } from '@venuebook/service-kit';

/**
 * The media service's environment: what every service reads, the S3 store (MinIO) of the files, and where the
 * venues service (venue checks with the kit's venue directory, the public gallery's venue name) and the cards
 * service (photo tags) answer.
 */
export const configSchema = serviceConfigSchema('venuebook_media')
  .extend(s3ConfigSchema.shape)
  .extend(venueDirectoryConfigSchema.shape)
  .extend({
    /** The bucket of every original, thumbnail and preview (created at start when missing). */
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name').default('venuebook-media'),
    S3_REGION: z.string().default('us-east-1'),
    CARDS_GRPC_URL: grpcAddressListSchema.default(SERVICES.cards.defaultAddress),
    /** The largest file accepted (413 beyond it at the gateway, refused here too). */
    MEDIA_MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).max(5 * 1024 ** 3).default(MEDIA.maxUploadBytes),
    /** Images with more pixels than this get no thumbnail: the upload is refused (a decompression bomb). */
    IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).max(1_000_000_000).default(100_000_000),
    /** Images larger than this many bytes are refused as photos (sharp reads the whole image). */
    IMAGE_MAX_BYTES: z.coerce.number().int().min(1).max(2 * 1024 ** 3).default(100 * 1024 * 1024),
    /**
     * An upload that receives nothing for this long fails (DEADLINE_EXCEEDED): a client that stops sending but keeps
     * the call open would otherwise hold its part buffer (5 MiB) and an unfinished multipart upload until the stream
     * deadline (30 min). Any bytes at all within the time keep a slow upload going.
     */
    UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
    /** Drive-sync attempts per document before it stays failed (spec §3 gdrive_sync_queue.max_retries). */
    SYNC_MAX_RETRIES: z.coerce.number().int().min(0).max(100).default(3),
    /** The JetStream durable consumer (shared by the replicas) that removes a purged venue's files. */
    VENUE_PURGE_CONSUMER_NAME: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _').default('media-venue-purge'),
  });

export type MediaConfig = z.output<typeof configSchema>;
