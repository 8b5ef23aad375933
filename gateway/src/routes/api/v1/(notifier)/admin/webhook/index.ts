import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorResponses, webhookOverviewSchema, webhookSecretSchema, webhookTestRequestSchema, webhookTestResultSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../../lib/grpc-call.ts';

const orNull = <T>(value: T, none: T): T | null => (value === none ? null : value);

/** /api/v1/admin/webhook: the first-login webhook's deliveries, Send Test, the signing secret (admin or owner; the notifier enforces it). */
const webhookRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'What the first-login webhook did lately',
        description: 'The latest attempts (newest first), and the deliveries waiting or failed.',
        response: { 200: webhookOverviewSchema, ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const overview = await fastify.notifier.getWebhookOverview({}, grpcCallOptions(request, reply));
      return {
        pending: overview.pending,
        failed: overview.failed,
        deliveries: overview.deliveries.map((entry) => ({
          id: entry.id,
          deliveryId: entry.deliveryId,
          kind: entry.kind === 'test' ? ('test' as const) : ('first_login' as const),
          email: orNull(entry.email, ''),
          at: entry.at,
          attempt: entry.attempt,
          statusCode: orNull(entry.statusCode, 0),
          error: orNull(entry.error, ''),
          latencyMs: entry.latencyMs,
          outcome: entry.outcome as 'delivered' | 'retrying' | 'failed' | 'skipped',
        })),
        failedJobs: overview.failedJobs.map((job) => ({ ...job, email: orNull(job.email, '') })),
      };
    },
  );

  fastify.post(
    '/test',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a test request to a webhook URL',
        description:
          "Posts the test body (type test_first_login, timestamp, triggered_from, note), signed, through the same sender as the first logins, and answers the receiver's real result: 200 with delivered false and the reason when it failed.",
        body: webhookTestRequestSchema,
        response: { 200: webhookTestResultSchema, ...apiErrorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const result = await fastify.notifier.sendTestWebhook({ url: request.body.url, appUrl: fastify.config.PUBLIC_URL }, grpcCallOptions(request, reply));
      return {
        delivered: result.delivered,
        statusCode: orNull(result.statusCode, 0),
        latencyMs: result.latencyMs,
        error: orNull(result.error, ''),
        deliveryId: result.deliveryId,
      };
    },
  );

  fastify.get(
    '/secret',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reveal the signing secret',
        description: 'The key receivers check X-Venuebook-Signature with.',
        response: { 200: webhookSecretSchema, ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => ({ secret: (await fastify.notifier.getSigningSecret({}, grpcCallOptions(request, reply))).secret }),
  );

  fastify.post(
    '/secret/rotate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rotate the signing secret',
        description: 'A new secret signs every request from now on; receivers must be given it. Recorded in the audit log.',
        response: { 200: webhookSecretSchema, ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => ({ secret: (await fastify.notifier.rotateSigningSecret({}, grpcCallOptions(request, reply))).secret }),
  );

  fastify.post(
    '/jobs/:deliveryId/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Retry a failed delivery',
        description: 'Puts a delivery that used up its attempts back, with all its attempts; 404 when no failed delivery has that id.',
        params: z.object({ deliveryId: z.string().min(1).max(200) }),
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 500, 503) },
      },
    },
    async (request, reply) => {
      await fastify.notifier.retryWebhookJob({ deliveryId: request.params.deliveryId }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );
};

export default webhookRoutes;
