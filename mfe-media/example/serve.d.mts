import type { Server } from 'node:http';

/** A static server of the example folder with a generated /config.js naming the gateway (see serve.mjs). */
export function serveExample(options?: { dir?: string; port?: number; host?: string; gateway?: string }): Promise<Server>;
