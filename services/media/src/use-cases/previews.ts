// The WebP previews of an image: read back from the object store into sharp (never whole in this process beyond
// what sharp itself holds: the image is at most IMAGE_MAX_BYTES), turned upright (EXIF orientation), scaled inside
// 250 px (thumb.webp) and 1440 px (preview.webp) without enlarging. An image with more pixels than IMAGE_MAX_PIXELS
// is refused from its header before any decoding (a decompression bomb costs nothing); one that cannot be decoded
// fails too; either way only that upload fails.
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { MEDIA } from '@venuebook/domain';
import { GrpcError } from '@venuebook/grpc';
import { MESSAGES } from '../domain/documents.ts';
import type { ObjectStore } from '../adapters/object-store.ts';

// No operation cache (a service processes each image once) and one libvips thread per core at most.
sharp.cache(false);

export interface Previews {
  width: number;
  height: number;
}

const WEBP = 'image/webp';

/**
 * At most this many images are decoded at once (a 100-megapixel image holds ~100 MB in libvips, so concurrent
 * decodes would add up to the service's memory): the others wait their turn, their uploads already stored.
 */
export const PREVIEWS_AT_ONCE = 2;

/** Runs at most `limit` jobs at once; the others wait in order. A finished job hands its place straight to the next. */
export function concurrencyLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const inTurn = concurrencyLimit(PREVIEWS_AT_ONCE);

export function makePreviews(store: ObjectStore, keys: { original: string; thumb: string; preview: string }, maxPixels: number): Promise<Previews> {
  return inTurn(() => makePreviewsNow(store, keys, maxPixels));
}

async function makePreviewsNow(store: ObjectStore, keys: { original: string; thumb: string; preview: string }, maxPixels: number): Promise<Previews> {
  const image = sharp({ limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });
  const source = await store.get(keys.original);
  const feeding = pipeline(source, image).catch(() => undefined);
  let made: [Metadata, Buffer, Buffer];
  try {
    const resized = (px: number) => image.clone().rotate().resize(px, px, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    made = await Promise.all([image.clone().metadata(), resized(MEDIA.thumbPx), resized(MEDIA.previewPx)]);
  } catch (error) {
    source.destroy();
    const message = (error as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw GrpcError.invalidArgument(MESSAGES.imageTooLarge, [{ field: 'file', message: MESSAGES.imageTooLarge }]);
    throw GrpcError.invalidArgument(MESSAGES.imageUnreadable, [{ field: 'file', message: MESSAGES.imageUnreadable }]);
  } finally {
    await feeding;
  }
  const [metadata, thumb, preview] = made;
  const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  await store.put(keys.thumb, thumb, thumb.length, WEBP);
  await store.put(keys.preview, preview, preview.length, WEBP);
  return { width: upright.width ?? 0, height: upright.height ?? 0 };
}
