import { useUploadQueue } from '@venuebook/sdk';
import { lazy, Suspense } from 'react';

// The panel (and Chakra's Progress) is not part of the first page: it loads when the queue first has something
// to show (an upload started on any page, or finished uploads restored from storage).
const UploadPanel = lazy(() => import(/* webpackChunkName: "upload-panel" */ './upload-panel.tsx').then((m) => ({ default: m.UploadPanel })));

/** Spec §2's upload-progress panel, on every page of the app layout while the upload queue shows something. */
export function UploadPanelMount() {
  const { open, items } = useUploadQueue();
  if (!open || items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <UploadPanel />
    </Suspense>
  );
}
