// ReadContent as the gateway calls it for a member's signed URL: the caller is the user the URL was made for, with
// no role (the role is not known when an <img src> is fetched). The venue check must not depend on that role, nor on
// this replica having checked the venue a moment ago (the venue directory's cache).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GrpcStatus } from '@venuebook/grpc';
import { ContentVariant } from '@venuebook/contracts/media/v1';
import { rejection } from '@venuebook/service-kit/testing';
import { png } from './testing/fixtures.ts';
import { mediaUnderTest, uploadParts } from './testing/media-harness.ts';

const harness = mediaUnderTest('content-reader');
const editor = harness.clientOf('primary', 'editor');

async function bytesOf(client: typeof editor, id: string, variant = ContentVariant.ORIGINAL): Promise<number> {
  let bytes = 0;
  for await (const answer of client.readContent({ id, variant })) if (answer.part.case === 'chunk') bytes += answer.part.value.byteLength;
  return bytes;
}

describe('content read through a member URL (a caller without a role)', () => {
  it('reads on a replica that has never checked the venue, and still refuses a deleted venue', async () => {
    const venueId = await harness.createVenue();
    const image = await png(40, 30);
    const { document } = await editor.uploadDocument(uploadParts({ venueId, fileName: 'stage.png', fileSize: image.length }, image));
    // The replica's venue directory has not seen this venue: its check goes to the venues service.
    const member = harness.clientOf('replica', { userId: randomUUID(), email: '', role: '', requestId: 'member-url' });
    expect(await bytesOf(member, document!.id)).toBe(image.length);
    expect(await bytesOf(member, document!.id, ContentVariant.THUMB)).toBeGreaterThan(0);

    const other = await harness.createVenue();
    const { document: gone } = await editor.uploadDocument(uploadParts({ venueId: other, fileName: 'gone.png', fileSize: image.length }, image));
    await harness.deleteVenue(other);
    const fresh = harness.clientOf('replica', { userId: randomUUID(), email: '', role: '', requestId: 'member-url-2' });
    expect(await rejection(bytesOf(fresh, gone!.id))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });
});
