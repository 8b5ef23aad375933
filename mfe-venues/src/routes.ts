// Exposed as `mfe_venues/routes`: the page map the shell's route table points at.
import type { RemotePageMap } from '@venuebook/sdk';
import { lazy } from 'react';

export const pages: RemotePageMap = {
  home: lazy(() => import('./home/home-page.tsx').then((m) => ({ default: m.HomePage }))),
  'venue-detail': lazy(() => import('./venue-detail/venue-detail-page.tsx').then((m) => ({ default: m.VenueDetailPage }))),
  'add-venue': lazy(() => import('./venue-form/add-venue-page.tsx').then((m) => ({ default: m.AddVenuePage }))),
  'edit-venue': lazy(() => import('./venue-form/edit-venue-page.tsx').then((m) => ({ default: m.EditVenuePage }))),
  'venue-report': lazy(() => import('./venue-detail/venue-report-page.tsx').then((m) => ({ default: m.VenueReportPage }))),
  'venue-events': lazy(() => import('./events/venue-events-page.tsx').then((m) => ({ default: m.VenueEventsPage }))),
  'all-events': lazy(() => import('./events/all-events-page.tsx').then((m) => ({ default: m.AllEventsPage }))),
  'deleted-venues': lazy(() => import('./deleted-venues/deleted-venues-page.tsx').then((m) => ({ default: m.DeletedVenuesPage }))),
  'all-contacts': lazy(() => import('./contacts/all-contacts-page.tsx').then((m) => ({ default: m.AllContactsPage }))),
  'deleted-contacts': lazy(() => import('./contacts/deleted-contacts-page.tsx').then((m) => ({ default: m.DeletedContactsPage }))),
};

export default pages;
