import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managedUserFromProto } from '@venuebook/contracts/codecs/identity';
import {
  apiErrorResponses,
  idParamSchema,
  managedUserSchema,
  pageQuerySchema,
  pageSizeQuerySchema,
  roleSchema,
  searchQuerySchema,
  USER_PAGE_SIZE,
  USER_SEARCH_MAX_LENGTH,
} from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const userParams = z.object({ id: idParamSchema('User id') });

/** The identity service's bounds of a page of users, and the e-mail search. */
const listUsersQuery = z.object({
  page: pageQuerySchema,
  pageSize: pageSizeQuerySchema({ max: 100, fallback: USER_PAGE_SIZE, what: 'Users' }),
  q: searchQuerySchema(
    `Only users whose e-mail contains this text, ignoring case (trimmed; at most ${USER_SEARCH_MAX_LENGTH} characters)`,
    USER_SEARCH_MAX_LENGTH,
  ),
});
const userPage = z.object({ users: z.array(managedUserSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** /api/v1/users: user management (admin or owner; the identity service enforces the rules). */
const usersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'List users',
        description: 'One page of the users in sign-up order (those whose e-mail contains `q`, when given), with the total.',
        querystring: listUsersQuery,
        response: { 200: userPage, ...apiErrorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.identity.listUsers(
        { page: request.query.page, pageSize: request.query.pageSize, query: request.query.q ?? '' },
        grpcCallOptions(request, reply),
      );
      return { users: response.users.map(managedUserFromProto), total: response.total, page: response.page, pageSize: response.pageSize };
    },
  );

  fastify.put(
    '/:id/role',
    {
      schema: {
        tags: ['users'],
        summary: "Assign a user's role",
        params: userParams,
        body: z.object({ role: roleSchema }),
        response: { 200: managedUserSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.identity.assignRole({ userId: request.params.id, role: request.body.role }, grpcCallOptions(request, reply));
      fastify.userCache.forget(request.params.id);
      return managedUserFromProto(response.user!);
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove a user',
        params: userParams,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 409, 500, 503) },
      },
    },
    async (request, reply) => {
      await fastify.identity.removeUser({ userId: request.params.id }, grpcCallOptions(request, reply));
      fastify.userCache.forget(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default usersRoutes;
