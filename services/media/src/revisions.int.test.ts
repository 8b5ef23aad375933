// Insert-only documents: every change of a document (tags, category, event link, deletion) is a new
// revision (venue_document_revisions, `_id` `<documentId>:<rev>`) and the upload's document is never rewritten; the
// other replica follows; two replicas writing the same document at once both land (the second insert of a revision
// fails on its `_id` and retries from the database); a restart rebuilds the current state from documents + revisions.
import { describe, expect, it } from 'vitest';
import { GrpcStatus } from '@venuebook/grpc';
import { DocumentKind } from '@venuebook/contracts/media/v1';
import { createLogger } from '@venuebook/service-kit';
import { eventually, rejection } from '@venuebook/service-kit/testing';
import { start } from './main.ts';
import { venuePrefix } from './adapters/object-store.ts';
import { jpeg, pdf } from './testing/fixtures.ts';
import { mediaClient } from './testing/media-under-test.ts';
import { mediaUnderTest, uploadParts } from './testing/media-harness.ts';

const harness = mediaUnderTest('revisions');
const editor = harness.clientOf('primary', 'editor');
const viewer = harness.clientOf('primary', 'viewer');
const replicaEditor = harness.clientOf('replica', 'editor');
const replicaViewer = harness.clientOf('replica', 'viewer');

async function upload(venueId: string, fileName: string, bytes: Uint8Array) {
  const { document } = await editor.uploadDocument(uploadParts({ venueId, fileName, fileSize: bytes.length }, bytes));
  return document!;
}

const revisions = () =>
  harness.connection.db!.collection<{ _id: string; documentId: string; rev: number; deleted: boolean; tagCardIds: string[] }>('venue_document_revisions');
const uploaded = () => harness.connection.db!.collection<{ _id: string; tagCardIds: string[]; category: string; eventId: string | null }>('venue_documents');

