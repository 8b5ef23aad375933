import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactListItemFromProto } from '@venuebook/contracts/codecs/contacts';
import { apiErrorResponses, CONTACT_CSV_COLUMNS, listContactsQuerySchema, MAX_PAGE_SIZE } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
import { sendCsvExport } from '../../../../../lib/csv-export.ts';

/**
 * GET /api/v1/contacts/export.csv: the all-contacts list (search) as CSV. The list lives in the
 * service's contact read model, so the pages of ListContacts are the export (no database read).
 */
const contactExportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/export.csv',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Export contacts as CSV',
        description:
          'The contacts of GET /contacts with the same q, in its order (last word of the name), each with its venue name, tag, whether it is the main contact, Created At and the venue and contact ids; a header row first. Name, Title, Phone and Email are left out for users who may not see contact details. A cell starting with = + - @ is written after an apostrophe (the import takes it off).',
        querystring: listContactsQuerySchema,
        response: {
          200: { description: 'The CSV file (an attachment)', content: { 'text/csv': { schema: z.string().describe('CSV text, a header row first') } } },
          ...apiErrorResponses(400, 401, 403, 500, 502, 503),
        },
      },
    },
    async (request, reply) => {
      return sendCsvExport(reply, {
        what: 'contacts',
        columns: CONTACT_CSV_COLUMNS,
        role: request.auth?.role,
        read: async (offset) => {
          const page = offset / MAX_PAGE_SIZE + 1;
          const response = await fastify.venues.listContacts({ query: request.query.q ?? '', page, pageSize: MAX_PAGE_SIZE }, grpcCallOptions(request, reply));
          return { items: response.contacts.map(contactListItemFromProto), next: page * MAX_PAGE_SIZE < response.total ? page * MAX_PAGE_SIZE : null };
        },
      });
    },
  );
};

export default contactExportRoutes;
