import { describe, expect, it } from 'vitest';
import { pageMapOf, remoteEntryUrls } from './remote-entries.ts';

describe('remoteEntryUrls', () => {
  it('points every remote at /remotes/<name>/remoteEntry.js on the page origin', () => {
    expect(remoteEntryUrls('https://venuebook.example.com')).toEqual({
      mfe_venues: 'https://venuebook.example.com/remotes/venues/remoteEntry.js',
      mfe_cards: 'https://venuebook.example.com/remotes/cards/remoteEntry.js',
      mfe_media: 'https://venuebook.example.com/remotes/media/remoteEntry.js',
      mfe_admin: 'https://venuebook.example.com/remotes/admin/remoteEntry.js',
    });
  });

  it('takes absolute http(s) overrides per remote and ignores anything else', () => {
    const urls = remoteEntryUrls('http://localhost:3000/', {
      mfe_venues: 'http://localhost:3001/remoteEntry.js',
      mfe_cards: 'javascript:alert(1)',
      mfe_media: 42,
      other: 'http://x/remoteEntry.js',
    });
    expect(urls.mfe_venues).toBe('http://localhost:3001/remoteEntry.js');
    expect(urls.mfe_cards).toBe('http://localhost:3000/remotes/cards/remoteEntry.js');
    expect(urls.mfe_media).toBe('http://localhost:3000/remotes/media/remoteEntry.js');
    expect(Object.keys(urls)).toHaveLength(4);
    expect(remoteEntryUrls('http://h', 'not an object').mfe_admin).toBe('http://h/remotes/admin/remoteEntry.js');
  });
});

describe('pageMapOf', () => {
  const Home = () => null;
  it('reads `pages`, falling back to the default export', () => {
    expect(pageMapOf({ pages: { home: Home } })).toEqual({ home: Home });
    expect(pageMapOf({ default: { home: Home } })).toEqual({ home: Home });
    expect(pageMapOf({ pages: {} })).toEqual({});
  });
  it('rejects modules without a page map', () => {
    expect(() => pageMapOf(null)).toThrow(/no page map/);
    expect(() => pageMapOf({ pages: 'x' })).toThrow(/no page map/);
  });
});
