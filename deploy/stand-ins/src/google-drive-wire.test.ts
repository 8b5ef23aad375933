import { describe, expect, it } from 'vitest';
import { checkFields, DriveError, matchesDriveQuery, parseDriveQuery, parseFields, readMultipart, selectFields } from './google-drive-wire.ts';
import type { QueryableFile } from './google-drive-wire.ts';

const file = (overrides: Partial<QueryableFile> = {}): QueryableFile => ({
  name: "Venue's plan.pdf",
  mimeType: 'application/pdf',
  parents: ['folder-1'],
  trashed: false,
  starred: false,
  appProperties: { venueId: 'v-1', kind: 'plan' },
  properties: {},
  createdTime: '2030-01-01T10:00:00.000Z',
  modifiedTime: '2030-01-02T10:00:00.000Z',
  ...overrides,
});
const matches = (q: string, f = file()): boolean => matchesDriveQuery(parseDriveQuery(q), f, (id) => (id === 'root' ? 'my-drive' : id));
const rejected = (run: () => unknown): DriveError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DriveError) return error;
    throw error;
  }
  throw new Error('not rejected');
};

describe('the search query language', () => {
  it('matches names with escaped quotes, parents, appProperties, trashed and mimeType', () => {
    expect(matches("name = 'Venue\\'s plan.pdf'")).toBe(true);
    expect(matches("name = 'venue\\'s plan.pdf'")).toBe(false);
    expect(matches("name contains 'PLAN'")).toBe(true);
    expect(matches("'folder-1' in parents and trashed = false")).toBe(true);
    expect(matches("'root' in parents", file({ parents: ['my-drive'] }))).toBe(true);
    expect(matches("appProperties has { key='venueId' and value='v-1' }")).toBe(true);
    expect(matches("appProperties has { value='plan' and key='kind' }")).toBe(true);
    expect(matches("appProperties has { key='venueId' and value='v-2' }")).toBe(false);
    expect(matches("mimeType != 'application/vnd.google-apps.folder' and trashed = true")).toBe(false);
    expect(matches("mimeType = 'application/pdf' AND NOT trashed = true")).toBe(true);
    expect(matches("(name = 'x' or name contains 'venue') and modifiedTime > '2030-01-01T12:00:00Z'")).toBe(true);
    expect(matches("fullText contains 'plan'")).toBe(true);
  });

  it('answers Invalid Value (location q) to what it cannot parse', () => {
    for (const q of ["name = 'open", "name == 'x'", "'x' in owners", "size > '3'", "trashed = 'yes'", "name = 'a' and", "appProperties has { key='a' }"]) {
      const error = rejected(() => parseDriveQuery(q));
      expect([error.code, error.reason, error.message, error.detail.location]).toEqual([400, 'invalid', 'Invalid Value', 'q']);
    }
    expect(parseDriveQuery('  ')).toBeUndefined();
  });
});

describe('partial responses', () => {
  const list = { kind: 'drive#fileList', nextPageToken: 't', files: [{ id: '1', name: 'a', size: '3', appProperties: { k: 'v' } }] };

  it('selects nested fields in both syntaxes, and nothing unasked (nextPageToken included)', () => {
    expect(selectFields(list, parseFields('files(id,name)'))).toEqual({ files: [{ id: '1', name: 'a' }] });
    expect(selectFields(list, parseFields('nextPageToken, files/id,files/appProperties'))).toEqual({
      nextPageToken: 't',
      files: [{ id: '1', appProperties: { k: 'v' } }],
    });
    expect(selectFields(list, parseFields('*'))).toEqual(list);
    expect(selectFields(list, parseFields('files(*),kind'))).toEqual({ kind: 'drive#fileList', files: list.files });
  });

  it('refuses a field the response does not have', () => {
    const schema = { kind: true, nextPageToken: true, files: { id: true, name: true } } as const;
    expect(() => checkFields(parseFields('files(id),nextPageToken'), schema)).not.toThrow();
    expect(rejected(() => checkFields(parseFields('files(id,nmae)'), schema)).message).toBe('Invalid field selection nmae');
    expect(rejected(() => parseFields('files(id')).code).toBe(400);
  });
});

describe('multipart/related bodies', () => {
  async function* pieces(text: string, size: number): AsyncGenerator<Buffer> {
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  it('hands each part on whatever the chunking, including bytes that look like a boundary', async () => {
    const media = 'line one\r\n--not-the-boundary\r\nx--bound\r\n\r\n--boun\r\nend';
    const body = `--bound\r\ncontent-type: application/json\r\n\r\n{"name":"a"}\r\n--bound\r\ncontent-type: text/plain\r\n\r\n${media}\r\n--bound--`;
    for (const size of [1, 3, 7, 64, body.length]) {
      const parts: { headers: Record<string, string>; text: string }[] = [];
      const count = await readMultipart(pieces(body, size), 'bound', (_index, headers) => {
        const part = { headers, text: '' };
        parts.push(part);
        return { write: (chunk) => void (part.text += chunk.toString()), end: () => undefined };
      });
      expect(count).toBe(2);
      expect(parts).toEqual([
        { headers: { 'content-type': 'application/json' }, text: '{"name":"a"}' },
        { headers: { 'content-type': 'text/plain' }, text: media },
      ]);
    }
  });

  it('refuses a body without its closing delimiter', async () => {
    await expect(readMultipart(pieces('--b\r\n\r\nabc', 4), 'b', () => ({ write: () => undefined, end: () => undefined }))).rejects.toThrow('Malformed');
  });
});
