import type { Logger } from '@venuebook/service-kit';
import type { DriveChanges } from '../use-cases/drive-changes.ts';

export interface RunningChangesPoll {
  /** Stops the timer; a read in progress stops between files and is waited for up to `graceMs`. */
  stop(): Promise<void>;
}

/**
 * Reads Drive's changes feed at start and then `intervalMs` after each read ends (never two reads of one process at
 * once): files put in a venue's Drive folders are imported without the button. A read that fails (Drive or the
 * database unreachable) is logged, and the next one starts again from the saved page token.
 */
export function startChangesPoll(options: { changes: Pick<DriveChanges, 'poll'>; intervalMs: number; graceMs: number; logger: Logger }): RunningChangesPoll {
  const { changes, intervalMs, graceMs, logger } = options;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | undefined;
  const tick = (): void => {
    reading = changes
      .poll({ signal: abort.signal })
      .then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error }, "Google Drive's changes feed could not be read; the next read tries again"),
      )
      .finally(() => {
        reading = undefined;
        if (abort.signal.aborted) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  };
  tick();
  return {
    async stop() {
      abort.abort();
      clearTimeout(timer);
      const current = reading;
      if (!current) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise<void>((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
    },
  };
}
