import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFromProto, contactInputToProto } from '@venuebook/contracts/codecs/contacts';
import { apiErrorResponses, contactInputSchema, contactSchema, idParamSchema, venueContactsResultSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

const HIDDEN_NOTE = 'Name, title, phone and email are null for users who may not see contact details (viewers), with detailsHidden true.';

/** /api/v1/venues/{id}/contacts: a venue's contacts (the Venue Contacts dialog); PUT and DELETE are under /api/v1/contacts/{id}. */
const venueContactsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:id/contacts',
    {
      schema: {
        tags: ['contacts'],
        summary: "List a venue's contacts",
        description: `Active contacts: the current main contact first, then newest first (former main contacts included, isCurrentMainContact false). 404 for an unknown or deleted venue. ${HIDDEN_NOTE}`,
        params: venueParamsSchema,
        response: { 200: venueContactsResultSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.listVenueContacts({ venueId: request.params.id }, grpcCallOptions(request, reply));
      return { items: response.contacts.map(contactFromProto) };
    },
  );

  fastify.post(
    '/:id/contacts',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Add a contact to a venue',
        description:
          "Never the venue's main contact (that one follows the venue's contact fields). Name required ('Name is required'); email optional, valid or empty ('Invalid email'); a tag that is neither a default nor in use needs the custom-tag right (admin, editor; 403 otherwise). 404 for an unknown or deleted venue.",
        params: venueParamsSchema,
        body: contactInputSchema,
        response: { 201: contactSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.addContact(
        { venueId: request.params.id, contact: contactInputToProto(request.body) },
        grpcCallOptions(request, reply),
      );
      if (!response.contact) throw new Error('AddContact returned no contact');
      const contact = contactFromProto(response.contact);
      return reply
        .code(201)
        .header('location', `/api/v1/contacts/${encodeURIComponent(contact.id)}`)
        .send(contact);
    },
  );
};

export default venueContactsRoutes;
