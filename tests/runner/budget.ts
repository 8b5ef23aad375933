// The time budget of `npm test`, and how a run is judged against it. Pure: the runner (test.ts) measures, this
// decides; unit-tested in budget.test.ts.

/**
 * The whole command, from its start (npm ci and the infrastructure install included) to its summary line, on the
 * project's kind of machine (2 cores, 24 GiB). The goal: within `warmSeconds` when the machine has run it before
 * (Go binaries, schemathesis and the npm and turbo caches warm), `freshSeconds` when it built the infrastructure
 * servers this time. Until the suite reaches the goal, a run over it is a warning, and the check fails a run
 * that passes the enforced limit (`limitWarmSeconds` / `limitFreshSeconds`, where the suite stands today) by
 * more than `tolerance`, so that it cannot grow unnoticed; the limit comes down as the suite gets faster, to the
 * goal. A run of a machine visibly busy with other work, or running slower than usual, only warns.
 */
export const TEST_BUDGET = {
  cores: 2,
  warmSeconds: 15 * 60,
  freshSeconds: 25 * 60,
  limitWarmSeconds: 28 * 60,
  limitFreshSeconds: 38 * 60,
  tolerance: 0.2,
  /** Other work's CPU, in cores on average over the run, from which the machine counts as busy. */
  busyOtherCores: 0.5,
  /**
   * The CPU time of cpu.ts's speed probe on this kind of machine running at its usual speed (72–80 ms measured), and
   * the factor over it (the run's median) from which the machine counts as slow: the same suite took 974 s on it
   * and 1,677 s while the host ran at about half speed.
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
}

export type BudgetVerdict =
  | { kind: 'within' | 'over-goal' | 'over' | 'over-busy'; limitSeconds: number; budgetSeconds: number; message: string }
  | { kind: 'not-judged'; message: string };

const minutes = (seconds: number): string => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

export function judgeBudget(input: BudgetInput, budget: typeof TEST_BUDGET = TEST_BUDGET): BudgetVerdict {
  if (!input.fullRun) return { kind: 'not-judged', message: 'budget: judged on full runs only (no --project, no file filter)' };
  if (input.cores !== budget.cores) {
    return { kind: 'not-judged', message: `budget: set for ${budget.cores}-core machines; this one has ${input.cores} cores, so the run is not judged` };
  }
  const budgetSeconds = input.fresh ? budget.freshSeconds : budget.warmSeconds;
  const limitSeconds = (input.fresh ? budget.limitFreshSeconds : budget.limitWarmSeconds) * (1 + budget.tolerance);
  const which = input.fresh ? 'a fresh machine' : 'a warm machine';
  const took = `${minutes(input.totalSeconds)} against the goal of ${minutes(budgetSeconds)} for ${which}`;
  if (input.totalSeconds <= budgetSeconds) return { kind: 'within', limitSeconds, budgetSeconds, message: `budget: ${took}` };
  if (input.totalSeconds <= budgetSeconds * (1 + budget.tolerance)) {
    return { kind: 'within', limitSeconds, budgetSeconds, message: `budget: ${took}: over it by ${minutes(input.totalSeconds - budgetSeconds)}, within its ${Math.round(budget.tolerance * 100)} % allowance for noise` };
  }
  if (input.totalSeconds <= limitSeconds) {
    return { kind: 'over-goal', limitSeconds, budgetSeconds, message: `budget: ${took}: over the goal, within the enforced limit (fails above ${minutes(limitSeconds)})` };
  }
  const busyReasons: string[] = [];
  if (input.loadAtStart > input.cores) busyReasons.push(`load average ${input.loadAtStart.toFixed(2)} at the start, above the ${input.cores} cores`);
  if (input.otherCores !== undefined && input.otherCores >= budget.busyOtherCores) {
    busyReasons.push(`other processes used ${input.otherCores.toFixed(2)} cores on average during the run`);
  }
  if (input.probeMs !== undefined && input.probeMs > budget.referenceProbeMs * budget.slowProbeFactor) {
    busyReasons.push(`the machine ran slow: its CPU speed probe took ${Math.round(input.probeMs)} ms (median), against ${budget.referenceProbeMs} ms at its usual speed`);
  }
  if (busyReasons.length > 0) {
    return { kind: 'over-busy', limitSeconds, budgetSeconds, message: `budget WARNING: ${took}, over the limit of ${minutes(limitSeconds)}, but the machine was busy (${busyReasons.join('; ')})` };
  }
  const other = input.otherCores === undefined ? 'unknown' : `${input.otherCores.toFixed(2)} cores`;
  const probe = input.probeMs === undefined ? '' : `, speed probe ${Math.round(input.probeMs)} ms against ${budget.referenceProbeMs}`;
  return {
    kind: 'over',
    limitSeconds,
    budgetSeconds,
    message: `budget EXCEEDED: ${took}, over the limit of ${minutes(limitSeconds)} on a quiet machine (load ${input.loadAtStart.toFixed(2)} at the start, other processes ${other}${probe})`,
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
