import { describe, expect, it } from 'vitest';
import { isUploadSessionUri, safeFileLink } from './drive-urls.ts';

const GOOGLE = 'https://www.googleapis.com/';
const LOCAL = 'http://127.0.0.1:40123/';

describe('the addresses the Drive worker trusts', () => {
  it("takes an upload session only on the API root's origin, at Drive's upload path, with an upload_id", () => {
    expect(isUploadSessionUri(`${GOOGLE}upload/drive/v3/files?uploadType=resumable&upload_id=ADPycdt-9x_Q`, GOOGLE)).toBe(true);
    expect(isUploadSessionUri(`${LOCAL}upload/drive/v3/files?upload_id=abc123`, LOCAL)).toBe(true);
    for (const uri of [
      'http://127.0.0.1:9999/upload/drive/v3/files?upload_id=abc', // another port
      'https://evil.example/upload/drive/v3/files?upload_id=abc',
      `${GOOGLE}internal/anything?upload_id=abc`,
      `${GOOGLE}upload/drive/v3/files`,
      `${GOOGLE}upload/drive/v3/files?upload_id=a%20b`,
      'https://user:pw@www.googleapis.com/upload/drive/v3/files?upload_id=abc',
      'garbage',
    ])
      expect(isUploadSessionUri(uri, GOOGLE), uri).toBe(false);
  });

  it("shows users only Google Drive's links, or the local Drive's", () => {
    expect(safeFileLink('https://drive.google.com/file/d/1AbC/view?usp=drivesdk', GOOGLE)).toBe('https://drive.google.com/file/d/1AbC/view?usp=drivesdk');
    expect(safeFileLink(`${LOCAL}file/d/1AbC/view`, LOCAL)).toBe(`${LOCAL}file/d/1AbC/view`);
    expect(safeFileLink('javascript:alert(document.domain)', GOOGLE)).toBe('');
    expect(safeFileLink('http://drive.google.com/file/d/1', GOOGLE)).toBe('');
    expect(safeFileLink(`${LOCAL}file/d/1AbC/view`, GOOGLE)).toBe('');
  });
});
