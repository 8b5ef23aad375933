// `npm run dev -w @venuebook/mfe-media`: the remote's pages on their own.
import { mountStandalone } from '@venuebook/sdk';
import { pages } from './routes.ts';

mountStandalone({ name: 'mfe-media', pages });
