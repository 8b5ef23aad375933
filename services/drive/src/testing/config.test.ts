import { describe, expect, it } from 'vitest';
import { configSchema } from '../config.ts';

const KEY = { client_email: 'sync@project.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nMIIEv…\n-----END PRIVATE KEY-----\n' };
const credentials = configSchema.shape.GOOGLE_DRIVE_CREDENTIALS;
const apiUrl = configSchema.shape.GOOGLE_DRIVE_API_URL;

describe("the Drive service's settings", () => {
  it('takes the key as JSON, and nothing when unset', () => {
    expect(credentials.parse(JSON.stringify(KEY))).toMatchObject({ client_email: KEY.client_email });
    expect(credentials.parse(undefined)).toBeUndefined();
    expect(credentials.parse('  ')).toBeUndefined();
  });

  it('never repeats a mistyped value in its message (it may be the key)', () => {
    for (const value of [`'${JSON.stringify(KEY)}'`, Buffer.from(JSON.stringify(KEY)).toString('base64'), '/no/such/key.json']) {
      const result = credentials.safeParse(value);
      expect(result.success).toBe(false);
      const message = JSON.stringify(result.error?.issues);
      expect(message).not.toContain('PRIVATE KEY');
      expect(message).not.toContain(value.slice(0, 40));
    }
    expect(JSON.stringify(credentials.safeParse('/no/such/key.json').error?.issues)).toContain('ENOENT');
  });

  it('sends its token only to https, or to http on this machine', () => {
    expect(apiUrl.parse('https://www.googleapis.com')).toBe('https://www.googleapis.com/');
    expect(apiUrl.parse('http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000/');
    expect(apiUrl.safeParse('http://drive.internal.example/').success).toBe(false);
  });
});
