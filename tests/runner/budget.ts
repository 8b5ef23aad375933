// The time budget of `npm test`, and how a run is judged against it. Pure: the runner (test.ts) measures, this
// decides; unit-tested in budget.test.ts.

/**
 * The whole command, from its start (npm ci and the infrastructure install included) to its summary line, on the
 * project's kind of machine (2 cores, 24 GiB): within `warmSeconds` when the machine has run it before (Go
 * binaries, schemathesis and the npm and turbo caches warm), `freshSeconds` when it built the infrastructure
 * servers this time. A run up to `tolerance` over it passes (noise); a run further over fails, so that the suite
 * cannot grow unnoticed, unless the machine was visibly busy with other work or ran slower than usual: then it
 * is a warning with the numbers.
 */
export const TEST_BUDGET = {
  cores: 2,
  warmSeconds: 15 * 60,
  freshSeconds: 25 * 60,
  tolerance: 0.2,
  /** Other work's CPU, in cores on average over the run, from which the machine counts as busy. */
  busyOtherCores: 0.5,
  /**
   * The time of cpu.ts's speed probe on this kind of machine running at its usual speed (its CPU time, the same in
   * wall time when nothing else runs), and the factor over it from which the machine counts as slow: the run's
   * median CPU time, or the median wall time of the three probes at the start. A host running below its usual
   * speed stretches the whole suite (docs/decisions/0001-test-suite-time-budget.md).
   */
  referenceProbeMs: 76,
  slowProbeFactor: 1.3,
} as const;

export interface BudgetInput {
  /** Wall time of the whole command, in seconds. */
  totalSeconds: number;
  /** The infrastructure servers (or schemathesis) were built or installed by this run. */
  fresh: boolean;
  /** The machine's cores. */
  cores: number;
  /** Every project and the benchmarks ran (no --project, no file filter). */
  fullRun: boolean;
  /** The 1-minute load average when the command started. */
  loadAtStart: number;
  /** CPU that processes outside this run used during it, in cores on average (undefined when unknown). */
  otherCores: number | undefined;
  /** The median CPU time of the speed probe over the run, in ms (undefined when not measured). */
  probeMs?: number | undefined;
  /** The median wall time of the speed probes at the start, before anything of the run ran, in ms. */
  startWallMs?: number | undefined;
}

export type BudgetVerdict =
  | { kind: 'within' | 'over' | 'over-busy'; limitSeconds: number; budgetSeconds: number; message: string }
  | { kind: 'not-judged'; message: string };

const minutes = (seconds: number): string => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

export function judgeBudget(input: BudgetInput, budget: typeof TEST_BUDGET = TEST_BUDGET): BudgetVerdict {
  if (!input.fullRun) return { kind: 'not-judged', message: 'budget: judged on full runs only (no --project, no file filter)' };
  if (input.cores !== budget.cores) {
    return { kind: 'not-judged', message: `budget: set for ${budget.cores}-core machines; this one has ${input.cores} cores, so the run is not judged` };
  }
  const budgetSeconds = input.fresh ? budget.freshSeconds : budget.warmSeconds;
  const limitSeconds = budgetSeconds * (1 + budget.tolerance);
  const which = input.fresh ? 'a fresh machine' : 'a warm machine';
  const took = `${minutes(input.totalSeconds)} against the budget of ${minutes(budgetSeconds)} for ${which}`;
  if (input.totalSeconds <= budgetSeconds) return { kind: 'within', limitSeconds, budgetSeconds, message: `budget: ${took}` };
  if (input.totalSeconds <= limitSeconds) {
    return {
      kind: 'within',
      limitSeconds,
      budgetSeconds,
      message: `budget: ${took}: over it by ${minutes(input.totalSeconds - budgetSeconds)}, within its ${Math.round(budget.tolerance * 100)} % allowance for noise`,
    };
  }
  const busyReasons: string[] = [];
  if (input.loadAtStart > input.cores) busyReasons.push(`load average ${input.loadAtStart.toFixed(2)} at the start, above the ${input.cores} cores`);
  if (input.otherCores !== undefined && input.otherCores >= budget.busyOtherCores) {
    busyReasons.push(`other processes used ${input.otherCores.toFixed(2)} cores on average during the run`);
  }
  const slowFrom = budget.referenceProbeMs * budget.slowProbeFactor;
  if (input.probeMs !== undefined && input.probeMs > slowFrom) {
    busyReasons.push(
      `the machine ran slow: its speed probe took ${Math.round(input.probeMs)} ms of CPU (median), against ${budget.referenceProbeMs} ms at its usual speed`,
    );
  }
  if (input.startWallMs !== undefined && input.startWallMs > slowFrom) {
    busyReasons.push(
      `the machine ran slow: its speed probe took ${Math.round(input.startWallMs)} ms of wall time at the start, against ${budget.referenceProbeMs} ms at its usual speed`,
    );
  }
  if (busyReasons.length > 0) {
    return {
      kind: 'over-busy',
      limitSeconds,
      budgetSeconds,
      message: `budget WARNING: ${took}, over it by more than ${Math.round(budget.tolerance * 100)} % (${minutes(limitSeconds)}), but the machine was busy (${busyReasons.join('; ')})`,
    };
  }
  const other = input.otherCores === undefined ? 'unknown' : `${input.otherCores.toFixed(2)} cores`;
  const probe = [
    ...(input.probeMs === undefined ? [] : [`speed probe ${Math.round(input.probeMs)} ms of CPU`]),
    ...(input.startWallMs === undefined ? [] : [`${Math.round(input.startWallMs)} ms of wall time at the start`]),
  ];
  return {
    kind: 'over',
    limitSeconds,
    budgetSeconds,
    message: `budget EXCEEDED: ${took}, over it by more than ${Math.round(budget.tolerance * 100)} % (${minutes(limitSeconds)}) on a quiet machine (load ${input.loadAtStart.toFixed(2)} at the start, other processes ${other}${probe.length > 0 ? `, ${probe.join(', ')} against ${budget.referenceProbeMs}` : ''})`,
  };
}

export interface TimedFile {
  /** The vitest project, or 'bench'. */
  project: string;
  file: string;
  seconds: number;
}

/** The `count` slowest files, slowest first. */
export function slowestFiles(files: readonly TimedFile[], count = 10): TimedFile[] {
  return [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/** Lines of a two-column table: names left, seconds right-aligned. */
export function timeTable(rows: readonly { name: string; seconds: number; note?: string }[]): string[] {
  const width = Math.max(...rows.map((row) => row.name.length), 4);
  return rows.map((row) => `  ${row.name.padEnd(width)}  ${row.seconds.toFixed(1).padStart(7)} s${row.note ? `  ${row.note}` : ''}`);
}
