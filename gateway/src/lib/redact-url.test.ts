import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('masks secrets in query strings and keeps the rest', () => {
    expect(redactUrl('/api/v1/auth/confirm?token=abc123')).toBe('/api/v1/auth/confirm?token=[redacted]');
    expect(redactUrl('/api/v1/auth/google/callback?code=c0de&state=s7&iss=http%3A%2F%2Fx')).toBe(
      '/api/v1/auth/google/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fx',
    );
    expect(redactUrl('/api/v1/venues?q=arena&page=2')).toBe('/api/v1/venues?q=arena&page=2');
  });
});
