import { MEDIA } from '@venuebook/domain';

/** Spec §8 'Photos and documents': the camera's toasts. */
export const CAMERA_TEXT = {
  captured: 'Photo captured',
  capturedDetail: 'Photo added to upload queue. Upload will continue in background.',
  failed: 'Error taking photo',
  failedDetail: 'Failed to capture the photo. Please try again.',
} as const;

/** The captured photo's name: the camera's name as .jpg, or 'photo-<time>.jpg' when it gave none. */
export function cameraFileName(name: string, now: Date): string {
  const base = name.replace(/\.[^./]*$/, '').trim();
  if (base && base !== 'image') return `${base}.jpg`;
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `photo-${stamp}.jpg`;
}

/**
 * A camera capture as the JPEG to upload, at the spec's camera quality (§9: 90). Spec §5: 'Camera capture needs image
 * data' — anything that does not decode as an image is refused (throws).
 */
export async function cameraJpeg(file: File, now = new Date()): Promise<File> {
  if (!file.type.startsWith('image/') || file.size === 0) throw new Error('The capture holds no image data');
  // createImageBitmap applies the photo's EXIF orientation, so the JPEG is upright without it.
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas to encode the photo');
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', MEDIA.cameraPhotoQuality / 100));
    if (!blob) throw new Error('The photo could not be encoded');
    return new File([blob], cameraFileName(file.name, now), { type: 'image/jpeg', lastModified: file.lastModified || now.getTime() });
  } finally {
    bitmap.close();
  }
}
