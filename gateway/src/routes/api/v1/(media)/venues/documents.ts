import multipart from '@fastify/multipart';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { documentKindToProto, uploadHeaderToProto, venueDocumentFromProto } from '@venuebook/contracts/codecs/media';
import {
  apiErrorResponses,
  can,
  documentListQuerySchema,
  documentListSchema,
  idParamSchema,
  isRole,
  toFieldErrors,
  uploadFieldsSchema,
  venueDocumentSchema,
} from '@venuebook/domain';
import type { UploadDocumentRequestSchema } from '@venuebook/contracts/media/v1';
import { apiError, HttpError } from '../../../../../lib/error-mapping.ts';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
import { documentWithUrls } from '../../../../../plugins/app/media-urls.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/** The bytes of one upload message: well below the 4 MiB gRPC message limit. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: 'File too large',
  noFile: 'Choose a file to upload',
  notMultipart: 'Send the file as multipart/form-data (the fields, then one part named file)',
  fileField: "The file part must be named 'file'",
  badField: 'Invalid upload fields',
  malformed: 'Malformed multipart body',
  denied: 'You do not have permission to do this',
} as const;

/** The multipart fields the upload reads (others are ignored). */
const FIELD_NAMES = new Set(Object.keys(uploadFieldsSchema.shape));

/** The body as documented (multipart/form-data): the fields, then the file. */
const uploadBodySchema = uploadFieldsSchema.extend({
  file: z.string().meta({ format: 'binary' }).describe('The file (the last part; the fields after it are ignored)'),
});

type UploadRequest = MessageInitShape<typeof UploadDocumentRequestSchema>;

/**
 * A failure while reading the multipart body: the plugin's limits keep their 4xx (413 for too many parts), anything
 * busboy refuses (no boundary, a malformed part, a body cut short) is the client's malformed request (400).
 */
function multipartError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error as Error;
  return new HttpError(400, UPLOAD_MESSAGES.malformed);
}

/**
 * The upload's messages: the header, then the file's bytes in chunks of at most UPLOAD_CHUNK_BYTES, read from the
 * request only as fast as the media service takes them (the client waits for 'drain'). A file cut short by the
 * multipart size limit throws 413 at its end, which cancels the call: the service stores nothing.
 */
async function* uploadMessages(header: UploadRequest, file: MultipartFile['file']): AsyncGenerator<UploadRequest> {
  yield header;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      for (let offset = 0; offset < chunk.length; offset += UPLOAD_CHUNK_BYTES) {
        yield { part: { case: 'chunk', value: chunk.subarray(offset, offset + UPLOAD_CHUNK_BYTES) } };
      }
    }
  } catch (error) {
    // The body broke off or is malformed (busboy's stream error).
    throw multipartError(error);
  }
  if (file.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
}

/**
 * The upload's phases as a Server-Timing header (milliseconds, on the 201): `auth` from the request's arrival to the
 * handler (routing, authentication), `fields` the multipart fields before the file, `stream` the file from its first
 * byte to its last one passed on to the media service (client, gateway, media service and MinIO in one pipeline: the
 * slowest sets the pace), `finish` from there to the media service's answer (the rest of the put into MinIO, the
 * document's insert, its event and audit). The throughput benchmark reports each phase's share.
 */
export function uploadServerTiming(phases: { auth: number; fields: number; stream: number; finish: number }): string {
  return Object.entries(phases)
    .map(([name, ms]) => `${name};dur=${Math.max(0, ms).toFixed(1)}`)
    .join(', ');
}

/**
 * /api/v1/venues/{id}/documents: a venue's documents and photos (upload and list). The upload is streamed: the
 * gateway never holds the file, it passes each part of the request on to the media service as it arrives.
 */
const venueDocumentsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const maxBytes = fastify.config.MEDIA_MAX_UPLOAD_BYTES;
  // Multipart for this plugin's routes only: one file, a few short fields.
  await fastify.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 16 * 1024, fieldNameSize: 100, parts: 12, headerPairs: 20 },
  });

  fastify.post(
    '/:id/documents',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: 'Upload a document or photo',
        description:
          `multipart/form-data: the fields (category, description, eventId, dataCardId, lastModified, size) first, then one part named 'file'. ` +
          `The right to upload is checked before the file is read (403), and so is the declared size: over ${maxBytes} bytes answers 413 'File too large' at once (a file that turns out larger is cut off with the same 413). ` +
          "The stored type is detected from the file's bytes (a file whose content does not match its name's type, or a type the upload does not accept, is refused with 400). " +
          "Images (jpeg, png, gif, webp) get a thumbnail and a preview and join the photo list. Answers the document with its content URLs (signed, valid about an hour). 404 for an unknown or deleted venue; 400 'Event not found' / 'Data card not found' for an eventId or dataCardId not of the venue.",
        params: venueParamsSchema,
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        response: { 201: venueDocumentSchema, ...apiErrorResponses(400, 401, 403, 404, 413, 415, 500, 502, 503) },
      },
      // The body is read by the handler as a stream (multipart); the schema above documents it.
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as never)),
    },
    async (request, reply) => {
      const handlerStarted = performance.now();
      const beforeHandler = reply.elapsedTime;
      let timing: Parameters<typeof uploadServerTiming>[0] | undefined;
      const auth = request.auth;
      const role = isRole(auth?.role) ? auth?.role : undefined;
      if (!auth || !can(role, 'document.upload')) throw new HttpError(403, UPLOAD_MESSAGES.denied);
      if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
      const venueId = request.params.id;
      const fields: Record<string, string> = {};
      let document: z.output<typeof venueDocumentSchema> | undefined;
      let parts: AsyncIterator<Multipart>;
      try {
        parts = request.parts()[Symbol.asyncIterator]();
      } catch (error) {
        throw multipartError(error);
      }
      for (;;) {
        let next: IteratorResult<Multipart>;
        try {
          next = await parts.next();
        } catch (error) {
          reply.header('connection', 'close');
          throw multipartError(error);
        }
        if (next.done) break;
        const part = next.value;
        if (part.type === 'field') {
          if (part.fieldnameTruncated || part.valueTruncated || typeof part.value !== 'string') {
            reply.header('connection', 'close');
            return reply.code(400).send(apiError(400, UPLOAD_MESSAGES.badField, [{ field: part.fieldname, message: 'Too long or not text' }]));
          }
          if (FIELD_NAMES.has(part.fieldname)) fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file') {
          reply.header('connection', 'close');
          throw new HttpError(400, UPLOAD_MESSAGES.fileField);
        }
        const parsed = uploadFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          reply.header('connection', 'close');
          return reply.code(400).send(apiError(400, UPLOAD_MESSAGES.badField, toFieldErrors(parsed.error)));
        }
        if (parsed.data.size !== undefined && parsed.data.size > maxBytes) {
          reply.header('connection', 'close');
          throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
        }
        const header: UploadRequest = {
          part: { case: 'header', value: uploadHeaderToProto(venueId, parsed.data, { fileName: part.filename, declaredType: part.mimetype }) },
        };
        const fileStarted = performance.now();
        let lastByte = Number.NaN;
        part.file.once('end', () => (lastByte = performance.now()));
        try {
          const response = await fastify.media.uploadDocument(uploadMessages(header, part.file), grpcCallOptions(request, reply));
          if (!response.document) throw new Error('UploadDocument returned no document');
          const answered = performance.now();
          if (Number.isNaN(lastByte)) lastByte = answered;
          timing = { auth: beforeHandler, fields: fileStarted - handlerStarted, stream: lastByte - fileStarted, finish: answered - lastByte };
          await fastify.withDriveSync([response.document], request, reply);
          document = documentWithUrls(fastify.contentUrls, venueDocumentFromProto(response.document), { userId: auth.userId });
        } catch (error) {
          // The rest of the request is not read: close the connection after the answer.
          reply.header('connection', 'close');
          // A file over the limit may make the service give up first (its own limit): the answer is the 413.
          if (part.file.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
          throw error;
        }
      }
      if (!document) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
      if (timing) reply.header('server-timing', uploadServerTiming(timing));
      return reply
        .code(201)
        .header('location', `/api/v1/documents/${encodeURIComponent(document.id)}`)
        .send(document);
    },
  );

  fastify.get(
    '/:id/documents',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: "List a venue's documents and photos",
        description: `Newest upload first. kind=photos: the images of the photo list (jpeg, png, gif, webp); kind=files: everything else. eventId: only those linked to the event. Each with its content URLs (signed, valid about an hour). 404 for an unknown or deleted venue.`,
        params: venueParamsSchema,
        querystring: documentListQuerySchema,
        response: { 200: documentListSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.media.listDocuments(
        { venueId: request.params.id, kind: documentKindToProto(request.query.kind), eventId: request.query.eventId ?? '' },
        grpcCallOptions(request, reply),
      );
      const reader = { userId: request.auth?.userId ?? '' };
      const documents = await fastify.withDriveSync(response.documents, request, reply);
      return { documents: documents.map((each) => documentWithUrls(fastify.contentUrls, venueDocumentFromProto(each), reader)) };
    },
  );
};

export default venueDocumentsRoutes;
