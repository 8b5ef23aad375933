import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFromProto, contactInputToProto, contactListItemFromProto } from '@venuebook/contracts/codecs/contacts';
import { apiErrorResponses, contactInputSchema, contactSchema, idParamSchema, listContactsQuerySchema, listContactsResultSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
// A sibling route file (autoload loads only index.ts where there is one).
import contactExportRoutes from './export.ts';

const contactParamsSchema = z.object({ id: idParamSchema('Contact id (UUID)') });

/** /api/v1/contacts: the all-contacts list and one contact's update, soft delete and restore (thin HTTP ↔ gRPC). */
const contactsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['contacts'],
        summary: 'List contacts',
        description:
          'Active contacts of active venues with their venue name, sorted by the last word of the name, then the full name; searched (every word a prefix, accents and case ignored) over name, title, email, phone, tag and venue name (only tag and venue name for users who may not see contact details, whose name, title, phone and email are null); paged.',
        querystring: listContactsQuerySchema,
        response: { 200: listContactsResultSchema, ...apiErrorResponses(400, 401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { q, page, pageSize } = request.query;
      const response = await fastify.venues.listContacts({ query: q ?? '', page, pageSize }, grpcCallOptions(request, reply));
      return { items: response.contacts.map(contactListItemFromProto), total: response.total, page: response.page, pageSize: response.pageSize };
    },
  );

  fastify.put(
    '/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Update a contact',
        description:
          "Replaces the contact's fields (send them all). The venue's copy follows when it is the venue's main contact. A new tag that is neither a default nor in use needs the custom-tag right (403 otherwise). 404 for an unknown or deleted contact.",
        params: contactParamsSchema,
        body: contactInputSchema,
        response: { 200: contactSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.updateContact(
        { id: request.params.id, contact: contactInputToProto(request.body) },
        grpcCallOptions(request, reply),
      );
      if (!response.contact) throw new Error('UpdateContact returned no contact');
      return contactFromProto(response.contact);
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Delete a contact',
        description:
          "Soft delete (an admin can restore it, POST /contacts/{id}/restore). The current main contact of an active venue is refused with 400: 'Cannot delete main contact. Please change the main contact for this venue first, then try deleting again.' 404 for an unknown or already deleted contact.",
        params: contactParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.venues.deleteContact({ id: request.params.id }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/:id/restore',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Restore a deleted contact',
        description: 'Admins only. 404 when there is no deleted contact with this id.',
        params: contactParamsSchema,
        response: { 200: contactSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.restoreContact({ id: request.params.id }, grpcCallOptions(request, reply));
      if (!response.contact) throw new Error('RestoreContact returned no contact');
      return contactFromProto(response.contact);
    },
  );

  await fastify.register(contactExportRoutes);
};

export default contactsRoutes;
