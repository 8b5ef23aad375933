// An upload whose client stops sending (keeps the call open, sends nothing): after UPLOAD_IDLE_TIMEOUT_MS without a
// message the upload fails and frees what it held (its buffers, the unfinished PUT to the store, which stores nothing),
// instead of holding them for the whole stream deadline (30 min). A slow upload that keeps sending is unaffected.
import { describe, expect, it } from 'vitest';
import { GrpcStatus } from '@venuebook/grpc';
import type { UploadPart } from './testing/media-harness.ts';
import { rejection } from '@venuebook/service-kit/testing';
import { venuePrefix } from './adapters/object-store.ts';
import { mediaUnderTest } from './testing/media-harness.ts';

const harness = mediaUnderTest('upload-idle', { replica: false, env: { UPLOAD_IDLE_TIMEOUT_MS: '1000' } });
const editor = harness.clientOf('primary', 'editor');
const MiB = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `total` bytes of text in 256 KiB chunks, pausing `pauseMs` before chunk number `pauseAt` (and `everyMs` between all). */
async function* textUpload(venueId: string, total: number, options: { pauseAt?: number; pauseMs?: number; everyMs?: number }): AsyncGenerator<UploadPart> {
  yield { part: { case: 'header', value: { venueId, fileName: 'slow.txt', fileSize: total } } };
  const chunk = Buffer.alloc(256 * 1024, 'a');
  for (let index = 0, sent = 0; sent < total; index++) {
    if (index === options.pauseAt) await sleep(options.pauseMs ?? 0);
    if (options.everyMs) await sleep(options.everyMs);
    const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
    sent += piece.length;
    yield { part: { case: 'chunk', value: piece } };
  }
}

describe('stalled uploads', () => {
  it('fails an upload that sends nothing for longer than the idle timeout and leaves nothing in the store', { timeout: 60_000 }, async () => {
    const venueId = await harness.createVenue();
    // 6 MiB sent (the PUT to the store is under way), then 2.5 s of silence, then the rest.
    const error = await rejection(editor.uploadDocument(textUpload(venueId, 8 * MiB, { pauseAt: 24, pauseMs: 2500 })));
    expect(error).toMatchObject({ code: GrpcStatus.DEADLINE_EXCEEDED, message: 'The upload stalled: nothing received for 1 s' });
    expect(await harness.store.keysUnder(venuePrefix(venueId))).toEqual([]);
    expect((await editor.listDocuments({ venueId })).documents).toEqual([]);
  });

  it('accepts a slow upload that keeps sending', { timeout: 60_000 }, async () => {
    const venueId = await harness.createVenue();
    const { document } = await editor.uploadDocument(textUpload(venueId, 2 * MiB, { everyMs: 400 }));
    expect(document?.fileSize).toBe(2 * MiB);
  });
});
