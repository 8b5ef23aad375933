import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentVariantToProto, updateDocumentToProto, venueDocumentFromProto } from '@venuebook/contracts/codecs/media';
import { apiErrorResponses, contentQuerySchema, idParamSchema, updateDocumentSchema, venueDocumentSchema } from '@venuebook/domain';
import type { ContentInfo, ReadContentResponse, VenueDocument } from '@venuebook/contracts/media/v1';
import { GrpcStatus, isGrpcError } from '@venuebook/grpc';
import { userContextSigner } from '@venuebook/service-kit';
import { HttpError } from '../../../../../lib/error-mapping.ts';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
import { CONTENT_URL_MESSAGES, contentHeaders, parseRange } from '../../../../../lib/media-content.ts';
import type { RequestedRange } from '../../../../../lib/media-content.ts';
import { documentWithUrls } from '../../../../../plugins/app/media-urls.ts';

const documentParamsSchema = z.object({ id: idParamSchema('Document id (UUID)') });

/** The query of a content URL: contentQuerySchema and the reader the URL was made for (`u`, a signed-in user). */
const contentUrlQuerySchema = contentQuerySchema.extend({
  u: z.string().max(100).optional().describe('The user the URL was made for (member URLs)'),
});

/** The file's bytes, as its own type (images) or an attachment (application/octet-stream, text/plain, …). */
const binaryResponse = (description: string) => ({
  description,
  content: { '*/*': { schema: z.string().meta({ format: 'binary' }).describe("The file's bytes") } },
});

const RANGE_NOT_SATISFIABLE = 'Range not satisfiable';

/** The name a public gallery's photo is served under: `photo-<id>` and the served file's extension (`.png`, `.thumb.webp`). */
function publicFileName(id: string, fileName: string): string {
  const extension = /(\.(?:thumb|preview))?\.[A-Za-z0-9]{1,10}$/.exec(fileName)?.[0] ?? '';
  return `photo-${id}${extension.toLowerCase()}`;
}

