import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('masks secrets in query strings and keeps the rest', () => {
    expect(redactUrl('/api/v1/auth/confirm?token=abc123')).toBe('/api/v1/auth/confirm?token=[redacted]');
    expect(redactUrl('/api/v1/auth/google/callback?code=c0de&state=s7&iss=http%3A%2F%2Fx')).toBe(
      '/api/v1/auth/google/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fx',
    );
    expect(redactUrl('/api/v1/venues?q=arena&page=2')).toBe('/api/v1/venues?q=arena&page=2');
    expect(redactUrl('/api/v1/venues')).toBe('/api/v1/venues');
  });

  it('masks the confirmation token of the sign-in page, whatever the spelling of its name', () => {
    expect(redactUrl('/auth?confirm=t0k3n')).toBe('/auth?confirm=[redacted]');
    expect(redactUrl('/auth?next=%2F&Confirm=t0k3n#top')).toBe('/auth?next=%2F&Confirm=[redacted]#top');
    expect(redactUrl('/auth?%63onfirm=t0k3n')).toBe('/auth?%63onfirm=[redacted]');
    expect(redactUrl('/auth?%E0%A4%A=x&confirm=t0k3n')).toBe('/auth?%E0%A4%A=x&confirm=[redacted]');
  });

  it('masks passwords, keys and signatures of presigned URLs', () => {
    expect(redactUrl('/x?password=p&api_key=k&X-Amz-Signature=s&X-Amz-Credential=c&X-Amz-Date=d')).toBe(
      '/x?password=[redacted]&api_key=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&X-Amz-Date=d',
    );
  });
});
