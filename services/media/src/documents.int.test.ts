// A venue's documents after upload, on real servers and two media replicas: lists by kind and event (newest
// first, the replica following), reads with ranges, category and event changes with their events, deletion with
// its objects, the batch delete of photos, photo tags, and the role matrix.
import { MEDIA } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { ContentVariant, DocumentKind } from '@venuebook/contracts/media/v1';
import { eventsSince, eventually, rejection } from '@venuebook/service-kit/testing';
import { documentKeys, venuePrefix } from './adapters/object-store.ts';
import { jpeg, pdf, png } from './testing/fixtures.ts';
import { mediaUnderTest, uploadParts } from './testing/media-harness.ts';

const harness = mediaUnderTest('documents');
const editor = harness.clientOf('primary', 'editor');
const viewer = harness.clientOf('primary', 'viewer');
const replicaViewer = harness.clientOf('replica', 'viewer');
const replicaEditor = harness.clientOf('replica', 'editor');

async function upload(venueId: string, fileName: string, bytes: Uint8Array, extra: Record<string, unknown> = {}) {
  const { document } = await editor.uploadDocument(uploadParts({ venueId, fileName, fileSize: bytes.length, ...extra }, bytes));
  return document!;
}

async function read(client: typeof viewer, request: Parameters<typeof viewer.readContent>[0]) {
  let info: Record<string, unknown> = {};
  const parts: Uint8Array[] = [];
  for await (const answer of client.readContent(request)) {
    if (answer.part.case === 'info') info = { ...answer.part.value };
    else if (answer.part.case === 'chunk') parts.push(answer.part.value);
  }
  return { info, bytes: Buffer.concat(parts), chunks: parts.map((part) => part.byteLength) };
}

const names = (documents: { fileName: string }[]) => documents.map((document) => document.fileName);

