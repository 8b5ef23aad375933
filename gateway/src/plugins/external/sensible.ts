import sensible from '@fastify/sensible';

/** httpErrors / reply helpers (e.g. reply.notFound()); errors still go through the app error handler. */
export default sensible;
