// `npm run dev -w @venuebook/mfe-media`: the remote's pages on their own.
import { mountStandalone } from '@venuebook/sdk';
import { pages } from './routes.ts';

mountStandalone({
  name: 'mfe-media',
  pages,
  routes: [
    { path: '/venue/:venueId/photos', page: 'photos' },
    { path: '/venue/:venueId/documents', page: 'documents' },
    { path: '/public/venue/:venueId/photos', page: 'public-gallery' },
  ],
});
