import { describe, expect, it } from 'vitest';
import { WorkLimit } from './work-limit.ts';

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const busy = () => new Error('busy');
/** Lets every settled promise's continuation run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkLimit', () => {
  it('runs at most `concurrency` at once, queues `maxWaiting` more in order, and refuses the rest at once', async () => {
    const limit = new WorkLimit({ concurrency: 2, maxWaiting: 2, busy });
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      limit.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(limit.counts).toEqual({ running: 2, waiting: 2 });

    // The queue is full: refused at once, and nothing of it runs.
    let ranRefused = false;
    await expect(
      limit.run(async () => {
        ranRefused = true;
      }),
    ).rejects.toThrow('busy');
    expect(ranRefused).toBe(false);

    gates[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(limit.counts).toEqual({ running: 2, waiting: 1 });
    // A slot is waiting-room again.
    const fifth = gate();
    const fifthRun = limit.run(async () => {
      started.push(4);
      await fifth.opened;
      return 4;
    });
    expect(limit.counts).toEqual({ running: 2, waiting: 2 });

    for (const g of [gates[0]!, gates[2]!, gates[3]!, fifth]) g.open();
    expect(await Promise.all([...runs, fifthRun])).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limit.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const limit = new WorkLimit({ concurrency: 1, maxWaiting: 0, busy });
    await expect(limit.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await limit.run(() => Promise.resolve('next'))).toBe('next');
    expect(limit.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('with no waiting room refuses whatever comes while the slots are taken', async () => {
    const limit = new WorkLimit({ concurrency: 1, maxWaiting: 0, busy });
    const g = gate();
    const first = limit.run(() => g.opened);
    await expect(limit.run(() => Promise.resolve())).rejects.toThrow('busy');
    g.open();
    await first;
  });
});
