// What the gateway's media tests share: a status check that shows the body, and a small valid PNG made by hand.
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';

export function expectStatus(response: InjectResponse, status: number): InjectResponse {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(status);
  return response;
}

/** A valid PNG of `width` × `height` (RGB, one colour). */
export function png(width = 4, height = 3): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
