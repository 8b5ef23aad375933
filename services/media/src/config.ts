import { z } from 'zod';
import { MEDIA } from '@venuebook/domain';
import { cardsClientConfigSchema, s3ConfigSchema, serviceConfigSchema, venueDirectoryConfigSchema } from '@venuebook/service-kit';

/**
 * The media service's environment: what every service reads, the S3 store (MinIO) of the files, and where the
 * venues service (venue checks with the kit's venue directory, the public gallery's venue name) and the cards
 * service (photo tags) answer.
 */
export const configSchema = serviceConfigSchema('venuebook_media')
  .extend(s3ConfigSchema.shape)
  .extend(venueDirectoryConfigSchema.shape)
  .extend(cardsClientConfigSchema.shape)
  .extend({
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
      .default('venuebook-media')
      .describe('the bucket of every original, thumbnail and preview (created at start when missing)'),
    S3_REGION: z.string().default('us-east-1').describe('the S3 region'),
    MEDIA_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(5 * 1024 ** 3)
      .default(MEDIA.maxUploadBytes)
      .describe("the largest upload: 'File too large' (the gateway answers 413 first)"),
    IMAGE_MAX_PIXELS: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000_000)
      .default(100_000_000)
      .describe("a photo with more pixels is refused, 'The image is too large to process' (a decompression bomb)"),
    IMAGE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 * 1024 ** 3)
      .default(100 * 1024 * 1024)
      .describe("a photo of more bytes is refused, 'The image is too large to process' (the image is read whole)"),
    UPLOAD_IDLE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(3_600_000)
      .default(120_000)
      .describe(
        "an upload that sends nothing for this long fails ('The upload stalled: nothing received for N s') and stores nothing; a slow upload that keeps sending is not cut",
      ),
    SYNC_MAX_RETRIES: z.coerce.number().int().min(0).max(100).default(3).describe('Drive-sync attempts recorded on each new document (spec §3 `max_retries`)'),
    VENUE_PURGE_CONSUMER_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
      .default('media-venue-purge')
      .describe("the JetStream durable consumer, shared by the replicas, that removes a purged venue's documents, files and gallery settings"),
  });

export type MediaConfig = z.output<typeof configSchema>;
