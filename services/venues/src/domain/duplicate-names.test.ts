import { describe, expect, it } from 'vitest';
import { matchNames, normaliseVenueName, SIMILAR_NAME_THRESHOLD } from './duplicate-names.ts';

const match = (typed: string, existing: string) => matchNames(normaliseVenueName(typed), typed, normaliseVenueName(existing));

describe('normaliseVenueName', () => {
  it('lower-cases, folds accents, drops apostrophes and the word "the", turns punctuation into word breaks and collapses spaces', () => {
    expect(normaliseVenueName('  The   O2 Arena ')).toEqual({ words: 'o2 arena', compact: 'o2arena' });
    expect(normaliseVenueName('Théâtre du Châtelet')).toEqual({ words: 'theatre du chatelet', compact: 'theatreduchatelet' });
    expect(normaliseVenueName("Joe's Pub")).toEqual({ words: 'joes pub', compact: 'joespub' });
    expect(normaliseVenueName('Mercedes-Benz Stadium')).toEqual({ words: 'mercedes benz stadium', compact: 'mercedesbenzstadium' });
    expect(normaliseVenueName('Arts & Science Hall').words).toBe('arts and science hall');
    // Only the whole word: 'Theater' keeps its 'the'; 'a' stays ('Stage A' is a name).
    expect(normaliseVenueName('Theater at the Park').words).toBe('theater at park');
    expect(normaliseVenueName('Stage A').words).toBe('stage a');
    expect(normaliseVenueName(' -- ').compact).toBe('');
  });
});

describe('matchNames (the examples the threshold was chosen by)', () => {
  it('is an exact match when the normalised names are equal, spaces aside', () => {
    expect(match('The O2 Arena', 'O2 Arena')).toEqual({ similarity: 1, reason: 'Exact name match', exact: true });
    expect(match('madison square garden', 'Madison Square Garden!')).toMatchObject({ exact: true });
    expect(match('Crypto.com Arena', 'Cryptocom Arena')).toMatchObject({ exact: true });
    expect(match('Mercedes-Benz Stadium', 'Mercedes Benz Stadium')).toMatchObject({ exact: true });
    expect(match('Théâtre Royal', 'Theatre Royal')).toMatchObject({ exact: true });
  });

  it('finds abbreviations and typos very similar (Levenshtein similarity ≥ 0.8)', () => {
    expect(SIMILAR_NAME_THRESHOLD).toBe(0.8);
    expect(match('Madison Sq Garden', 'Madison Square Garden')).toEqual({ similarity: 0.81, reason: 'Very similar name', exact: false });
    expect(match('Staples Centre', 'Staples Center')).toEqual({ similarity: 0.86, reason: 'Very similar name', exact: false });
    expect(match('Wembly Stadium', 'Wembley Stadium')).toEqual({ similarity: 0.93, reason: 'Very similar name', exact: false });
    expect(match('Red Rocks Amphitheater', 'Red Rocks Amphitheatre')).toMatchObject({ reason: 'Very similar name' });
  });

  it('finds one name inside the other when it covers at least half of it', () => {
    expect(match('Arena', 'Arena 2')).toEqual({ similarity: 0.71, reason: 'Name contains "Arena"', exact: false });
    expect(match('Madison Square Garden Theater', 'Madison Square Garden')).toEqual({
      similarity: 0.72,
      reason: 'Name is contained in "Madison Square Garden Theater"',
      exact: false,
    });
  });

  it('leaves different venues that share words out', () => {
    expect(match('Arena', 'Crypto.com Arena')).toBeNull();
    expect(match('State Farm Arena', 'State Farm Stadium')).toBeNull();
    expect(match('Rogers Arena', 'Rogers Centre')).toBeNull();
    expect(match('Madison Square Garden', 'Madison Avenue Hotel')).toBeNull();
    expect(match('Chase Center', 'Chase Field')).toBeNull();
    expect(match('Grand Ballroom', 'Grand Hotel')).toBeNull();
    // Part of a word is not containment.
    expect(match('Arena', 'Arenas Bar')).toBeNull();
    // A name of punctuation only matches nothing.
    expect(match('!!!', '???')).toBeNull();
  });
});
