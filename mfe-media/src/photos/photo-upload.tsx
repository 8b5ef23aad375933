import { Box, Button, Stack } from '@chakra-ui/react';
import { LabeledSelect, enqueueUploads, notify, type PHOTO_MIME_TYPES } from '@venuebook/sdk';
import { useRef, useState, useSyncExternalStore } from 'react';
import { LuCamera } from 'react-icons/lu';
import { FileDropzone } from '../shared/file-dropzone.tsx';
import { UploadCard } from '../shared/upload-view.tsx';
import { useVenueCards } from '../shared/use-venue-lists.ts';
import { CAMERA_TEXT, cameraJpeg } from './camera.ts';

/** The image types of the photo list (spec §5), for react-dropzone: jpeg, png, gif, webp. */
const PHOTO_ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} satisfies Record<(typeof PHOTO_MIME_TYPES)[number], string[]>;

const COARSE_POINTER = '(pointer: coarse)';
const subscribeToPointer = (onChange: () => void) => {
  const query = window.matchMedia(COARSE_POINTER);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

const isTouchDevice = () => window.matchMedia(COARSE_POINTER).matches || navigator.maxTouchPoints > 0;

/** A touch device (phones, tablets): the camera button shows there (spec §2 'Camera capture on devices'). */
function useTouchDevice(): boolean {
  return useSyncExternalStore(subscribeToPointer, isTouchDevice, () => false);
}

export interface PhotoUploadProps {
  venueId: string;
  venueName: string;
  onClose: () => void;
}

/**
 * The Photos page's upload view: a drop area and picker for images, the camera on devices, and an optional data card
 * to tag the uploads with. Files go to the sdk's upload queue (the shell's upload panel shows their progress; the
 * list refreshes as each one is stored).
 */
export function PhotoUpload({ venueId, venueName, onClose }: PhotoUploadProps) {
  const touch = useTouchDevice();
  const cards = useVenueCards(venueId);
  const [cardId, setCardId] = useState('');
  const camera = useRef<HTMLInputElement>(null);
  const [capturing, setCapturing] = useState(false);

  const enqueue = (files: File[]) => enqueueUploads(files, { venueId, venueName, category: 'photos', ...(cardId ? { dataCardIdForTag: cardId } : {}) });

  const onCapture = async (file: File | undefined) => {
    if (!file) return;
    setCapturing(true);
    try {
      enqueue([await cameraJpeg(file)]);
      notify({ type: 'success', title: CAMERA_TEXT.captured, description: CAMERA_TEXT.capturedDetail });
    } catch (error) {
      console.error('Camera capture failed', error);
      notify({ type: 'error', title: CAMERA_TEXT.failed, description: CAMERA_TEXT.failedDetail });
    } finally {
      setCapturing(false);
      if (camera.current) camera.current.value = '';
    }
  };

  return (
    <UploadCard title="Upload Photos" testId="photo-upload" onClose={onClose}>
      <LabeledSelect
        size="sm"
        label="Tag with a data card (optional)"
        value={cardId}
        onChange={setCardId}
        options={(cards.items ?? []).map((card) => ({ value: card.id, label: card.title }))}
        emptyLabel="No card"
        disabled={!cards.items}
        testId="photo-upload-card"
      />
      <Stack gap="3">
        {touch ? (
          <Box>
            <Button
              colorPalette="brand"
              w={{ base: 'full', sm: 'auto' }}
              loading={capturing}
              onClick={() => camera.current?.click()}
              data-testid="photo-camera"
            >
              <LuCamera /> Take Photo
            </Button>
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              onChange={(event) => void onCapture(event.target.files?.[0])}
              data-testid="photo-camera-input"
            />
          </Box>
        ) : null}
        <FileDropzone
          accept={PHOTO_ACCEPT}
          onFiles={(files) => enqueue(files)}
          title="Drag photos here"
          hint="JPEG, PNG, GIF or WebP; several at once. Uploads continue in the background."
          testId="photo-dropzone"
        />
      </Stack>
    </UploadCard>
  );
}
