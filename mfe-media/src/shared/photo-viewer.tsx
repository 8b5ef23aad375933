import { lazy, Suspense, useState } from 'react';
import type { DriveSyncView } from './drive-sync.ts';

export interface ViewerSlide {
  /** The 1440 px preview (spec: the viewer shows previews), else the original. */
  src: string;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
  /** Its Google Drive copy: 'Open in Drive' in the toolbar once synced (the venue's Photos page). */
  drive?: DriveSyncView | undefined;
}

export interface PhotoViewerProps {
  slides: readonly ViewerSlide[];
  /** The open photo, null while the viewer is closed. */
  index: number | null;
  onClose: () => void;
  /** The photo shown changed (arrows, keys, swipe). */
  onIndexChange: (index: number) => void;
}

const View = lazy(() => import(/* webpackChunkName: "photo-viewer" */ './photo-viewer-view.tsx').then((m) => ({ default: m.PhotoViewerView })));

/** The full-screen viewer; nothing is loaded until a photo is first opened, then it stays mounted. */
export function PhotoViewer(props: PhotoViewerProps) {
  const [used, setUsed] = useState(props.index !== null);
  if (props.index !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
