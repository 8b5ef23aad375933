// The media service's object store: MinIO (S3) through the `minio` client. Keys are made by the service only
// (`venues/{venueId}/{documentId}/original`, `thumb.webp`, `preview.webp`: documentKeys), never from a file name.
//
// Puts always know the size. A buffer (a preview) is one PUT with its MD5 or SHA-256. A stream (an upload) is one
// PUT streamed as it arrives, with its Content-Length and an unsigned payload (the headers are signed; the body is
// not hashed first, which would need it whole): nothing is buffered beyond the socket's backpressure, and MinIO
// writes while the client still sends, so an upload costs its transfer, not a transfer then a put. One PUT takes up
// to 5 GiB, the upload limit's ceiling (MEDIA_MAX_UPLOAD_BYTES). A source that fails, stalls out or delivers another
// count than announced destroys the request before its last byte: S3 stores nothing of a PUT cut short. (minio's own
// putObject with a stream buffers whole parts, and when its source fails it neither rejects nor aborts: it hangs.)
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Client } from 'minio';
import type { MediaConfig } from '../config.ts';

/** S3's smallest multipart part; the tests' sizes are made of it. */
export const PART_SIZE = 5 * 1024 * 1024;
/** The bytes of an upload read ahead of the socket into MinIO (the stream's buffer; the socket has its own). */
const STREAM_BUFFER_BYTES = 256 * 1024;

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
  const options = {
    endPoint: endpoint.hostname.replace(/^\[|\]$/g, ''),
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    partSize: PART_SIZE,
    pathStyle: true,
  };
  const client = new Client(options);
  // Streamed puts: UNSIGNED-PAYLOAD (what minio does over https anyway; over http it would hash the whole body before
  // the first byte), and no retry (a stream cannot be sent twice).
  const streaming = new Client({ ...options, retryOptions: { disableRetry: true } });
  streaming.enableSHA256 = false;
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
      let failure: unknown;
      async function* counted(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
        let total = 0;
        try {
          for await (const chunk of source) {
            total += chunk.byteLength;
            // Never more than the Content-Length: the request would end as a complete, wrong object.
            if (total > size) throw new Error(`put: more than the ${size} bytes announced`);
            yield chunk;
          }
          if (total !== size) throw new Error(`put: ${total} bytes, ${size} announced`);
        } catch (error) {
          failure = error;
          throw error;
        }
      }
      const source = Readable.from(counted(body), { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES });
      try {
        // A failing source destroys the request (minio pipes it with pipeline()): the PUT ends short and stores nothing.
        const response = await streaming.makeRequestStreamAsync(
          { method: 'PUT', bucketName: bucket, objectName: key, headers: { ...headers, 'Content-Length': size } },
          source,
          '',
          [200],
          config.S3_REGION ?? '',
        );
        response.resume();
        await finished(response);
        // The answer can come before the source's end is read (never with a correct Content-Length, but cheap to check).
        if (failure !== undefined) throw failure;
      } catch (error) {
        source.destroy();
        throw failure ?? error;
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
