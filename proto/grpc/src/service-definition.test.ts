// The serializer's direct path for a stream's chunk (a message that is one oneof with a bytes case) writes exactly
// what toBinary writes, and every other message still goes through toBinary.
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ReadContentResponseSchema, UploadDocumentRequestSchema, UploadHeaderSchema } from '@venuebook/contracts/media/v1';
import { deserializer, serializer } from './service-definition.ts';

describe('serializer', () => {
  const upload = serializer(UploadDocumentRequestSchema);

  it('writes a chunk message byte for byte as toBinary does, whatever its length', () => {
    // Lengths around the varint boundaries of the length prefix (1, 2, 3 bytes) and a typical 64 KiB chunk.
    for (const length of [0, 1, 127, 128, 16_383, 16_384, 65_536, 2_097_151, 2_097_152]) {
      const chunk = new Uint8Array(length).map((_, index) => index % 251);
      const message = create(UploadDocumentRequestSchema, { part: { case: 'chunk', value: chunk } });
      const written = upload(message);
      expect(Buffer.compare(written, Buffer.from(toBinary(UploadDocumentRequestSchema, message))), `length ${length}`).toBe(0);
      const read = fromBinary(UploadDocumentRequestSchema, written);
      expect(read.part.case).toBe('chunk');
      expect(Buffer.from(read.part.value as Uint8Array).equals(Buffer.from(chunk))).toBe(true);
    }
  });

  it('writes the header, an empty message and unknown fields through toBinary', () => {
    const header = create(UploadDocumentRequestSchema, {
      part: { case: 'header', value: create(UploadHeaderSchema, { venueId: 'v', fileName: 'a.pdf', fileSize: 3 }) },
    });
    expect(Buffer.from(upload(header)).equals(Buffer.from(toBinary(UploadDocumentRequestSchema, header)))).toBe(true);
    const empty = create(UploadDocumentRequestSchema, {});
    expect(upload(empty).byteLength).toBe(0);
    const withUnknown = create(UploadDocumentRequestSchema, { part: { case: 'chunk', value: new Uint8Array([1, 2]) } });
    withUnknown.$unknown = [{ no: 9, wireType: 0, data: new Uint8Array([1]) }];
    expect(Buffer.from(upload(withUnknown)).equals(Buffer.from(toBinary(UploadDocumentRequestSchema, withUnknown)))).toBe(true);
  });

  it("takes the direct path for a download's chunk too, and reads back what it wrote", () => {
    const download = serializer(ReadContentResponseSchema);
    const message = create(ReadContentResponseSchema, { part: { case: 'chunk', value: new Uint8Array(300).fill(9) } });
    const written = download(message);
    expect(Buffer.from(written).equals(Buffer.from(toBinary(ReadContentResponseSchema, message)))).toBe(true);
    const read = deserializer(ReadContentResponseSchema)(written) as typeof message;
    expect(read.part.case === 'chunk' && read.part.value.byteLength).toBe(300);
  });
});
