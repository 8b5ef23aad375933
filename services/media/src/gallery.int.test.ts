// The public gallery and a venue's purge, on real servers and two media replicas: settings created once with one
// key, turned off, expired and rotated (the old link dead at once on both replicas), the public gallery answering
// the venue's name, city and photos only, public photo reads only with an open gallery; a purged venue's documents,
// objects and gallery settings gone from the database, the bucket and both replicas' memory.
import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { ContentVariant } from '@venuebook/contracts/media/v1';
import { eventsSince, eventually, rejection } from '@venuebook/service-kit/testing';
import { venuePrefix } from './adapters/object-store.ts';
import { jpeg, pdf } from './testing/fixtures.ts';
import { mediaUnderTest, uploadParts } from './testing/media-harness.ts';

const harness = mediaUnderTest('gallery');
const editor = harness.clientOf('primary', 'editor');
const admin = harness.clientOf('primary', 'admin');
const owner = harness.clientOf('replica', 'owner');
const viewer = harness.clientOf('replica', 'viewer');
const anonymous = { userId: '', email: '', role: '', requestId: 'public' };
const publicPrimary = harness.clientOf('primary', anonymous);
const publicReplica = harness.clientOf('replica', anonymous);
const galleryNotFound = { code: GrpcStatus.NOT_FOUND, message: 'Gallery not found' };

async function upload(venueId: string, fileName: string, bytes: Uint8Array) {
  const { document } = await editor.uploadDocument(uploadParts({ venueId, fileName, fileSize: bytes.length }, bytes));
  return document!;
}

async function readPublic(client: typeof publicPrimary, id: string, galleryKey: string, variant = ContentVariant.THUMB): Promise<number> {
  let bytes = 0;
  for await (const answer of client.readContent({ id, galleryKey, variant })) if (answer.part.case === 'chunk') bytes += answer.part.value.byteLength;
  return bytes;
}

