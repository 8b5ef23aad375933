import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listVenuesQuerySchema, VENUE_CSV_COLUMNS } from '@venuebook/domain';
import { sortToProto, venueFromProto } from '@venuebook/contracts/codecs/venues';
import { apiErrorResponses } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
import { sendCsvExport } from '../../../../../lib/csv-export.ts';

/**
 * A slice (up to 1,000 venues) of an export with a cold point-read cache is up to 1,000 `{_id}` reads (16 at once,
 * each a scan on FerretDB v1: docs/decisions/0002-read-models-instead-of-database-queries.md): more than the 5 s
 * default deadline allows.
 */
const EXPORT_SLICE_DEADLINE_MS = 60_000;

/** GET /api/v1/venues/export.csv: the home list (search, leagues, sort) as CSV, every venue whole. */
const venueExportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/export.csv',
    {
      schema: {
        tags: ['venues'],
        summary: 'Export venues as CSV',
        description:
          "The venues of the home list with the same q, leagues and sort (page and pageSize are ignored: every matching venue), one row each with every field of the venue form, Created At, Updated At and Venue Id; a header row first. Lists are separated by '; ', links are 'Text | URL' lines. A cell starting with = + - @ is written after an apostrophe so that spreadsheets show it as text (the import takes it off). The main-contact columns are left out for users who may not see contact details.",
        querystring: listVenuesQuerySchema,
        response: {
          200: { description: 'The CSV file (an attachment)', content: { 'text/csv': { schema: z.string().describe('CSV text, a header row first') } } },
          ...apiErrorResponses(400, 401, 403, 500, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const { q, leagues, sort } = request.query;
      return sendCsvExport(reply, {
        what: 'venues',
        columns: VENUE_CSV_COLUMNS,
        role: request.auth?.role,
        read: async (offset) => {
          const response = await fastify.venues.exportVenues(
            { query: q ?? '', leagues: [...leagues], sort: sortToProto(sort), offset, limit: 0 },
            { ...grpcCallOptions(request, reply), deadlineMs: EXPORT_SLICE_DEADLINE_MS },
          );
          return {
            items: response.venues.map(venueFromProto),
            next: response.nextOffset < response.total && response.nextOffset > offset ? response.nextOffset : null,
          };
        },
      });
    },
  );
};

export default venueExportRoutes;
