import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingFromProto } from '@venuebook/contracts/codecs/admin';
import { adminSettingKeySchema, adminSettingSchema, adminSettingsSchema, adminSettingUpdateSchema, apiErrorResponses } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../../lib/grpc-call.ts';

/** A known key (an unknown one is a 400 here; over gRPC the identity service answers NOT_FOUND). */
const settingParams = z.object({ key: adminSettingKeySchema });

/** /api/v1/admin/settings: admin_settings (spec §3, §7), admin or owner (the identity service enforces it). */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'List the admin settings',
        description: "Every known setting, '' when not set.",
        response: { 200: adminSettingsSchema, ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.identity.listAdminSettings({}, grpcCallOptions(request, reply));
      return { settings: response.settings.map(adminSettingFromProto) };
    },
  );

  fastify.get(
    '/:key',
    {
      schema: {
        tags: ['admin'],
        summary: 'Read one admin setting',
        params: settingParams,
        response: { 200: adminSettingSchema, ...apiErrorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.identity.getAdminSetting({ key: request.params.key }, grpcCallOptions(request, reply));
      return adminSettingFromProto(response.setting!);
    },
  );

  fastify.put(
    '/:key',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set one admin setting',
        description: "Validated by key (the webhook URL: https:// with a host name); '' clears it. The change goes to the audit log.",
        params: settingParams,
        body: adminSettingUpdateSchema,
        response: { 200: adminSettingSchema, ...apiErrorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.identity.setAdminSetting({ key: request.params.key, value: request.body.value }, grpcCallOptions(request, reply));
      return adminSettingFromProto(response.setting!);
    },
  );
};

export default adminSettingsRoutes;
