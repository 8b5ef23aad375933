// Exposed as `mfe_media/routes`: the page map the shell's route table points at.
import type { RemotePageMap } from '@venuebook/sdk';
import { lazy } from 'react';

export const pages: RemotePageMap = {
  photos: lazy(() => import('./photos/photos-page.tsx').then((m) => ({ default: m.PhotosPage }))),
  documents: lazy(() => import('./documents/documents-page.tsx').then((m) => ({ default: m.DocumentsPage }))),
  'public-gallery': lazy(() => import('./public-gallery/public-gallery-page.tsx').then((m) => ({ default: m.PublicGalleryPage }))),
};

export default pages;
