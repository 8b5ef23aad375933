// UploadDocument on real servers (FerretDB, MinIO, NATS, the venues and cards services as processes): a document
// and a photo stored with their detected types, EXIF date and previews; every refusal (roles, header, extension,
// spoofed content, sizes, events and cards of other venues, a decompression bomb, an unreadable image, a cancelled
// call) stores nothing and leaves the service answering.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { ContentVariant } from '@venuebook/contracts/media/v1';
import { eventsSince, rejection } from '@venuebook/service-kit/testing';
import { documentKeys, venuePrefix } from './adapters/object-store.ts';
import { cfb, jpeg, pdf, png, pngBomb, webp, zip } from './testing/fixtures.ts';
import { mediaUnderTest, uploadParts } from './testing/media-harness.ts';
import type { UploadPart } from './testing/media-harness.ts';

const MAX = 8 * 1024 * 1024;
const harness = mediaUnderTest('upload', { replica: false, env: { MEDIA_MAX_UPLOAD_BYTES: String(MAX) } });
const editor = harness.clientOf('primary', 'editor');
const surveyor = harness.clientOf('primary', 'surveyor');
const viewer = harness.clientOf('primary', 'viewer');

async function upload(client: typeof editor, venueId: string, fileName: string, bytes: Uint8Array, extra: Record<string, unknown> = {}) {
  const { document } = await client.uploadDocument(uploadParts({ venueId, fileName, fileSize: bytes.length, ...extra }, bytes));
  return document!;
}

async function content(id: string, variant = ContentVariant.ORIGINAL): Promise<{ info: Record<string, unknown>; bytes: Buffer }> {
  let info: Record<string, unknown> = {};
  const parts: Uint8Array[] = [];
  for await (const answer of viewer.readContent({ id, variant })) {
    if (answer.part.case === 'info') info = { ...answer.part.value };
    else if (answer.part.case === 'chunk') parts.push(answer.part.value);
  }
  return { info, bytes: Buffer.concat(parts) };
}

const objectsOf = (venueId: string) => harness.store.keysUnder(venuePrefix(venueId));

