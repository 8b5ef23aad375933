// `npm run dev -w @venuebook/mfe-venues`: the remote's pages on their own (port 3001).
import { mountStandalone } from '@venuebook/sdk';
import { pages } from './routes.ts';

mountStandalone({
  name: 'mfe-venues',
  pages,
  routes: [
    { path: '/', page: 'home' },
    { path: '/add-venue', page: 'add-venue' },
    { path: '/venue/:venueId', page: 'venue-detail' },
    { path: '/venue/:venueId/edit', page: 'edit-venue' },
  ],
  links: [{ to: '/', label: 'Home' }],
});