describe('document revisions', () => {
  it('writes tag, untag, category and event changes as revisions (the upload untouched); the other replica sees each', async () => {
    const venueId = await harness.createVenue();
    const eventId = await harness.createEvent(venueId);
    const [dock, stage] = [await harness.createCard(venueId, 'Dock'), await harness.createCard(venueId, 'Stage')];
    const photo = await upload(venueId, 'a.jpg', await jpeg(60, 60));
    await eventually(async () => expect((await replicaViewer.getDocument({ id: photo.id })).document?.id).toBe(photo.id));

    await editor.tagPhotos({ venueId, documentIds: [photo.id], cardIds: [dock, stage] });
    await eventually(async () => expect((await replicaViewer.getDocument({ id: photo.id })).document?.tagCardIds).toEqual([dock, stage]));
    await editor.untagPhotos({ venueId, documentIds: [photo.id], cardIds: [dock] });
    await eventually(async () => expect((await replicaViewer.listDocuments({ venueId, kind: DocumentKind.PHOTOS })).documents[0]?.tagCardIds).toEqual([stage]));
    await editor.updateDocument({ id: photo.id, category: 'safety' });
    await eventually(async () =>
      expect((await replicaViewer.getDocument({ id: photo.id })).document).toMatchObject({ category: 'safety', tagCardIds: [stage] }),
    );
    await replicaEditor.updateDocument({ id: photo.id, eventId });
    await eventually(async () => expect((await viewer.listDocuments({ venueId, eventId })).documents.map((document) => document.id)).toEqual([photo.id]));
    await editor.updateDocument({ id: photo.id, clearEvent: true });
    await eventually(async () =>
      expect((await replicaViewer.getDocument({ id: photo.id })).document).toMatchObject({ category: 'safety', eventId: '', tagCardIds: [stage] }),
    );

    const written = await revisions().find({ documentId: photo.id }).sort({ rev: 1 }).toArray();
    expect(written.map((revision) => [revision._id, revision.rev, revision.deleted])).toEqual([1, 2, 3, 4, 5].map((rev) => [`${photo.id}:${rev}`, rev, false]));
    expect(written.at(-1)).toMatchObject({ tagCardIds: [stage], category: 'safety', eventId: null });
    expect(await uploaded().findOne({ _id: photo.id })).toMatchObject({ tagCardIds: [], category: 'general', eventId: null });
  });

  it("applies the revision another replica's event carries without re-reading the document's revisions (a scan on FerretDB v1)", async () => {
    const venueId = await harness.createVenue();
    const dock = await harness.createCard(venueId, 'Dock');
    const photo = await upload(venueId, 'carried.jpg', await jpeg(60, 60));
    const other = await upload(venueId, 'carried-gone.jpg', await jpeg(60, 60));
    await eventually(async () => expect((await replicaViewer.listDocuments({ venueId, kind: DocumentKind.PHOTOS })).documents).toHaveLength(2));

    await harness.replica.readModel.stop();
    try {
      await editor.tagPhotos({ venueId, documentIds: [photo.id], cardIds: [dock] });
      await editor.updateDocument({ id: photo.id, category: 'safety' });
      await editor.deleteDocument({ id: other.id });
      // What a re-read would find is gone: only the events' revisions can tell the replica.
      expect((await revisions().deleteMany({ documentId: { $in: [photo.id, other.id] } })).deletedCount).toBe(3);
    } finally {
      await harness.replica.readModel.resume();
    }
    await eventually(async () => {
      const listed = (await replicaViewer.listDocuments({ venueId, kind: DocumentKind.PHOTOS })).documents;
      expect(listed.map((document) => [document.id, document.category, document.tagCardIds])).toEqual([[photo.id, 'safety', [dock]]]);
    });
    expect(harness.replica.readModel.get(photo.id)?.rev).toBe(2);
  });

  it('lets two replicas change one document at once: both changes land (a taken revision is retried from the database)', async () => {
    const venueId = await harness.createVenue();
    const cards = [
      await harness.createCard(venueId, 'One'),
      await harness.createCard(venueId, 'Two'),
      await harness.createCard(venueId, 'Three'),
      await harness.createCard(venueId, 'Four'),
    ];
    const photo = await upload(venueId, 'b.jpg', await jpeg(60, 60));
    await eventually(async () => expect((await replicaViewer.getDocument({ id: photo.id })).document?.id).toBe(photo.id));

    // The replica does not hear the primary's change: its memory still says rev 0, so its insert of rev 1 is refused.
    await harness.replica.readModel.stop();
    try {
      await editor.tagPhotos({ venueId, documentIds: [photo.id], cardIds: [cards[0]!] });
      expect(harness.replica.readModel.get(photo.id)?.rev).toBe(0);
      const fromReplica = (await replicaEditor.tagPhotos({ venueId, documentIds: [photo.id], cardIds: [cards[1]!] })).documents;
      expect(fromReplica.map((document) => document.tagCardIds)).toEqual([[cards[0], cards[1]]]);
      expect(harness.replica.readModel.get(photo.id)?.rev).toBe(2);
    } finally {
      await harness.replica.readModel.resume();
    }
    await eventually(async () => expect((await viewer.getDocument({ id: photo.id })).document?.tagCardIds).toEqual([cards[0], cards[1]]));

    // At the same moment on both replicas.
    await Promise.all([
      editor.tagPhotos({ venueId, documentIds: [photo.id], cardIds: [cards[2]!] }),
      replicaEditor.tagPhotos({ venueId, documentIds: [photo.id], cardIds: [cards[3]!] }),
      editor.updateDocument({ id: photo.id, category: 'technical' }),
    ]);
    for (const client of [viewer, replicaViewer]) {
      await eventually(async () => {
        const document = (await client.getDocument({ id: photo.id })).document!;
        expect([...document.tagCardIds].sort()).toEqual([...cards].sort());
        expect(document.category).toBe('technical');
      });
    }
    expect((await revisions().find({ documentId: photo.id }).toArray()).map((revision) => revision.rev).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('rebuilds the current state from documents and revisions at start; a deleted document stays gone', async () => {
    const venueId = await harness.createVenue();
    const card = await harness.createCard(venueId, 'Dock');
    const kept = await upload(venueId, 'kept.jpg', await jpeg(60, 60));
    const gone = await upload(venueId, 'gone.jpg', await jpeg(60, 60));
    const batchGone = await upload(venueId, 'batch.jpg', await jpeg(60, 60));
    const file = await upload(venueId, 'rider.pdf', pdf());
    await editor.tagPhotos({ venueId, documentIds: [kept.id, gone.id], cardIds: [card] });
    await editor.updateDocument({ id: file.id, category: 'permits' });
    await replicaEditor.deleteDocument({ id: gone.id });
    expect((await editor.batchDeletePhotos({ venueId, documentIds: [batchGone.id] })).deletedCount).toBe(1);
    expect((await revisions().findOne({ _id: `${gone.id}:2` }))?.deleted).toBe(true);
    expect(await uploaded().countDocuments({ _id: gone.id })).toBe(1);
    expect((await harness.store.keysUnder(venuePrefix(venueId))).filter((key) => key.includes(gone.id) || key.includes(batchGone.id))).toEqual([]);

    const restarted = await start(harness.config, { logger: createLogger('media-revisions-restarted', { level: 'warn' }) });
    const client = mediaClient(restarted, harness.user('viewer'), harness.userContextKey);
    try {
      const listed = (await client.listDocuments({ venueId })).documents;
      expect(listed.map((document) => [document.fileName, document.category, document.tagCardIds])).toEqual([
        ['rider.pdf', 'permits', []],
        ['kept.jpg', 'general', [card]],
      ]);
      expect(restarted.readModel.get(kept.id)?.rev).toBe(1);
      expect(restarted.readModel.get(gone.id)).toBeUndefined();
      expect(await rejection(client.getDocument({ id: gone.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Document not found' });
      expect(await rejection(client.getDocument({ id: batchGone.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
      const reader = mediaClient(restarted, harness.user('editor'), harness.userContextKey);
      try {
        expect(await rejection(reader.deleteDocument({ id: gone.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Document not found' });
        expect(await rejection(reader.tagPhotos({ venueId, documentIds: [gone.id], cardIds: [card] }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
      } finally {
        reader.close();
      }
    } finally {
      client.close();
      await restarted.stop();
    }
  });

  it('a purge leaves neither documents nor revisions nor objects', async () => {
    const venueId = await harness.createVenue();
    const card = await harness.createCard(venueId, 'Dock');
    const photo = await upload(venueId, 'p.jpg', await jpeg(60, 60));
    await editor.tagPhotos({ venueId, documentIds: [photo.id], cardIds: [card] });
    await harness.deleteVenue(venueId);
    await harness.purgeVenue(venueId);
    await eventually(async () => {
      expect(await uploaded().countDocuments({ venueId })).toBe(0);
      expect(await revisions().countDocuments({ venueId })).toBe(0);
      expect(await harness.store.keysUnder(venuePrefix(venueId))).toEqual([]);
      expect(harness.primary.readModel.get(photo.id)).toBeUndefined();
      expect(harness.replica.readModel.get(photo.id)).toBeUndefined();
    }, 20_000);
  });
});
