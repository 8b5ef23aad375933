import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningReplica } from '../processes/service-process.ts';
import { eventually } from './eventually.ts';

/**
 * Starts a stopped replica and kills it with SIGKILL after a random while in [minMs, maxMs), `kills` times, then
 * starts it for good: the kills land at random stages of its work. Resolves with the milliseconds it all took.
 */
export async function killRepeatedly(replica: RunningReplica, kills: number, { minMs, maxMs }: { minMs: number; maxMs: number }): Promise<number> {
  const started = Date.now();
  for (let kill = 0; kill < kills; kill++) {
    await replica.start();
    await sleep(minMs + Math.floor(Math.random() * (maxMs - minMs)));
    replica.process.child.kill('SIGKILL');
    await eventually(() => {
      if (!replica.process.exited) throw new Error('the killed process has not exited yet');
    }, 5000);
    await replica.stop();
  }
  await replica.start();
  return Date.now() - started;
}
