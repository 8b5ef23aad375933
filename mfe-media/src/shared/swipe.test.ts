import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe.ts';

describe('swipeDirection (spec §5, §9: more than 50 px)', () => {
  it('needs more than 50 px sideways', () => {
    expect(swipeDirection(-50, 0)).toBeNull();
    expect(swipeDirection(50, 0)).toBeNull();
    expect(swipeDirection(-51, 0)).toBe('next');
    expect(swipeDirection(51, 0)).toBe('prev');
  });

  it('ignores a move that is more vertical than horizontal (scrolling)', () => {
    expect(swipeDirection(-80, 120)).toBeNull();
    expect(swipeDirection(80, -80)).toBeNull();
    expect(swipeDirection(-120, 40)).toBe('next');
  });

  it('takes another threshold', () => {
    expect(swipeDirection(-30, 0, 20)).toBe('next');
  });
});
