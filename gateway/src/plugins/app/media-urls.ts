import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DocumentWithoutUrls } from '@venuebook/contracts/codecs/media';
import type { VenueDocumentDto } from '@venuebook/domain';
import { createContentUrlSigner } from '../../lib/media-content.ts';
import type { ContentReader, ContentUrlSigner } from '../../lib/media-content.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies the content URLs of venue documents (GET /api/v1/documents/{id}/content). */
    contentUrls: ContentUrlSigner;
  }
}

/** A document as the API answers it: with its content URLs, signed for `reader`. */
export function documentWithUrls(signer: ContentUrlSigner, document: DocumentWithoutUrls, reader: ContentReader): VenueDocumentDto {
  const { hasPreviews, ...rest } = document;
  const url = (variant: 'original' | 'thumb' | 'preview', download = false) => signer.url({ id: document.id, variant, download }, reader);
  return {
    ...rest,
    urls: {
      original: url('original'),
      thumb: hasPreviews ? url('thumb') : null,
      preview: hasPreviews ? url('preview') : null,
      download: url('original', true),
    },
  };
}

/** The content URL signer, keyed by JWT_SECRET (every replica signs and verifies alike). */
export default fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('contentUrls', createContentUrlSigner(fastify.config.JWT_SECRET));
  },
  { name: 'media-urls' },
);
