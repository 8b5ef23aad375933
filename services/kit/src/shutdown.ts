import type { Logger } from 'pino';

type ShutdownHook = () => Promise<void> | void;

const hooks: ShutdownHook[] = [];
let shuttingDown: Promise<void> | undefined;
let signalsInstalled = false;

/** Registers work to do on shutdown. Hooks run in reverse order of registration (last started, first stopped). */
export function onShutdown(hook: ShutdownHook): void {
  hooks.push(hook);
}

/** Runs all shutdown hooks once (later calls return the same promise). Errors are logged, not thrown. */
export function shutdown(logger?: Logger): Promise<void> {
  shuttingDown ??= (async () => {
    for (const hook of hooks.splice(0).reverse()) {
      try {
        await hook();
      } catch (error) {
        if (logger) logger.error({ err: error }, 'shutdown hook failed');
        else console.error('shutdown hook failed', error);
      }
    }
  })();
  return shuttingDown;
}

export interface RunServiceOptions {
  logger: Logger;
  /** Exit anyway when shutdown takes longer than this. Default 15 s. */
  shutdownTimeoutMs?: number;
}

/**
 * Starts a process: runs `start`, registers its `stop` as a shutdown hook and handles SIGINT/SIGTERM once
 * (a second signal exits immediately). A failing start logs the error and exits with status 1.
 */
export async function runService<T extends { stop: () => Promise<void> | void }>(start: () => Promise<T>, options: RunServiceOptions): Promise<T | undefined> {
  const { logger } = options;
  if (!signalsInstalled) {
    signalsInstalled = true;
    const handle = (signal: NodeJS.Signals): void => {
      if (shuttingDown) {
        logger.warn({ signal }, 'second signal; exiting now');
        process.exit(1);
      }
      logger.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        logger.error('shutdown timed out; exiting');
        process.exit(1);
      }, options.shutdownTimeoutMs ?? 15_000);
      timer.unref();
      void shutdown(logger).then(() => {
        logger.flush?.();
        process.exit(0);
      });
    };
    process.on('SIGINT', handle);
    process.on('SIGTERM', handle);
  }
  try {
    const running = await start();
    onShutdown(() => running.stop());
    return running;
  } catch (error) {
    logger.fatal({ err: error }, 'failed to start');
    await shutdown(logger);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
    return undefined;
  }
}
