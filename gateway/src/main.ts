import { runServiceMain } from '@venuebook/service-kit';
import type { Logger } from '@venuebook/service-kit';
import { buildApp } from './app.ts';
import { gatewayConfigSchema } from './config.ts';
import type { GatewayConfig } from './config.ts';

export interface RunningGateway {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Builds the app and listens on HOST:PORT (PORT 0 = any free port). stop() closes gracefully. */
export async function start(config: GatewayConfig, options: { logger?: Logger } = {}): Promise<RunningGateway> {
  const app = await buildApp(config, options.logger ? { logger: options.logger } : {});
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  let closing: Promise<void> | undefined;
  return {
    port,
    url: `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`,
    stop: () => {
      closing ??= app.close();
      return closing;
    },
  };
}

if (import.meta.main) await runServiceMain('gateway', gatewayConfigSchema, start);
