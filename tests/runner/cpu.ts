// How busy the machine was, and with whose work, while `npm test` ran (Linux /proc). The machine's busy CPU comes
// from /proc/stat; other work's from a watch of the process table (every second, and at each sample): a process is
// this run's when this process is among its ancestors, or when it was seen as this run's before (a server whose
// parent ended is handed to init, and stays this run's). Everything else is other work, counted from when it was
// first seen. Counting only this process's waited-for children instead missed the servers of the test stacks
// (their CPU is added to no parent until they are reaped), so the run's own work looked like other work.
// Elsewhere the figures are unknown and the budget check does without them.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
const WATCH_INTERVAL_MS = 1000;

export interface CpuSample {
  /** Busy CPU seconds of the whole machine since boot (all cores). */
  machineBusy: number;
  /** Busy CPU seconds of this run (the machine's less other work's since the watch began), on the same basis. */
  ours: number;
}

/** One process of the table: its parent and its own CPU ticks (user + system). */
export interface ProcessEntry {
  ppid: number;
  ticks: number;
}

/** Parses /proc/<pid>/stat: the parent and the process's own user + system ticks. */
export function parseStat(stat: string): ProcessEntry | undefined {
  // After the command name in parentheses (which may hold spaces and parentheses): state ppid … utime(14) stime(15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ppid) && Number.isFinite(ticks) ? { ppid, ticks } : undefined;
}

/**
 * Keeps apart this run's processes and other work's. `observe` takes one reading of the process table; other work's
 * ticks grow by what each foreign process used since it was last seen (since it was first seen, for one that
 * appeared during the watch; nothing for what ran before the first reading).
 */
export class ProcessWatch {
  private readonly ours: Set<number>;
  private lastForeign = new Map<number, number>();
  private first = true;
  /** Ticks other work used since the first reading. */
  foreignTicks = 0;

  constructor(rootPid: number) {
    this.ours = new Set([rootPid]);
  }

  observe(table: ReadonlyMap<number, ProcessEntry>): void {
    for (const pid of table.keys()) this.classify(pid, table);
    const seen = new Map<number, number>();
    for (const [pid, entry] of table) {
      if (this.ours.has(pid)) continue;
      const before = this.lastForeign.get(pid);
      if (!this.first) this.foreignTicks += before === undefined ? entry.ticks : Math.max(0, entry.ticks - before);
      seen.set(pid, entry.ticks);
    }
    this.lastForeign = seen;
    this.first = false;
  }

  /** Whether `pid` is this run's: known, or a descendant of a known one (then all on the way are marked). */
  private classify(pid: number, table: ReadonlyMap<number, ProcessEntry>): boolean {
    const chain: number[] = [];
    for (let at: number | undefined = pid; at !== undefined && at > 1 && chain.length < 64; at = table.get(at)?.ppid) {
      if (this.ours.has(at)) {
        for (const member of chain) this.ours.add(member);
        return true;
      }
      chain.push(at);
    }
    return false;
  }
}

function readProcessTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const entry = parseStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (entry) table.set(Number(name), entry);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return table;
}

function machineBusySeconds(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: busy = everything but idle and iowait.
  return cpu.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0) / TICKS_PER_SECOND;
}

let watch: ProcessWatch | undefined;
let unavailable = false;

function observeNow(): void {
  try {
    watch?.observe(readProcessTable());
  } catch {
    // /proc went away mid-read: the next reading makes up for it.
  }
}

/** The machine's and this run's busy CPU so far; the first call starts the watch. Undefined without /proc. */
export function sampleCpu(): CpuSample | undefined {
  if (unavailable) return undefined;
  try {
    if (!watch) {
      watch = new ProcessWatch(process.pid);
      watch.observe(readProcessTable());
      setInterval(observeNow, WATCH_INTERVAL_MS).unref();
    } else observeNow();
    const machineBusy = machineBusySeconds();
    return { machineBusy, ours: machineBusy - watch.foreignTicks / TICKS_PER_SECOND };
  } catch {
    unavailable = true;
    return undefined;
  }
}

/** Other processes' CPU between two samples, in cores on average over `wallSeconds`. */
export function otherCores(start: CpuSample | undefined, end: CpuSample | undefined, wallSeconds: number): number | undefined {
  if (!start || !end || wallSeconds <= 0) return undefined;
  const other = end.machineBusy - start.machineBusy - (end.ours - start.ours);
  return Math.max(0, other) / wallSeconds;
}

/** What the speed probe measured: its CPU time and its wall time, in ms. */
export interface SpeedProbe {
  cpuMs: number;
  wallMs: number;
}

/**
 * Times a fixed piece of work (hashing and integer arithmetic) in the CPU time of this process (user + system) and
 * in wall time. The CPU time does not change with this run's own load on the cores (it stays the same on a quiet
 * machine and with the tests keeping both cores busy, while the wall time grows), so it can be taken during the
 * run. The wall time means something only while nothing else runs (at the start): it also shows time the host
 * gave to others, which the CPU time shows far less (on a slow spell of the host, CPU-bound phases take much
 * longer while the CPU time of this work grows only a little).
 */
export function speedProbe(): SpeedProbe {
  const block = Buffer.alloc(1024, 7);
  const started = performance.now();
  const before = process.cpuUsage();
  let digest: Buffer = block;
  for (let i = 0; i < 20_000; i++) digest = createHash('sha256').update(digest).update(block).digest();
  let mix = digest[0]!;
  for (let i = 0; i < 5_000_000; i++) mix = (mix * 31 + i) | 0;
  const used = process.cpuUsage(before);
  // `mix` is used, so that the loop is not optimised away.
  return { cpuMs: (used.user + used.system) / 1000 + (mix === 0.5 ? 1 : 0), wallMs: performance.now() - started };
}

/** The median of the samples (undefined when there are none). */
export function median(samples: readonly number[]): number | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
