import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { subscribeDomainEvents } from '@venuebook/service-kit';
import type { AppPluginOptions } from '../../app.ts';

/** Every user event of identity (role changed, removed, signed out, first login): each names its user. */
export const IDENTITY_USER_EVENTS = 'venuebook.identity.user.>';

/**
 * Role changes, removals and sign-outs made anywhere (through any gateway replica, or a refresh-token reuse)
 * drop this replica's cached sessions of that user at once, not after their TTL.
 */
export default fp(
  async (fastify: FastifyInstance, { connectNats }: AppPluginOptions) => {
    const nc = await connectNats(fastify.config.NATS_URL, { name: 'gateway' });
    const subscription = subscribeDomainEvents(nc, IDENTITY_USER_EVENTS, (event) => fastify.userCache.forget(event.data.userId), { logger: fastify.log });
    fastify.addHook('onClose', async () => {
      subscription.unsubscribe();
      await nc.drain();
    });
  },
  { name: 'identity-events', dependencies: ['user-cache'] },
);
