import { describe, expect, it } from 'vitest';
import { median, otherCores, parseStat, ProcessWatch, speedProbe } from './cpu.ts';
import type { ProcessEntry } from './cpu.ts';

const table = (entries: Record<number, [ppid: number, ticks: number]>): Map<number, ProcessEntry> =>
  new Map(Object.entries(entries).map(([pid, [ppid, ticks]]) => [Number(pid), { ppid, ticks }]));

describe('parseStat', () => {
  it('reads the parent and the own user + system ticks, past a command name with spaces and parentheses', () => {
    const stat = '4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 100 0 0 0 150 25 7 3 20 0 11 0 900 1000 200';
    expect(parseStat(stat)).toEqual({ ppid: 4200, ticks: 175 });
  });
});

describe('ProcessWatch', () => {
  it("counts other work's ticks from the first reading, not the run's own descendants", () => {
    const watch = new ProcessWatch(100);
    // 100 is the runner; 200 its vitest; 300 a server vitest started; 900 someone else's compiler.
    watch.observe(table({ 1: [0, 0], 100: [1, 10], 200: [100, 50], 300: [200, 20], 900: [1, 1000] }));
    expect(watch.foreignTicks).toBe(0);
    watch.observe(table({ 1: [0, 0], 100: [1, 30], 200: [100, 400], 300: [200, 600], 900: [1, 1300] }));
    expect(watch.foreignTicks).toBe(300);
  });

  it("keeps a server as the run's after its parent ended and init adopted it", () => {
    const watch = new ProcessWatch(100);
    watch.observe(table({ 1: [0, 0], 100: [1, 0], 200: [100, 0], 300: [200, 0] }));
    // The worker 200 ended; its server 300 now has init as its parent and keeps working.
    watch.observe(table({ 1: [0, 0], 100: [1, 0], 300: [1, 800] }));
    expect(watch.foreignTicks).toBe(0);
  });

  it("counts a foreign process that appears during the watch from its start, and one of the run's not at all", () => {
    const watch = new ProcessWatch(100);
    watch.observe(table({ 1: [0, 0], 100: [1, 0] }));
    // A new grandchild of the runner (through a child not seen before) and a new foreign process.
    watch.observe(table({ 1: [0, 0], 100: [1, 0], 150: [100, 5], 160: [150, 500], 700: [1, 250] }));
    expect(watch.foreignTicks).toBe(250);
    // Init's own time (pid 1) counts as other work too.
    watch.observe(table({ 1: [0, 20], 100: [1, 0], 150: [100, 5], 160: [150, 900], 700: [1, 250] }));
    expect(watch.foreignTicks).toBe(270);
  });
});

describe('otherCores', () => {
  it("is the machine's busy CPU less the run's, per second of the run", () => {
    expect(otherCores({ machineBusy: 100, ours: 40 }, { machineBusy: 160, ours: 90 }, 20)).toBe(0.5);
    expect(otherCores(undefined, { machineBusy: 1, ours: 1 }, 20)).toBeUndefined();
  });
});

describe('the speed probe', () => {
  it('measures the CPU time and the wall time of its fixed work, and the median of the samples', () => {
    const probe = speedProbe();
    expect(probe.cpuMs).toBeGreaterThan(1);
    expect(probe.cpuMs).toBeLessThan(10_000);
    // Not bounded by the CPU time either way: V8 compiles and collects garbage on threads of its own, beside the work.
    expect(probe.wallMs).toBeGreaterThan(1);
    expect(probe.wallMs).toBeLessThan(60_000);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});