/** /api/v1/documents/{id}: one document (read, category and event, delete) and its content (signed URLs). */
const documentsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const documentOf = async (document: VenueDocument | undefined, request: FastifyRequest, reply: FastifyReply) => {
    if (!document) throw new Error('The media service answered without a document');
    await fastify.withDriveSync([document], request, reply);
    return documentWithUrls(fastify.contentUrls, venueDocumentFromProto(document), { userId: request.auth?.userId ?? '' });
  };

  fastify.get(
    '/:id',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: 'Get a document',
        description: 'A document or photo with fresh content URLs (signed, valid about an hour). 404 for an unknown document or one of a deleted venue.',
        params: documentParamsSchema,
        response: { 200: venueDocumentSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) =>
      documentOf((await fastify.media.getDocument({ id: request.params.id }, grpcCallOptions(request, reply))).document, request, reply),
  );

  fastify.patch(
    '/:id',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: "Change a document's category or event",
        description:
          "category (one of the nine), eventId (an event of the document's venue, else 400 'Event not found'; null unlinks it), or both (neither: 400). 404 for an unknown document.",
        params: documentParamsSchema,
        body: updateDocumentSchema,
        response: { 200: venueDocumentSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) =>
      documentOf(
        (await fastify.media.updateDocument(updateDocumentToProto(request.params.id, request.body), grpcCallOptions(request, reply))).document,
        request,
        reply,
      ),
  );

  fastify.delete(
    '/:id',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: 'Delete a document',
        description: 'The document, its file, thumbnail, preview and photo tags go at once. 404 for an unknown document.',
        params: documentParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.media.deleteDocument({ id: request.params.id }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/:id/content',
    {
      // The signed URL is the credential: an <img src> or a download link carries no bearer token.
      config: { auth: 'public' },
      schema: {
        tags: ['media'],
        summary: "A document's content (signed URL)",
        description:
          "Use the URLs of VenueDocument.urls (or PublicPhoto's) as they are: signed and short-lived (403 'Invalid or expired link' once expired or altered; read the document again for fresh ones). " +
          'Images (jpeg, png, gif, webp; thumb and preview are WebP) are served inline; every other file as an attachment, never as HTML, SVG, XML or script, always with nosniff and a sandbox CSP. ' +
          "download=1: as an attachment with the file's name. One byte range (Range: bytes=a-b or bytes=a-) answers 206 with Content-Range; a range beyond the end 416; other Range forms are ignored (200). 404 for an unknown document, a variant it does not have, or a gallery that is off, expired or has another key.",
        params: documentParamsSchema,
        querystring: contentUrlQuerySchema,
        response: {
          200: binaryResponse('The whole file'),
          206: binaryResponse('The requested range (Content-Range)'),
          ...apiErrorResponses(400, 403, 404, 416, 500, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const { variant, download, exp, sig, key, u } = request.query;
      const params = { id: request.params.id, variant, download: download === '1' };
      const verified = fastify.contentUrls.verify(params, { exp, sig, u, key });
      if (!verified) throw new HttpError(403, CONTENT_URL_MESSAGES.invalid);
      const { reader } = verified;
      // A conditional range (If-Range) is answered whole: the file never changes under its id, but an ETag check is not worth it.
      const range = request.headers['if-range'] === undefined ? parseRange(request.headers.range) : undefined;
      // Signed as the user the URL was made for (no role: every role may read every venue's documents), or
      // anonymously with the gallery key, which the service checks (gallery on, unexpired, this key).
      const caller = { userId: reader.userId ?? '', email: '', role: '', requestId: String(request.id) };
      const options = { ...grpcCallOptions(request, reply), metadata: userContextSigner(caller, fastify.config.USER_CONTEXT_KEY) };
      const open = async (withRange: RequestedRange) => {
        const stream = fastify.media.readContent(
          {
            id: params.id,
            variant: contentVariantToProto(variant),
            hasRange: withRange !== undefined,
            rangeStart: withRange?.start ?? 0,
            rangeEnd: withRange ? (withRange.end ?? Number.MAX_SAFE_INTEGER) : 0,
            galleryKey: reader.galleryKey ?? '',
          },
          options,
        );
        const parts = stream[Symbol.asyncIterator]();
        const first = await parts.next();
        const info: ContentInfo | undefined = !first.done && first.value.part.case === 'info' ? first.value.part.value : undefined;
        if (!info) {
          await parts.return?.();
          throw new Error('ReadContent answered without its info first');
        }
        return { parts, info };
      };
      /** 416 with the object's size (from the info of a whole read, cancelled at once). */
      const unsatisfiable = async (): Promise<never> => {
        const whole = await open(undefined);
        await whole.parts.return?.();
        reply.header('content-range', `bytes */${whole.info.totalSize}`);
        throw new HttpError(416, RANGE_NOT_SATISFIABLE);
      };
      let opened: Awaited<ReturnType<typeof open>>;
      try {
        opened = await open(range);
      } catch (error) {
        if (range && isGrpcError(error) && error.code === GrpcStatus.OUT_OF_RANGE) return unsatisfiable();
        throw error;
      }
      const { parts, info } = opened;
      if (range && range.start >= info.totalSize) {
        await parts.return?.();
        return unsatisfiable();
      }
      // A public (gallery) reader never learns the uploaded file's name (it may say more than the photo shows).
      const fileName = reader.galleryKey === undefined ? info.fileName : publicFileName(params.id, info.fileName);
      reply.headers({
        ...contentHeaders(
          { contentType: info.contentType, fileName },
          { download: params.download, maxAgeSeconds: verified.remainingSeconds, crossOrigin: fastify.config.EMBED_ALLOWED_ORIGINS.length > 0 },
        ),
        'content-length': String(info.length),
      });
      if (info.etag) reply.header('etag', `"${info.etag.replace(/"/g, '')}"`);
      if (range) {
        reply.code(206).header('content-range', `bytes ${info.rangeStart}-${info.rangeStart + info.length - 1}/${info.totalSize}`);
      }
      if (request.method === 'HEAD') {
        // The headers only: the call ends here (an empty stream keeps the Content-Length of the file).
        await parts.return?.();
        return reply.send(Readable.from([]) as never);
      }
      // The bytes flow from the service to the client as the client reads them (a Readable pulls the next message
      // only when the socket takes more); a closed connection ends the loop, which cancels the call.
      async function* bytes(): AsyncGenerator<Buffer> {
        try {
          for (;;) {
            const next: IteratorResult<ReadContentResponse> = await parts.next();
            if (next.done) return;
            if (next.value.part.case === 'chunk') {
              const chunk = next.value.part.value;
              yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
            }
          }
        } finally {
          await parts.return?.();
        }
      }
      // (The typed reply knows the JSON answers only.)
      return reply.send(Readable.from(bytes(), { objectMode: false }) as never);
    },
  );
};

export default documentsRoutes;
