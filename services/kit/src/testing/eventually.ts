import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `check` until it passes (e.g. another replica has applied an event), at most `ms`; then its last failure is
 * the test's failure.
 */
export async function eventually(check: () => Promise<void> | void, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}
