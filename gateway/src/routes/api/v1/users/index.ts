import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managedUserFromProto } from '@venuebook/proto/codecs/identity';
import { apiErrorResponses, managedUserSchema, roleSchema } from '@venuebook/proto/domain';
import { grpcCallOptions } from '../../../../lib/grpc-call.ts';

const userParams = z.object({ id: z.string().min(1).max(100) });

/** /api/v1/users: user management (admin or owner; the identity service enforces the rules). */
const usersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    { schema: { tags: ['users'], summary: 'List users', response: { 200: z.object({ users: z.array(managedUserSchema) }), ...apiErrorResponses(401, 403, 500, 503) } } },
    async (request, reply) => {
      const response = await fastify.identity.listUsers({}, grpcCallOptions(request, reply));
      return { users: response.users.map(managedUserFromProto) };
    },
  );

  fastify.put(
    '/:id/role',
    {
      schema: { tags: ['users'], summary: "Assign a user's role", params: userParams, body: z.object({ role: roleSchema }), response: { 200: managedUserSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 503) } },
    },
    async (request, reply) => {
      const response = await fastify.identity.assignRole({ userId: request.params.id, role: request.body.role }, grpcCallOptions(request, reply));
      fastify.userCache.forget(request.params.id);
      return managedUserFromProto(response.user!);
    },
  );

  fastify.delete(
    '/:id',
    { schema: { tags: ['users'], summary: 'Remove a user', params: userParams, response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 500, 503) } } },
    async (request, reply) => {
      await fastify.identity.removeUser({ userId: request.params.id }, grpcCallOptions(request, reply));
      fastify.userCache.forget(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default usersRoutes;
