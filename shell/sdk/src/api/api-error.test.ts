import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, ApiRequestError, errorMessage, isAbortError, isApiRequestError, networkError } from './api-error.ts';

describe('apiErrorFromResponse', () => {
  it('uses the gateway error body as it is', () => {
    const error = apiErrorFromResponse(404, { error: { code: 'not_found', message: 'Venue not found' } });
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Venue not found', isNotFound: true });
    expect(isApiRequestError(error)).toBe(true);
  });

  it('keeps validation details and exposes them as field errors', () => {
    const details = [{ field: 'name', message: 'Venue name is required' }];
    const error = apiErrorFromResponse(400, { error: { code: 'invalid_argument', message: 'Invalid venue', details } });
    expect(error.details).toEqual(details);
    expect(error.fieldErrors).toEqual(details);
  });

  it('keeps code and message when details have an unexpected shape', () => {
    const error = apiErrorFromResponse(409, { error: { code: 'already_exists', message: 'Duplicate', details: 'x' } });
    expect(error).toMatchObject({ status: 409, code: 'already_exists', message: 'Duplicate', details: 'x' });
    expect(error.fieldErrors).toEqual([]);
  });

  it('falls back to a status-based message for foreign bodies', () => {
    expect(apiErrorFromResponse(503, '<html>Bad gateway</html>')).toMatchObject({
      status: 503,
      code: 'server_error',
      message: 'The service is unavailable right now. Please try again.',
    });
    expect(apiErrorFromResponse(418, undefined)).toMatchObject({ code: 'http_error', message: 'Request failed (HTTP 418).' });
  });
});

describe('helpers', () => {
  it('recognises aborts', () => {
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });

  it('describes network failures and any error', () => {
    const cause = new TypeError('fetch failed');
    const error = networkError(cause);
    expect(error).toMatchObject({ status: 0, code: 'network_error', cause });
    expect(errorMessage(error)).toMatch(/Could not reach the server/);
    expect(errorMessage('weird')).toBe('Something went wrong.');
  });
});
