import { Box, Flex, Heading, Skeleton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { EmptyState, isApiRequestError, LoadError, mediaQueries, useQuery, type PublicPhoto } from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { LuImage, LuImageOff } from 'react-icons/lu';
import { useParams, useSearchParams } from 'react-router-dom';
import { formatDocumentDate } from '../documents/document-rules.ts';
import { LayoutToggle, PhotoGallery, type GalleryLayout, type GalleryPhoto } from '../shared/photo-gallery.tsx';
import { PhotoViewer } from '../shared/photo-viewer.tsx';

const PUBLIC_URL_REFRESH_MS = 5 * 60_000;

export const PUBLIC_GALLERY_TEXT = {
  empty: 'No Photos Available',
  unavailable: 'This gallery is not available',
  unavailableDetail: 'The link may be wrong, expired or replaced by a new one. Ask the person who shared it for the current link.',
} as const;

/**
 * The public gallery (/public/venue/{venueId}/photos?key=…, spec §2 'Public gallery'): no sign-in; the venue's name
 * and city or address, its photos as a grid or a list, and the viewer with arrows and swipe. A wrong, expired or
 * replaced key (or a gallery turned off) shows that the gallery is not available.
 */
export function PublicGalleryPage() {
  const { venueId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key') ?? '';
  // Public photo URLs last 10–15 minutes: the gallery is read again every 5 minutes while it is open.
  const gallery = useQuery({ ...mediaQueries.publicGallery(venueId, key), enabled: key !== '', refetchInterval: PUBLIC_URL_REFRESH_MS });
  const [layout, setLayout] = useState<GalleryLayout>('grid');
  const [viewing, setViewing] = useState<number | null>(null);

  const photos = useMemo(() => gallery.data?.photos ?? [], [gallery.data]);
  const tiles = useMemo(() => photos.map((photo, index) => galleryPhotoOf(photo, index)), [photos]);
  const slides = useMemo(
    () =>
      photos.map((photo, index) => ({
        src: photo.previewUrl || photo.url,
        alt: `Photo ${index + 1}`,
        width: photo.width ?? undefined,
        height: photo.height ?? undefined,
      })),
    [photos],
  );

  // No key, or the service does not know it (404), refuses it (403) or finds it expired (410): not available.
  const unavailable = key === '' || (gallery.isError && isApiRequestError(gallery.error) && [400, 403, 404, 410].includes(gallery.error.status));
  if (unavailable) {
    return (
      <Box data-testid="public-gallery-unavailable">
        <EmptyState icon={<LuImageOff />} title={PUBLIC_GALLERY_TEXT.unavailable} description={PUBLIC_GALLERY_TEXT.unavailableDetail} />
      </Box>
    );
  }
  if (gallery.isError)
    return <LoadError title="Could not load the gallery" error={gallery.error} onRetry={() => void gallery.refetch()} testId="public-gallery-error" />;

  return (
    <Stack gap={{ base: '4', md: '6' }} data-testid="public-gallery">
      <Flex align="end" justify="space-between" gap="3" wrap="wrap">
        {gallery.data ? (
          <Box minW="0">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" data-testid="public-gallery-venue">
              {gallery.data.venueName}
            </Heading>
            {gallery.data.city ? (
              <Text color="fg.muted" data-testid="public-gallery-city">
                {gallery.data.city}
              </Text>
            ) : null}
          </Box>
        ) : (
          <Stack gap="2" flex="1">
            <Skeleton h="8" w="60%" />
            <Skeleton h="5" w="30%" />
          </Stack>
        )}
        {photos.length > 0 ? <LayoutToggle value={layout} onChange={setLayout} /> : null}
      </Flex>

      {gallery.isPending ? (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 5 }} gap="3" data-testid="public-gallery-loading">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} aspectRatio="square" rounded="l2" />
          ))}
        </SimpleGrid>
      ) : photos.length === 0 ? (
        <EmptyState icon={<LuImage />} title={PUBLIC_GALLERY_TEXT.empty} data-testid="public-gallery-empty" />
      ) : (
        <PhotoGallery photos={tiles} layout={layout} onActivate={setViewing} />
      )}

      <PhotoViewer slides={slides} index={viewing} onClose={() => setViewing(null)} onIndexChange={setViewing} />
    </Stack>
  );
}

/** A public photo in the grids: no file names leave the venue, only the date taken. */
function galleryPhotoOf(photo: PublicPhoto, index: number): GalleryPhoto {
  const date = formatDocumentDate(photo.dateTaken);
  return {
    id: photo.id,
    thumbUrl: photo.thumbUrl || photo.url,
    title: date ? `Photo ${index + 1}, ${date}` : `Photo ${index + 1}`,
    ...(date ? { detail: date } : {}),
  };
}