describe('public gallery', () => {
  it('creates the settings once (same key on both replicas) and shows the venue name, city and photos only', async () => {
    const venueId = await harness.createVenue('Grand Hall', { address: '1 Main St\nDallas, TX 75201' });
    const photo = await upload(venueId, 'a.jpg', await jpeg(400, 300));
    const file = await upload(venueId, 'b.pdf', pdf());
    const [first, second] = await Promise.all([viewer.getGallerySettings({ venueId }), editor.getGallerySettings({ venueId })]);
    expect(first.settings).toMatchObject({ venueId, enabled: true, expiresAt: '' });
    expect(first.settings!.key).toMatch(/^[\w-]{43}$/);
    expect(second.settings!.key).toBe(first.settings!.key);
    const key = first.settings!.key;
    await eventually(async () => expect((await publicReplica.getPublicGallery({ venueId, key })).photos).toHaveLength(1));
    const gallery = await publicPrimary.getPublicGallery({ venueId, key });
    expect(gallery).toMatchObject({ venueName: 'Grand Hall', city: 'Dallas, TX' });
    expect(gallery.photos.map((p) => ({ id: p.id, width: p.width, height: p.height, hasPreviews: p.hasPreviews }))).toEqual([
      { id: photo.id, width: 400, height: 300, hasPreviews: true },
    ]);
    expect(await readPublic(publicPrimary, photo.id, key)).toBeGreaterThan(0);
    expect(await readPublic(publicReplica, photo.id, key, ContentVariant.ORIGINAL)).toBe(photo.fileSize);
    expect(await rejection(readPublic(publicPrimary, file.id, key, ContentVariant.ORIGINAL))).toMatchObject(galleryNotFound);
    expect(await rejection(readPublic(publicPrimary, photo.id, 'wrong'))).toMatchObject(galleryNotFound);
    expect(await rejection(readPublic(publicPrimary, 'missing', key))).toMatchObject(galleryNotFound);
    expect(await rejection(publicPrimary.getPublicGallery({ venueId, key: `${key.slice(0, -2)}xx` }))).toMatchObject(galleryNotFound);
    expect(await rejection(publicPrimary.getPublicGallery({ venueId, key: '' }))).toMatchObject(galleryNotFound);
    // A gallery nobody has looked at has no key yet: nothing opens it.
    expect(await rejection(publicPrimary.getPublicGallery({ venueId: await harness.createVenue(), key }))).toMatchObject(galleryNotFound);
  });

  it('answers NOT_FOUND when off, expired or rotated (old link dead at once on both replicas), or the venue is deleted', async () => {
    const since = new Date();
    const venueId = await harness.createVenue();
    const photo = await upload(venueId, 'a.jpg', await jpeg(100, 100));
    const { key } = (await viewer.getGallerySettings({ venueId })).settings!;
    expect((await publicReplica.getPublicGallery({ venueId, key })).photos).toHaveLength(1);

    expect((await admin.updateGallerySettings({ venueId, enabled: false })).settings).toMatchObject({ enabled: false, key });
    for (const client of [publicPrimary, publicReplica]) {
      expect(await rejection(client.getPublicGallery({ venueId, key }))).toMatchObject(galleryNotFound);
      expect(await rejection(readPublic(client, photo.id, key))).toMatchObject(galleryNotFound);
    }
    const past = new Date(Date.now() - 1000).toISOString();
    expect((await owner.updateGallerySettings({ venueId, enabled: true, expiresAt: past })).settings).toMatchObject({ enabled: true, expiresAt: past });
    expect(await rejection(publicPrimary.getPublicGallery({ venueId, key }))).toMatchObject(galleryNotFound);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await admin.updateGallerySettings({ venueId, enabled: true, expiresAt: future });
    expect((await publicReplica.getPublicGallery({ venueId, key })).photos).toHaveLength(1);
    expect(await rejection(admin.updateGallerySettings({ venueId, enabled: true, expiresAt: 'tomorrow' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Invalid expiry',
    });

    const rotated = (await owner.updateGallerySettings({ venueId, rotateKey: true })).settings!;
    expect(rotated).toMatchObject({ enabled: true, expiresAt: future });
    expect(rotated.key).not.toBe(key);
    for (const client of [publicPrimary, publicReplica]) {
      expect(await rejection(client.getPublicGallery({ venueId, key }))).toMatchObject(galleryNotFound);
      expect(await rejection(readPublic(client, photo.id, key))).toMatchObject(galleryNotFound);
      expect((await client.getPublicGallery({ venueId, key: rotated.key })).photos).toHaveLength(1);
    }
    expect((await eventsSince(harness.nc, SUBJECTS.galleryChanged, since)).map(({ envelope }) => envelope.data.venueId)).toEqual([
      venueId,
      venueId,
      venueId,
      venueId,
    ]);
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since))
      .map(({ envelope }) => envelope.data)
      .filter((entry) => entry.table === 'gallery_settings');
    expect(audit.map((entry) => entry.action)).toEqual(['update', 'update', 'update', 'rotate_key']);
    expect(JSON.stringify(audit)).not.toContain(rotated.key);

    await harness.deleteVenue(venueId);
    expect(await rejection(publicPrimary.getPublicGallery({ venueId, key: rotated.key }))).toMatchObject(galleryNotFound);
    expect(await rejection(readPublic(publicReplica, photo.id, rotated.key))).toMatchObject(galleryNotFound);
  });
});

describe('venue purge', () => {
  it("removes a purged venue's documents, objects and gallery settings everywhere; other venues keep theirs", async () => {
    const gone = await harness.createVenue();
    const kept = await harness.createVenue();
    for (const venueId of [gone, kept]) {
      await upload(venueId, 'a.jpg', await jpeg(200, 100));
      await upload(venueId, 'b.pdf', pdf());
      await viewer.getGallerySettings({ venueId });
    }
    await eventually(() => expect(harness.replica.readModel.groupSize(gone)).toBe(2));
    const count = async (venueId: string) => ({
      documents: (await harness.connection.collection('venue_documents').find({ venueId }).toArray()).length,
      galleries: (
        await harness.connection
          .collection('gallery_settings')
          .find({ _id: venueId as never })
          .toArray()
      ).length,
      objects: (await harness.store.keysUnder(venuePrefix(venueId))).length,
    });
    expect(await count(gone)).toEqual({ documents: 2, galleries: 1, objects: 4 });

    await harness.deleteVenue(gone);
    await harness.purgeVenue(gone);

    await eventually(async () => expect(await count(gone)).toEqual({ documents: 0, galleries: 0, objects: 0 }), 30_000);
    for (const instance of [harness.primary, harness.replica]) {
      await eventually(() => expect(instance.readModel.groupSize(gone)).toBe(0));
      expect(instance.readModel.groupSize(kept)).toBe(2);
    }
    expect(await count(kept)).toEqual({ documents: 2, galleries: 1, objects: 4 });
  });
});
