// Exposed as `mfe_cards/routes`: the page map the shell's route table points at.
import type { RemotePageMap } from '@venuebook/sdk';
import { lazy } from 'react';

export const pages: RemotePageMap = {
  'data-cards': lazy(() => import('./data-cards/data-cards-page.tsx').then((m) => ({ default: m.DataCardsPage }))),
  'master-data-cards': lazy(() => import('./master-cards/master-data-cards-page.tsx').then((m) => ({ default: m.MasterDataCardsPage }))),
  'deleted-data-cards': lazy(() => import('./deleted-cards/deleted-data-cards-page.tsx').then((m) => ({ default: m.DeletedDataCardsPage }))),
};

export default pages;
