import { describe, expect, it } from 'vitest';
import { judgeBudget, slowestFiles, TEST_BUDGET, timeTable } from './budget.ts';

const quiet = { fresh: false, cores: 2, fullRun: true, loadAtStart: 0.3, otherCores: 0.05 };

describe('the test budget', () => {
  it('passes a warm run within 15 minutes, and up to 20 % over', () => {
    expect(judgeBudget({ ...quiet, totalSeconds: 14 * 60 }).kind).toBe('within');
    expect(judgeBudget({ ...quiet, totalSeconds: 14 * 60 }).message).toBe('budget: 14 min 0 s against the budget of 15 min 0 s for a warm machine');
    const allowed = judgeBudget({ ...quiet, totalSeconds: 16 * 60 + 14 });
    expect(allowed.kind).toBe('within');
    expect(allowed.message).toBe(
      'budget: 16 min 14 s against the budget of 15 min 0 s for a warm machine: over it by 1 min 14 s, within its 20 % allowance for noise',
    );
    expect(judgeBudget({ ...quiet, totalSeconds: 18 * 60 }).kind).toBe('within');
  });

  it('fails a warm run more than 20 % over on a quiet machine, with the numbers', () => {
    const verdict = judgeBudget({ ...quiet, totalSeconds: 18 * 60 + 1, probeMs: 75, startWallMs: 77 });
    expect(verdict.kind).toBe('over');
    expect(verdict.message).toBe(
      'budget EXCEEDED: 18 min 1 s against the budget of 15 min 0 s for a warm machine, over it by more than 20 % (18 min 0 s) on a quiet machine (load 0.30 at the start, other processes 0.05 cores, speed probe 75 ms of CPU, 77 ms of wall time at the start against 76)',
    );
  });

  it('gives a fresh machine (infrastructure built this run) 25 minutes, and fails it above 30', () => {
    expect(judgeBudget({ ...quiet, fresh: true, totalSeconds: 24 * 60 }).message).toBe(
      'budget: 24 min 0 s against the budget of 25 min 0 s for a fresh machine',
    );
    expect(judgeBudget({ ...quiet, fresh: true, totalSeconds: 30 * 60 }).kind).toBe('within');
    expect(judgeBudget({ ...quiet, fresh: true, totalSeconds: 30 * 60 + 1 }).kind).toBe('over');
  });

  it('only warns when the machine was busy: load above the cores at the start, or other work during the run', () => {
    const over = TEST_BUDGET.warmSeconds * 1.3;
    const loaded = judgeBudget({ ...quiet, loadAtStart: 2.5, totalSeconds: over });
    expect(loaded.kind).toBe('over-busy');
    expect(loaded.message).toContain('load average 2.50 at the start, above the 2 cores');
    const shared = judgeBudget({ ...quiet, otherCores: TEST_BUDGET.busyOtherCores, totalSeconds: over });
    expect(shared.kind).toBe('over-busy');
    expect(shared.message).toContain('other processes used 0.50 cores on average');
    expect(judgeBudget({ ...quiet, otherCores: TEST_BUDGET.busyOtherCores - 0.01, totalSeconds: over }).kind).toBe('over');
  });

  it('only warns when the machine ran slow: the speed probe over its reference by more than the factor, in CPU time or at the start in wall time', () => {
    const over = TEST_BUDGET.warmSeconds * 1.3;
    const slow = judgeBudget({ ...quiet, probeMs: 160, totalSeconds: over });
    expect(slow.kind).toBe('over-busy');
    expect(slow.message).toContain('its speed probe took 160 ms of CPU (median), against 76 ms at its usual speed');
    const stolen = judgeBudget({ ...quiet, probeMs: 80, startWallMs: 150, totalSeconds: over });
    expect(stolen.kind).toBe('over-busy');
    expect(stolen.message).toContain('its speed probe took 150 ms of wall time at the start, against 76 ms at its usual speed');
    const usual = judgeBudget({
      ...quiet,
      probeMs: TEST_BUDGET.referenceProbeMs * TEST_BUDGET.slowProbeFactor,
      startWallMs: TEST_BUDGET.referenceProbeMs * TEST_BUDGET.slowProbeFactor,
      totalSeconds: over,
    });
    expect(usual.kind).toBe('over');
    expect(usual.message).toContain('speed probe 99 ms of CPU, 99 ms of wall time at the start against 76');
  });

  it('does not judge a partial run or another kind of machine', () => {
    expect(judgeBudget({ ...quiet, fullRun: false, totalSeconds: 60 * 60 }).kind).toBe('not-judged');
    const bigger = judgeBudget({ ...quiet, cores: 8, totalSeconds: 60 * 60 });
    expect(bigger).toEqual({ kind: 'not-judged', message: 'budget: set for 2-core machines; this one has 8 cores, so the run is not judged' });
  });

  it('treats an unknown share of other work as a quiet machine', () => {
    expect(judgeBudget({ ...quiet, otherCores: undefined, totalSeconds: 60 * 60 }).message).toContain('other processes unknown');
  });
});

describe('the slowest files and the time table', () => {
  it('lists the slowest first, at most the count asked for', () => {
    const files = Array.from({ length: 12 }, (_, index) => ({ project: 'unit', file: `f${index}.test.ts`, seconds: (index * 7) % 12 }));
    const slowest = slowestFiles(files, 3);
    expect(slowest.map((file) => file.seconds)).toEqual([11, 10, 9]);
    expect(slowestFiles(files)).toHaveLength(10);
  });

  it('aligns names and right-aligns seconds', () => {
    expect(
      timeTable([
        { name: 'build', seconds: 5 },
        { name: 'integration', seconds: 312.04, note: 'x' },
      ]),
    ).toEqual(['  build            5.0 s', '  integration    312.0 s  x']);
  });
});