describe('documents', () => {
  it('lists all, photos or files newest first, by event; the replica follows; a deleted venue lists nothing', async () => {
    const venueId = await harness.createVenue();
    const eventId = await harness.createEvent(venueId);
    await upload(venueId, 'contract.pdf', pdf());
    await upload(venueId, 'stage.jpg', await jpeg(300, 200), { eventId });
    await upload(venueId, 'badge.png', await png(50, 50));
    await upload(venueId, 'notes.txt', Buffer.from('Dock 2'), { eventId });
    expect(names((await viewer.listDocuments({ venueId })).documents)).toEqual(['notes.txt', 'badge.png', 'stage.jpg', 'contract.pdf']);
    expect(names((await viewer.listDocuments({ venueId, kind: DocumentKind.PHOTOS })).documents)).toEqual(['badge.png', 'stage.jpg']);
    expect(names((await viewer.listDocuments({ venueId, kind: DocumentKind.FILES })).documents)).toEqual(['notes.txt', 'contract.pdf']);
    expect(names((await viewer.listDocuments({ venueId, eventId })).documents)).toEqual(['notes.txt', 'stage.jpg']);
    await eventually(async () =>
      expect(names((await replicaViewer.listDocuments({ venueId, kind: DocumentKind.PHOTOS })).documents)).toEqual(['badge.png', 'stage.jpg']),
    );
    const other = await harness.createVenue();
    expect((await viewer.listDocuments({ venueId: other })).documents).toEqual([]);
    await harness.deleteVenue(other);
    expect(await rejection(viewer.listDocuments({ venueId: other }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
  });

  it('reads content whole, by range, and in 1 MiB chunks; refuses bad ranges and previews of non-images', async () => {
    const venueId = await harness.createVenue();
    const text = Buffer.alloc(2560 * 1024, 'x');
    text.write('HEAD', 0);
    text.write('TAIL', text.length - 4);
    const document = await upload(venueId, 'long.txt', text);
    const whole = await read(viewer, { id: document.id });
    expect(whole.bytes.equals(text)).toBe(true);
    expect(whole.chunks).toEqual([1048576, 1048576, 524288]);
    const tail = await read(viewer, { id: document.id, hasRange: true, rangeStart: text.length - 4, rangeEnd: text.length + 100 });
    expect(tail.bytes.toString()).toBe('TAIL');
    expect(tail.info).toMatchObject({ totalSize: text.length, length: 4, rangeStart: text.length - 4, contentType: 'text/plain' });
    expect((await read(viewer, { id: document.id, hasRange: true, rangeStart: 0, rangeEnd: 3 })).bytes.toString()).toBe('HEAD');
    const outOfRange = await rejection(read(viewer, { id: document.id, hasRange: true, rangeStart: text.length, rangeEnd: text.length + 10 }));
    expect(outOfRange).toMatchObject({ code: GrpcStatus.OUT_OF_RANGE, message: 'Range not satisfiable' });
    expect(outOfRange.fieldErrors).toEqual([{ field: 'range', message: `bytes */${text.length}` }]);
    expect(await rejection(read(viewer, { id: document.id, variant: ContentVariant.THUMB }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Content not found',
    });
    expect(await rejection(read(viewer, { id: 'nope' }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Document not found' });
    const anonymous = harness.clientOf('primary', { userId: '', email: '', role: '', requestId: 'anon' });
    expect(await rejection(read(anonymous, { id: document.id }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
  });

  it('changes the category (document.category_changed with the previous one) and the event link; audit entries', async () => {
    const since = new Date();
    const venueId = await harness.createVenue();
    const eventId = await harness.createEvent(venueId);
    const otherEvent = await harness.createEvent(await harness.createVenue());
    const document = await upload(venueId, 'permit.pdf', pdf());
    const changed = (await editor.updateDocument({ id: document.id, category: 'permits', eventId })).document!;
    expect(changed).toMatchObject({ category: 'permits', eventId });
    expect((await viewer.getDocument({ id: document.id })).document).toMatchObject({ category: 'permits', eventId });
    expect((await editor.updateDocument({ id: document.id, clearEvent: true })).document).toMatchObject({ category: 'permits', eventId: '' });
    expect(await rejection(editor.updateDocument({ id: document.id, eventId: otherEvent }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Event not found',
    });
    expect(await rejection(editor.updateDocument({ id: document.id, category: 'nope' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Unknown category: nope',
    });
    expect(await rejection(editor.updateDocument({ id: document.id }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Name a category or an event',
    });
    expect(await rejection(editor.updateDocument({ id: 'missing', category: 'permits' }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Document not found',
    });
    const moved = (await eventsSince(harness.nc, SUBJECTS.documentCategoryChanged, since)).map(({ envelope }) => envelope.data);
    expect(moved).toEqual([{ documentId: document.id, venueId, fileName: 'permit.pdf', category: 'permits', previousCategory: 'general' }]);
    await eventually(async () => expect((await replicaViewer.getDocument({ id: document.id })).document).toMatchObject({ category: 'permits', eventId: '' }));
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since))
      .map(({ envelope }) => envelope.data)
      .filter((entry) => entry.recordId === document.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
  });

  it('deletes a document with its objects (on either replica); batch-deletes only the venue’s photos', async () => {
    const since = new Date();
    const venueId = await harness.createVenue();
    const photo = await upload(venueId, 'a.jpg', await jpeg(300, 300));
    expect(await harness.store.keysUnder(venuePrefix(venueId))).toHaveLength(3);
    await eventually(async () => expect((await replicaViewer.getDocument({ id: photo.id })).document?.id).toBe(photo.id));
    await replicaEditor.deleteDocument({ id: photo.id });
    expect(await harness.store.keysUnder(venuePrefix(venueId))).toEqual([]);
    expect(await rejection(viewer.getDocument({ id: photo.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(await rejection(editor.deleteDocument({ id: photo.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Document not found' });
    expect((await eventsSince(harness.nc, SUBJECTS.documentDeleted, since)).map(({ envelope }) => envelope.data.documentId)).toEqual([photo.id]);

    const photos = [await upload(venueId, 'b.jpg', await jpeg(200, 200)), await upload(venueId, 'c.png', await png(20, 20))];
    const file = await upload(venueId, 'd.pdf', pdf());
    const other = await harness.createVenue();
    const elsewhere = await upload(other, 'e.jpg', await jpeg(100, 100));
    const { deletedCount } = await editor.batchDeletePhotos({
      venueId,
      documentIds: [...photos.map((p) => p.id), file.id, elsewhere.id, 'missing', photos[0]!.id],
    });
    expect(deletedCount).toBe(2);
    expect(names((await viewer.listDocuments({ venueId })).documents)).toEqual(['d.pdf']);
    expect(await harness.store.keysUnder(venuePrefix(venueId))).toEqual([documentKeys(venueId, file.id).original]);
    expect((await viewer.listDocuments({ venueId: other })).documents).toHaveLength(1);
    expect(await rejection(editor.batchDeletePhotos({ venueId, documentIds: [] }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Select at least one photo',
    });
  });

  it(`keeps a photo at ${MEDIA.maxTagsPerPhoto} tags at most, refusing a tag call beyond it before anything is written`, async () => {
    const venueId = await harness.createVenue();
    const cards: string[] = [];
    for (let index = 0; index <= MEDIA.maxTagsPerPhoto; index++) cards.push(await harness.createCard(venueId, `Card ${index}`));
    const [first, second] = [await upload(venueId, 'c.jpg', await jpeg(60, 60)), await upload(venueId, 'd.jpg', await jpeg(60, 60))];
    const full = (await editor.tagPhotos({ venueId, documentIds: [first.id], cardIds: cards.slice(0, MEDIA.maxTagsPerPhoto) })).documents;
    expect(full[0]!.tagCardIds).toHaveLength(MEDIA.maxTagsPerPhoto);
    // One more on the full photo (with another photo in the same call): refused, and neither photo changed.
    expect(await rejection(editor.tagPhotos({ venueId, documentIds: [second.id, first.id], cardIds: [cards[MEDIA.maxTagsPerPhoto]!] }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: `A photo can have at most ${MEDIA.maxTagsPerPhoto} tags`,
    });
    const listed = (await editor.listDocuments({ venueId })).documents;
    expect(listed.find((document) => document.id === second.id)!.tagCardIds).toEqual([]);
    expect(listed.find((document) => document.id === first.id)!.tagCardIds).toHaveLength(MEDIA.maxTagsPerPhoto);
  });

  it('tags and untags photos with cards of the venue or templates (idempotent); refuses other venues’ cards and documents', async () => {
    const since = new Date();
    const venueId = await harness.createVenue();
    const other = await harness.createVenue();
    const card = await harness.createCard(venueId, 'Dock');
    const otherCard = await harness.createCard(other, 'Elsewhere');
    const template = '7ed2da07-9fd0-4cd6-939a-deb28b760712'; // the seeded Network template
    const photos = [await upload(venueId, 'a.jpg', await jpeg(100, 100)), await upload(venueId, 'b.jpg', await jpeg(100, 100))];
    const ids = photos.map((photo) => photo.id);
    const tagged = (await editor.tagPhotos({ venueId, documentIds: ids, cardIds: [card, template] })).documents;
    expect(tagged.map((document) => document.tagCardIds)).toEqual([
      [card, template],
      [card, template],
    ]);
    expect((await editor.tagPhotos({ venueId, documentIds: ids, cardIds: [card] })).documents.map((document) => document.tagCardIds)).toEqual([
      [card, template],
      [card, template],
    ]);
    expect(await rejection(editor.tagPhotos({ venueId, documentIds: ids, cardIds: [otherCard] }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Data card not found',
    });
    const otherPhoto = await upload(other, 'c.jpg', await jpeg(100, 100));
    expect(await rejection(editor.tagPhotos({ venueId, documentIds: [otherPhoto.id], cardIds: [card] }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Document not found',
    });
    const untagged = (await editor.untagPhotos({ venueId, documentIds: [ids[0]!], cardIds: [card] })).documents;
    expect(untagged.map((document) => document.tagCardIds)).toEqual([[template]]);
    await eventually(async () => expect((await replicaViewer.getDocument({ id: ids[0]! })).document?.tagCardIds).toEqual([template]));
    const tagEvents = (await eventsSince(harness.nc, SUBJECTS.photoTagsChanged, since)).map(({ envelope }) => envelope.data.documentIds);
    expect(tagEvents).toEqual([ids, [ids[0]]]);
  });

  it('tags a selection whose photos end with different tags in one call; the replica untags and batch-deletes photos it may not have seen yet', async () => {
    const since = new Date();
    const venueId = await harness.createVenue();
    const [dock, stage] = [await harness.createCard(venueId, 'Dock'), await harness.createCard(venueId, 'Stage')];
    const photos = [
      await upload(venueId, 'a.jpg', await jpeg(80, 80)),
      await upload(venueId, 'b.jpg', await jpeg(80, 80)),
      await upload(venueId, 'c.png', await png(30, 30)),
    ];
    const ids = photos.map((photo) => photo.id);
    await editor.tagPhotos({ venueId, documentIds: [ids[0]!], cardIds: [dock] });
    const tagged = (await editor.tagPhotos({ venueId, documentIds: ids, cardIds: [stage] })).documents;
    expect(tagged.map((document) => [document.id, document.tagCardIds])).toEqual([
      [ids[0], [dock, stage]],
      [ids[1], [stage]],
      [ids[2], [stage]],
    ]);
    // The replica writes from what the database holds (under the locks), whatever its memory has seen yet.
    const untagged = (await replicaEditor.untagPhotos({ venueId, documentIds: ids, cardIds: [dock, stage] })).documents;
    expect(untagged.map((document) => document.tagCardIds)).toEqual([[], [], []]);
    await eventually(async () => expect((await viewer.listDocuments({ venueId })).documents.map((document) => document.tagCardIds)).toEqual([[], [], []]));
    const fresh = [await upload(venueId, 'd.jpg', await jpeg(80, 80)), await upload(venueId, 'e.jpg', await jpeg(80, 80))];
    const file = await upload(venueId, 'f.pdf', pdf());
    const { deletedCount } = await replicaEditor.batchDeletePhotos({ venueId, documentIds: [...fresh.map((photo) => photo.id), ...ids, file.id] });
    expect(deletedCount).toBe(5);
    expect(await harness.store.keysUnder(venuePrefix(venueId))).toEqual([documentKeys(venueId, file.id).original]);
    await eventually(async () => expect(names((await viewer.listDocuments({ venueId })).documents)).toEqual(['f.pdf']));
    const deleted = (await eventsSince(harness.nc, SUBJECTS.documentDeleted, since)).map(({ envelope }) => envelope.data.documentId);
    expect(deleted.sort()).toEqual([...fresh.map((photo) => photo.id), ...ids].sort());
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since))
      .map(({ envelope }) => envelope.data)
      .filter((entry) => entry.action === 'delete' && ids.includes(entry.recordId ?? ''));
    expect(audit).toHaveLength(3);
  });

  it('refuses viewers every change and editors the gallery; any role reads', async () => {
    const venueId = await harness.createVenue();
    const document = await upload(venueId, 'a.jpg', await jpeg(100, 100));
    const denied = { code: GrpcStatus.PERMISSION_DENIED };
    expect(await rejection(viewer.updateDocument({ id: document.id, category: 'photos' }))).toMatchObject(denied);
    expect(await rejection(viewer.deleteDocument({ id: document.id }))).toMatchObject(denied);
    expect(await rejection(viewer.batchDeletePhotos({ venueId, documentIds: [document.id] }))).toMatchObject(denied);
    expect(await rejection(viewer.tagPhotos({ venueId, documentIds: [document.id], cardIds: ['x'] }))).toMatchObject(denied);
    expect(await rejection(viewer.untagPhotos({ venueId, documentIds: [document.id], cardIds: ['x'] }))).toMatchObject(denied);
    expect(await rejection(editor.updateGallerySettings({ venueId, enabled: false }))).toMatchObject(denied);
    expect(await rejection(viewer.updateGallerySettings({ venueId, rotateKey: true }))).toMatchObject(denied);
    for (const role of ['viewer', 'surveyor', 'editor', 'admin', 'owner']) {
      const client = harness.clientOf('primary', role);
      expect((await client.getDocument({ id: document.id })).document?.id).toBe(document.id);
      expect((await client.getGallerySettings({ venueId })).settings?.venueId).toBe(venueId);
    }
    for (const role of ['surveyor', 'admin', 'owner'])
      expect((await harness.clientOf('primary', role).updateDocument({ id: document.id, category: 'photos' })).document?.category).toBe('photos');
  });
});