describe('upload', () => {
  it('stores a PDF under the server key with the detected type, the display name only, sync pending; event, audit', async () => {
    const since = new Date();
    const venueId = await harness.createVenue();
    const bytes = pdf();
    const document = await upload(surveyor, venueId, '../../x.pdf', bytes, { declaredType: 'text/html', category: '', description: 'Plan' });
    expect(document).toMatchObject({
      venueId,
      fileName: 'x.pdf',
      fileType: 'application/pdf',
      fileSize: bytes.length,
      category: 'general',
      description: 'Plan',
      hasPreviews: false,
      width: 0,
      height: 0,
      eventId: '',
      tagCardIds: [],
    });
    expect(document.sync).toMatchObject({ status: 'pending', retryCount: 0, maxRetries: 3 });
    expect(await objectsOf(venueId)).toEqual([documentKeys(venueId, document.id).original]);
    const read = await content(document.id);
    expect(read.bytes.equals(bytes)).toBe(true);
    expect(read.info).toMatchObject({ contentType: 'application/pdf', totalSize: bytes.length, length: bytes.length, fileName: 'x.pdf' });
    const uploaded = (await eventsSince(harness.nc, SUBJECTS.documentUploaded, since)).map(({ envelope }) => envelope.data);
    expect(uploaded).toContainEqual({ documentId: document.id, venueId, fileName: 'x.pdf', category: 'general' });
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).map(({ envelope }) => envelope.data);
    expect(audit).toContainEqual(expect.objectContaining({ action: 'create', table: 'venue_documents', recordId: document.id }));
    const stored = await harness.connection.collection('venue_documents').findOne({ _id: document.id as never });
    expect(stored).toMatchObject({ venueId, fileName: 'x.pdf', sync: { status: 'pending', retryCount: 0, maxRetries: 3 } });
  });

  it('makes upright WebP previews of a photo and takes its EXIF date; else the last-modified time', async () => {
    const venueId = await harness.createVenue();
    const photo = await jpeg(3000, 2000, { dateTimeOriginal: '2024:07:04 18:30:00', orientation: 6 });
    const document = await upload(editor, venueId, 'IMG_0001.JPG', photo, { category: 'photos', lastModifiedMs: Date.parse('2025-01-01T00:00:00Z') });
    // Orientation 6: the picture is turned a quarter, so it is 2000 wide and 3000 high upright.
    expect(document).toMatchObject({
      fileType: 'image/jpeg',
      hasPreviews: true,
      width: 2000,
      height: 3000,
      dateTaken: '2024-07-04T18:30:00.000Z',
      category: 'photos',
    });
    const thumb = await content(document.id, ContentVariant.THUMB);
    const preview = await content(document.id, ContentVariant.PREVIEW);
    expect(thumb.info).toMatchObject({ contentType: 'image/webp', fileName: 'IMG_0001.thumb.webp' });
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'webp', width: 167, height: 250 });
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: 'webp', width: 960, height: 1440 });
    expect((await objectsOf(venueId)).sort()).toEqual(Object.values(documentKeys(venueId, document.id)).sort());

    const small = await upload(editor, venueId, 'logo.png', await png(120, 80), { lastModifiedMs: Date.parse('2025-01-02T03:04:05Z') });
    expect(small).toMatchObject({ fileType: 'image/png', width: 120, height: 80, dateTaken: '2025-01-02T03:04:05.000Z' });
    // Never enlarged.
    expect(await sharp((await content(small.id, ContentVariant.PREVIEW)).bytes).metadata()).toMatchObject({ width: 120, height: 80 });
    const before = Date.now();
    const noDate = await upload(editor, venueId, 'cover.webp', await webp(300, 300));
    expect(noDate.fileType).toBe('image/webp');
    expect(Date.parse(noDate.dateTaken)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses viewers, a missing header, unknown extensions, spoofed content and wrong sizes, storing nothing', async () => {
    const venueId = await harness.createVenue();
    expect(await rejection(viewer.uploadDocument(uploadParts({ venueId, fileName: 'a.pdf', fileSize: 10 }, pdf())))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    async function* chunkFirst(): AsyncGenerator<UploadPart> {
      yield { part: { case: 'chunk', value: new Uint8Array(10) } };
    }
    expect(await rejection(editor.uploadDocument(chunkFirst()))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'The first message of an upload must be its header',
    });
    const exe = await rejection(upload(editor, venueId, 'setup.exe', Buffer.from('MZ....')));
    expect(exe).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(exe.message).toMatch(/^File type not allowed \(\.exe\)/);
    expect(await rejection(upload(editor, venueId, 'invoice.pdf', Buffer.from('<!doctype html><script>alert(1)</script>')))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: "The file's content is not a .pdf file",
    });
    expect(await rejection(upload(editor, venueId, 'photo.jpg', Buffer.from('just some text')))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: "The file's content is not a .jpg file",
    });
    expect(await rejection(upload(editor, venueId, 'notes.txt', Buffer.from([0x41, 0x00, 0x42])))).toMatchObject({
      message: "The file's content is not a .txt file",
    });
    expect(await rejection(upload(editor, venueId, 'scan.png', pdf()))).toMatchObject({ message: "The file's content is not a .png file" });
    expect(await rejection(upload(editor, venueId, 'a.pdf', pdf(), { category: 'secret' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Unknown category: secret',
    });
    // Over the limit announced: refused before any byte is read.
    expect(await rejection(editor.uploadDocument(uploadParts({ venueId, fileName: 'big.zip', fileSize: MAX + 1 }, new Uint8Array(10))))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'The file is larger than the 8 MB limit',
    });
    // More or fewer bytes than announced (small: in the head; large: while streaming, past the first part).
    const text = Buffer.alloc(6 * 1024 * 1024, 'a');
    expect(await rejection(editor.uploadDocument(uploadParts({ venueId, fileName: 'a.txt', fileSize: 100 }, text.subarray(0, 200))))).toMatchObject({
      message: 'The file received does not have the size announced',
    });
    expect(await rejection(editor.uploadDocument(uploadParts({ venueId, fileName: 'a.txt', fileSize: text.length + 1 }, text)))).toMatchObject({
      message: 'The file received does not have the size announced',
    });
    expect(await rejection(editor.uploadDocument(uploadParts({ venueId, fileName: 'a.txt', fileSize: text.length - 1 }, text)))).toMatchObject({
      message: 'The file received does not have the size announced',
    });
    // A .txt whose NUL byte comes after the first 64 KiB.
    const late = Buffer.alloc(6 * 1024 * 1024, 'b');
    late[5 * 1024 * 1024] = 0;
    expect(await rejection(upload(editor, venueId, 'late.txt', late))).toMatchObject({ message: "The file's content is not a .txt file" });
    expect(await objectsOf(venueId)).toEqual([]);
    expect((await viewer.listDocuments({ venueId })).documents).toEqual([]);
    // A long text file is fine.
    expect((await upload(editor, venueId, 'long.txt', text)).fileType).toBe('text/plain');
  });

  it('takes Office files by their container (OOXML in ZIP, legacy in CFB) and stores their own type', async () => {
    const venueId = await harness.createVenue();
    const archive = zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    expect((await upload(editor, venueId, 'rider.docx', archive)).fileType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await upload(editor, venueId, 'budget.xlsx', archive)).fileType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await upload(editor, venueId, 'photos.zip', zip({ 'a.txt': 'hello' }))).fileType).toBe('application/zip');
    expect((await upload(editor, venueId, 'old.doc', cfb())).fileType).toBe('application/msword');
    expect((await upload(editor, venueId, 'old.ppt', cfb())).fileType).toBe('application/vnd.ms-powerpoint');
    expect(await rejection(upload(editor, venueId, 'new.docx', cfb()))).toMatchObject({ message: "The file's content is not a .docx file" });
    expect(await rejection(upload(editor, venueId, 'old.xls', archive))).toMatchObject({ message: "The file's content is not a .xls file" });
    expect(await rejection(upload(editor, venueId, 'a.rar', archive))).toMatchObject({ message: "The file's content is not a .rar file" });
  });

  it('links an event and tags a card of the venue; refuses those of another venue and unknown venues', async () => {
    const venueId = await harness.createVenue();
    const other = await harness.createVenue();
    const eventId = await harness.createEvent(venueId);
    const otherEvent = await harness.createEvent(other);
    const cardId = await harness.createCard(venueId);
    const otherCard = await harness.createCard(other);
    const photo = await jpeg(400, 300);
    const document = await upload(editor, venueId, 'dock.jpg', photo, { eventId, dataCardIdForTag: cardId });
    expect(document).toMatchObject({ eventId, tagCardIds: [cardId] });
    expect(await rejection(upload(editor, venueId, 'dock.jpg', photo, { eventId: otherEvent }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Event not found',
    });
    expect(await rejection(upload(editor, venueId, 'dock.jpg', photo, { dataCardIdForTag: otherCard }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Data card not found',
    });
    expect(await rejection(upload(editor, randomUUID(), 'dock.jpg', photo))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
    await harness.deleteVenue(other);
    expect(await rejection(upload(editor, other, 'dock.jpg', photo))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
  });

  it('fails only the upload of a decompression bomb or an unreadable image; the next upload works', async () => {
    const venueId = await harness.createVenue();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    expect(await rejection(upload(editor, venueId, 'bomb.png', bomb))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'The image is too large to process',
    });
    const broken = Buffer.concat([(await jpeg(800, 600)).subarray(0, 400), Buffer.alloc(5000, 0x55)]);
    expect(await rejection(upload(editor, venueId, 'broken.jpg', broken))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'The image could not be read',
    });
    expect(await objectsOf(venueId)).toEqual([]);
    const next = await upload(editor, venueId, 'fine.jpg', await jpeg(640, 480));
    expect(next).toMatchObject({ hasPreviews: true, width: 640, height: 480 });
  });

  it('stores nothing when the caller cancels mid-file', async () => {
    const venueId = await harness.createVenue();
    const size = 7 * 1024 * 1024;
    async function* halfway(): AsyncGenerator<UploadPart> {
      yield { part: { case: 'header', value: { venueId, fileName: 'big.txt', fileSize: size } } };
      for (let sent = 0; sent < 6 * 1024 * 1024; sent += 256 * 1024) yield { part: { case: 'chunk', value: new Uint8Array(256 * 1024).fill(0x61) } };
      throw new Error('the browser went away');
    }
    await expect(editor.uploadDocument(halfway())).rejects.toThrow('the browser went away');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await objectsOf(venueId)).toEqual([]);
    expect((await upload(editor, venueId, 'after.pdf', pdf())).fileName).toBe('after.pdf');
  });
});
