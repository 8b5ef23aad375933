// A tiny process for shutdown.test.ts: runService + onShutdown, driven by signals.
import { createLogger } from '../logger.ts';
import { onShutdown, runService } from '../shutdown.ts';

const logger = createLogger('fixture', { level: 'warn' });
onShutdown(() => {
  console.log('hook:registered-first');
});
const running = await runService(
  async () => {
    if (process.env.FIXTURE_FAIL === '1') throw new Error('cannot start');
    return {
      stop: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        console.log('stop:service');
      },
    };
  },
  { logger },
);
if (running) {
  console.log('ready');
  setInterval(() => undefined, 1000);
}
