// How busy the machine was with other work while `npm test` ran (Linux /proc): the machine's busy CPU time
// less this process's own and its finished children's (each child's includes those it waited for: the
// servers, the browsers, vitest's workers). Elsewhere the figures are unknown and the budget check does
// without them.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface CpuSample {
  /** Busy CPU seconds of the whole machine since boot (all cores). */
  machineBusy: number;
  /** CPU seconds of this process and its waited-for children. */
  ours: number;
}

export function sampleCpu(): CpuSample | undefined {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …: busy = everything but idle and iowait.
    const busyTicks = cpu.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
    // /proc/self/stat: after the command name in parentheses, fields 14-17 are utime stime cutime cstime.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ownTicks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return { machineBusy: busyTicks / TICKS_PER_SECOND, ours: ownTicks / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** Other processes' CPU between two samples, in cores on average over `wallSeconds`. */
export function otherCores(start: CpuSample | undefined, end: CpuSample | undefined, wallSeconds: number): number | undefined {
  if (!start || !end || wallSeconds <= 0) return undefined;
  const other = end.machineBusy - start.machineBusy - (end.ours - start.ours);
  return Math.max(0, other) / wallSeconds;
}
