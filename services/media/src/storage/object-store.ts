// The media service's object store: MinIO (S3) through the `minio` client. Keys are made by the service only
// (`venues/{venueId}/{documentId}/original`, `thumb.webp`, `preview.webp`: documentKeys), never from a file name.
//
// Puts always know the size. A file up to one part (5 MiB) is one PUT of a buffer; a larger one is a multipart
// upload driven here, one 5 MiB part buffer reused for every part, so a put holds at most 5 MiB whatever the file's
// size. (minio's own putObject with a stream buffers a whole part too, but with an unknown size it picks parts for
// a 5 TiB object, and when its source stream fails it neither rejects nor aborts the upload: it hangs, and the
// error is uncaught.) A failed or short source aborts the multipart upload: no object is left.
import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { MediaConfig } from '../config.ts';

export const PART_SIZE = 5 * 1024 * 1024;

export type ObjectVariant = 'original' | 'thumb' | 'preview';

/** The object keys of a document: its original and, for images, its two WebP previews. */
export function documentKeys(venueId: string, documentId: string): Record<ObjectVariant, string> {
  const base = `${venuePrefix(venueId)}${documentId}/`;
  return { original: `${base}original`, thumb: `${base}thumb.webp`, preview: `${base}preview.webp` };
}

/** The prefix under which every object of a venue lives. */
export function venuePrefix(venueId: string): string {
  if (!/^[\w-]{1,100}$/.test(venueId)) throw new Error(`not a venue id usable in a key: ${JSON.stringify(venueId)}`);
  return `venues/${venueId}/`;
}

export interface StoredObject {
  size: number;
  etag: string;
}

export interface ObjectStore {
  readonly bucket: string;
  /** Creates the bucket when it is missing (at start; replicas may race: an existing bucket is fine). */
  ensureBucket(): Promise<void>;
  /** Stores `size` bytes read from `body`; rejects (and stores nothing) when it fails or delivers another count. */
  put(key: string, body: AsyncIterable<Uint8Array> | Buffer, size: number, contentType: string): Promise<void>;
  /** The object's size and etag, or null when it does not exist. */
  stat(key: string): Promise<StoredObject | null>;
  /** The whole object, or bytes [start, end] inclusive. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The keys under `prefix`. */
  keysUnder(prefix: string): Promise<string[]>;
  /** Removes the objects (missing ones are fine). */
  remove(keys: readonly string[]): Promise<void>;
  /** Removes every object under `prefix` (and unfinished multipart uploads there); how many objects went. */
  removePrefix(prefix: string): Promise<number>;
}

type StoreConfig = Pick<MediaConfig, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION'>;

const isNotFound = (error: unknown): boolean => {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchObject';
};

export function createObjectStore(config: StoreConfig): ObjectStore {
  const endpoint = new URL(config.S3_ENDPOINT);
  const useSSL = endpoint.protocol === 'https:';
  const client = new Client({
    endPoint: endpoint.hostname.replace(/^\[|\]$/g, ''),
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    partSize: PART_SIZE,
    pathStyle: true,
  });
  const bucket = config.S3_BUCKET;

  async function removeIncomplete(key: string): Promise<void> {
    await client.removeIncompleteUpload(bucket, key).catch(() => undefined);
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of client.listObjectsV2(bucket, prefix, true) as AsyncIterable<{ name?: string }>) if (item.name) keys.push(item.name);
    return keys;
  }

  return {
    bucket,
    async ensureBucket() {
      if (await client.bucketExists(bucket)) return;
      try {
        await client.makeBucket(bucket, config.S3_REGION);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
      }
    },
    async put(key, body, size, contentType) {
      const headers = { 'Content-Type': contentType };
      if (Buffer.isBuffer(body)) {
        if (body.length !== size) throw new Error(`put: ${body.length} bytes, ${size} announced`);
        await client.putObject(bucket, key, body, size, headers);
        return;
      }
      const part = Buffer.allocUnsafe(Math.min(PART_SIZE, Math.max(size, 1)));
      let filled = 0;
      let total = 0;
      let uploadId: string | undefined;
      const etags: { part: number; etag: string }[] = [];
      const flush = async (): Promise<void> => {
        uploadId ??= await client.initiateNewMultipartUpload(bucket, key, headers);
        const done = await client.uploadPart({ bucketName: bucket, objectName: key, uploadID: uploadId, partNumber: etags.length + 1, headers: {} }, part.subarray(0, filled));
        etags.push({ part: done.part, etag: done.etag });
        filled = 0;
      };
      try {
        for await (const chunk of body) {
          total += chunk.byteLength;
          if (total > size) throw new Error(`put: more than the ${size} bytes announced`);
          let offset = 0;
          while (offset < chunk.byteLength) {
            const taken = Math.min(part.length - filled, chunk.byteLength - offset);
            part.set(chunk.subarray(offset, offset + taken), filled);
            filled += taken;
            offset += taken;
            // The last part is sent after the loop (a multipart upload's last part may be short; the others may not).
            if (filled === part.length && total < size) await flush();
          }
        }
        if (total !== size) throw new Error(`put: ${total} bytes, ${size} announced`);
        if (uploadId === undefined) {
          await client.putObject(bucket, key, part.subarray(0, filled), filled, headers);
          return;
        }
        if (filled > 0) await flush();
        await client.completeMultipartUpload(bucket, key, uploadId, etags);
      } catch (error) {
        if (uploadId !== undefined) await client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
        throw error;
      }
    },
    async stat(key) {
      try {
        const stat = await client.statObject(bucket, key);
        return { size: stat.size, etag: stat.etag };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async get(key, range) {
      if (!range) return client.getObject(bucket, key);
      return client.getPartialObject(bucket, key, range.start, range.end - range.start + 1);
    },
    keysUnder,
    async remove(keys) {
      if (keys.length === 0) return;
      await client.removeObjects(bucket, [...keys]);
      await Promise.all(keys.map(removeIncomplete));
    },
    async removePrefix(prefix) {
      if (!prefix.startsWith('venues/') || prefix.length < 'venues/x/'.length) throw new Error(`refusing to remove objects under ${JSON.stringify(prefix)}`);
      const keys = await keysUnder(prefix);
      for (let start = 0; start < keys.length; start += 1000) await client.removeObjects(bucket, keys.slice(start, start + 1000));
      const incomplete: string[] = [];
      for await (const item of client.listIncompleteUploads(bucket, prefix, true) as AsyncIterable<{ key?: string }>) if (item.key) incomplete.push(item.key);
      await Promise.all(incomplete.map(removeIncomplete));
      return keys.length;
    },
  };
}
