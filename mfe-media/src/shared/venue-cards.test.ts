import type { DataCard } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import { venueCardsOf } from './venue-cards.ts';

const card = (id: string, title: string) => ({ id, title }) as DataCard;

describe('venueCardsOf', () => {
  it('lists each card once, by title, once every department is in', () => {
    const power = card('p', 'Power');
    expect(venueCardsOf([{ items: [power, card('d', 'Loading Dock')] }, { items: [power] }, { items: [] }])?.map((c) => c.title)).toEqual([
      'Loading Dock',
      'Power',
    ]);
    expect(venueCardsOf([{ items: [power] }, undefined])).toBeUndefined();
  });
});
