import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntryFromProto } from '@venuebook/contracts/codecs/admin';
import { apiErrorResponses, auditLogPageSchema, auditLogQuerySchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

/** /api/v1/audit-logs: the audit log of every service (spec §2 'Audit Logs'); owners only (the identity service enforces it). */
const auditLogRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['audit'],
        summary: 'List audit log entries',
        description: 'One page of the audit log, newest first, with the total; filters combine. Owners only.',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...apiErrorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const response = await fastify.identity.listAuditLogs(
        {
          page: q.page,
          pageSize: q.pageSize,
          tableName: q.table ?? '',
          action: q.action ?? '',
          userId: q.userId ?? '',
          recordId: q.recordId ?? '',
          from: q.from ?? '',
          to: q.to ?? '',
        },
        grpcCallOptions(request, reply),
      );
      return { entries: response.entries.map(auditEntryFromProto), total: response.total, page: response.page, pageSize: response.pageSize };
    },
  );
};

export default auditLogRoutes;
