import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './previews.ts';

describe('concurrencyLimit (previews made at once)', () => {
  it('never runs more than the limit, runs every job in order, and survives failures', async () => {
    const inTurn = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (index: number) =>
      inTurn(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5 + (index % 3) * 3));
        running -= 1;
        if (index === 3) throw new Error('unreadable');
        return index;
      });
    const results = await Promise.allSettled(Array.from({ length: 9 }, (_, index) => job(index)));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Free again afterwards: two start at once.
    let together = 0;
    await Promise.all(
      [0, 1].map(() =>
        inTurn(async () => {
          together += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
          expect(together).toBeLessThanOrEqual(2);
        }),
      ),
    );
    expect(together).toBe(2);
  });
});
