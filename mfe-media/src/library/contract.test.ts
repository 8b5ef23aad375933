import { describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_VERSION, parseMediaLibraryProps } from './contract.ts';

describe('the media library props (version 1)', () => {
  it('applies the defaults to the minimal props', () => {
    expect(parseMediaLibraryProps({ version: 1, venueId: 'venue-1' })).toEqual({
      version: MEDIA_LIBRARY_VERSION,
      venueId: 'venue-1',
      view: 'photos',
      getAccessToken: undefined,
      apiOrigin: undefined,
      colorMode: 'light',
      onEvent: undefined,
    });
  });

  it('keeps every prop a host may pass', () => {
    const getAccessToken = async () => 'token';
    const onEvent = () => {};
    const props = parseMediaLibraryProps({
      version: 1,
      venueId: 'v',
      view: 'documents',
      getAccessToken,
      apiOrigin: 'https://venuebook.example.com',
      colorMode: 'dark',
      onEvent,
    });
    expect(props).toMatchObject({ view: 'documents', apiOrigin: 'https://venuebook.example.com', colorMode: 'dark' });
    expect(props.getAccessToken).toBe(getAccessToken);
    expect(props.onEvent).toBe(onEvent);
  });

  it('refuses another version with a message naming the one it implements', () => {
    expect(() => parseMediaLibraryProps({ version: 2, venueId: 'v' })).toThrow('invalid props: version must be 1 (this library implements props version 1)');
    expect(() => parseMediaLibraryProps({ venueId: 'v' })).toThrow(/version must be 1/);
  });

  it('names every bad prop at once', () => {
    const error = (() => {
      try {
        parseMediaLibraryProps({ version: 1, venueId: ' ', view: 'videos', onEvent: 'log', getAccessToken: 'secret', colorMode: 'blue' });
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error('no error');
    })();
    expect(error.message).toMatch(/^Venue Book media library: invalid props: /);
    for (const key of ['venueId must be a venue id', 'view ', 'onEvent must be a function', 'getAccessToken must be a function', 'colorMode '])
      expect(error.message).toContain(key);
  });

  it('takes a venue id as one path segment only (the API URLs are built from it)', () => {
    expect(parseMediaLibraryProps({ version: 1, venueId: '4566da93-1c2b-4e5f-8a9b-0c1d2e3f4a5b' }).venueId).toBe('4566da93-1c2b-4e5f-8a9b-0c1d2e3f4a5b');
    for (const venueId of ['.', '..', '../users', 'a/b', 'a?b', 'a#b', '%2e%2e', 'x'.repeat(201)]) {
      expect(() => parseMediaLibraryProps({ version: 1, venueId }), venueId).toThrow(/venueId must be a venue id/);
    }
  });

  it('takes an origin only: no path, no trailing slash, http(s)', () => {
    expect(parseMediaLibraryProps({ version: 1, venueId: 'v', apiOrigin: 'http://127.0.0.1:8080' }).apiOrigin).toBe('http://127.0.0.1:8080');
    for (const apiOrigin of ['https://venuebook.example.com/', 'https://venuebook.example.com/api', 'javascript:alert(1)', 'venuebook.example.com']) {
      expect(() => parseMediaLibraryProps({ version: 1, venueId: 'v', apiOrigin }), apiOrigin).toThrow(/apiOrigin must be an origin/);
    }
  });

  it('refuses unknown props (a typo is not silently ignored) and what is not an object', () => {
    expect(() => parseMediaLibraryProps({ version: 1, venueId: 'v', venue: 'x' })).toThrow(/Unrecognized key/i);
    expect(() => parseMediaLibraryProps(null)).toThrow('props must be an object');
    expect(() => parseMediaLibraryProps('v')).toThrow('props must be an object');
  });
});
