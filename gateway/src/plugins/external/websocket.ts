import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * WebSockets (the live-presence route, routes/api/v1/presence): frames above PRESENCE_MAX_MESSAGE_BYTES close the
 * socket (1009) before they are buffered; no compression (small JSON messages; permessage-deflate costs memory per socket).
 */
export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(websocket, { options: { maxPayload: fastify.config.PRESENCE_MAX_MESSAGE_BYTES, perMessageDeflate: false } });
  },
  { name: 'websocket' },
);
