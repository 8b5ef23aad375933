// The full-screen viewer (spec §2 'Photos page', 'Public gallery'): yet-another-react-lightbox with previous/next
// buttons, arrow keys and Escape (its own), a swipe of more than 50 px (ours: the library's own swipe, turned off,
// moves on after a quick move of little more than 30 px), and the counter 'n of total'. Loaded with the first photo
// opened (its own chunk with the library and its styles).
import { useRef, type PointerEvent } from 'react';
import Lightbox, { useLightboxState, type ControllerRef } from 'yet-another-react-lightbox';
import { LuExternalLink } from 'react-icons/lu';
import { swipeDirection } from './swipe.ts';
import type { PhotoViewerProps, ViewerSlide } from './photo-viewer.tsx';

// The library's stylesheet, emitted as a file of this chunk (webpack's `new URL(…, import.meta.url)` asset).
const LIGHTBOX_STYLES = new URL('yet-another-react-lightbox/styles.css', import.meta.url).href;

export function PhotoViewerView({ slides, index, onClose, onIndexChange }: PhotoViewerProps) {
  const controller = useRef<ControllerRef>(null);
  const start = useRef<{ id: number; x: number; y: number } | null>(null);

  const onPointerDown = (event: PointerEvent) => {
    if (event.isPrimary) start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
    if (direction === 'next') controller.current?.next();
    if (direction === 'prev') controller.current?.prev();
  };

  return (
    // React passes the portal's pointer events up to this wrapper (the lightbox renders into <body>).
    <div onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)}>
      <link rel="stylesheet" href={LIGHTBOX_STYLES} precedence="default" />
      <Lightbox
        open={index !== null}
        index={index ?? 0}
        close={onClose}
        slides={slides}
        on={{ view: ({ index: current }) => onIndexChange(current) }}
        carousel={{ finite: true, preload: 2 }}
        // No close on a backdrop click: a swipe over the black area beside a photo would end as one.
        controller={{ ref: controller, disableSwipeNavigation: true, closeOnBackdropClick: false }}
        labels={{ Previous: 'Previous photo', Next: 'Next photo', Close: 'Close viewer' }}
        render={{ controls: () => <ViewerCounter /> }}
        toolbar={{ buttons: [<OpenInDriveButton key="drive" />, 'close'] }}
      />
    </div>
  );
}

/** 'Open in Drive' for the photo shown, once it is in Drive (the toolbar's own button style). */
function OpenInDriveButton() {
  const { currentSlide } = useLightboxState();
  const url = (currentSlide as ViewerSlide | undefined)?.drive?.url;
  if (!url) return null;
  return (
    <a
      className="yarl__button"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="viewer-open-in-drive"
      style={{ fontSize: '14px', lineHeight: '24px', textDecoration: 'none', display: 'inline-flex', alignItems: 'center', gap: '6px' }}
    >
      <LuExternalLink aria-hidden size={20} /> Open in Drive
    </a>
  );
}

/** 'n of total' (spec §2), top left over the photo. */
function ViewerCounter() {
  const { currentIndex, slides } = useLightboxState();
  if (slides.length === 0) return null;
  return (
    <div
      data-testid="viewer-counter"
      aria-live="polite"
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        padding: '16px',
        color: 'rgba(255,255,255,0.85)',
        fontSize: '15px',
        lineHeight: '24px',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {currentIndex + 1} of {slides.length}
    </div>
  );
}
