import { GaxiosError } from 'gaxios';
import { describe, expect, it } from 'vitest';
import { PermanentJobFailure, RetryLater } from '@venuebook/service-kit';
import { driveFailure, refusesPageToken } from './drive.ts';

const SESSION = 'https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=ADPycdt-SECRET';

/** A GaxiosError as gaxios makes it: no response for a cut, else the answer with Drive's error body. */
function gaxiosError(message: string, answer?: { status: number; body?: unknown; headers?: Record<string, string> }, code?: string): GaxiosError {
  const config = { url: new URL(SESSION), method: 'PUT' as const, headers: new Headers(), responseType: 'json' as const };
  const response = answer
    ? { status: answer.status, statusText: '', headers: new Headers(answer.headers ?? {}), data: answer.body, config, ok: answer.status < 300 }
    : undefined;
  const error = new GaxiosError(message, config as never, response as never);
  if (code) (error as { code?: string }).code = code;
  return error;
}

const body = (status: number, reason: string, message: string) => ({ error: { code: status, message, errors: [{ domain: 'usageLimits', reason, message }] } });

describe("Drive's failures as the worker runtime's", () => {
  it('retries a cut without naming the session (a session URI lets whoever has it finish the upload)', () => {
    const failure = driveFailure(gaxiosError(`request to ${SESSION} failed, reason: socket hang up`, undefined, 'ECONNRESET'), 'upload');
    expect(failure).not.toBeInstanceOf(PermanentJobFailure);
    expect(failure.message).toBe('Google Drive upload: no answer (ECONNRESET)');
    const uncoded = driveFailure(gaxiosError(`request to ${SESSION} failed, reason: socket hang up`), 'upload');
    expect(uncoded.message).not.toMatch(/upload_id|googleapis/);
  });

  it("waits out rate limits and 5xx (Retry-After honoured), and fails other refusals with Drive's message", () => {
    const limited = driveFailure(
      gaxiosError('429', { status: 429, body: body(429, 'rateLimitExceeded', 'Rate Limit Exceeded'), headers: { 'retry-after': '7' } }),
      'lookup',
    );
    expect(limited).toBeInstanceOf(RetryLater);
    expect((limited as RetryLater).retryAfterMs).toBe(7000);
    const quota = driveFailure(gaxiosError('403', { status: 403, body: body(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded') }), 'upload');
    expect(quota).not.toBeInstanceOf(PermanentJobFailure);
    expect(quota.message).toBe('Google Drive upload: 403 User Rate Limit Exceeded');
    const forbidden = driveFailure(gaxiosError('403', { status: 403, body: body(403, 'insufficientFilePermissions', `No access to ${SESSION}`) }), 'move');
    expect(forbidden).toBeInstanceOf(PermanentJobFailure);
    expect(forbidden.message).toBe('Google Drive move: 403 No access to <url>');
    expect(driveFailure(gaxiosError('503', { status: 503, body: body(503, 'backendError', 'Backend Error') }), 'upload')).not.toBeInstanceOf(
      PermanentJobFailure,
    );
  });
});

describe("Drive's refusal of the changes feed's page token", () => {
  const refusal = (status: number, location: string, reason = 'invalid') =>
    gaxiosError(String(status), {
      status,
      body: { error: { code: status, message: 'Invalid Value', errors: [{ reason, location, message: 'Invalid Value' }] } },
    });

  it('is a 4xx naming the pageToken parameter: the feed starts again from a new token', () => {
    expect(refusesPageToken(refusal(400, 'pageToken'))).toBe(true);
    expect(refusesPageToken(refusal(404, 'pageToken', 'notFound'))).toBe(true);
  });

  it('is not a refusal of anything else, a rate limit, a server error or a cut: those keep the token and are tried again', () => {
    expect(refusesPageToken(refusal(400, 'pageSize'))).toBe(false);
    expect(refusesPageToken(refusal(429, 'pageToken', 'rateLimitExceeded'))).toBe(false);
    expect(refusesPageToken(refusal(500, 'pageToken', 'backendError'))).toBe(false);
    expect(refusesPageToken(gaxiosError('socket hang up', undefined, 'ECONNRESET'))).toBe(false);
    expect(refusesPageToken(new Error('Invalid Value'))).toBe(false);
  });
});
