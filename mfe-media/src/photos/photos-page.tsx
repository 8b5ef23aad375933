import { Box, Button, Flex, Heading, Skeleton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  BackLink,
  api,
  ConfirmDialog,
  EmptyState,
  LoadError,
  mediaQueries,
  SIGNED_URL_REFRESH_MS,
  notify,
  useCan,
  useMutation,
  useQuery,
  useQueryClient,
  venueQueries,
  VenueLoadError,
  VenueLoading,
  type VenueDocument,
} from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { LuImage, LuTag, LuTrash2, LuUpload, LuX } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { formatFileSize } from '@venuebook/domain';
import { formatDocumentDate } from '../documents/document-rules.ts';
import { driveRefreshInterval, driveSyncView } from '../shared/drive-sync.ts';
import { LayoutToggle, PhotoGallery, type GalleryLayout, type GalleryPhoto } from '../shared/photo-gallery.tsx';
import { PhotoViewer } from '../shared/photo-viewer.tsx';
import { useVenueCards } from '../shared/use-venue-lists.ts';
import { GalleryLink } from './gallery-link.tsx';
import {
  cancelSelection,
  deletedPhotosText,
  keepPresent,
  modeButtonLabel,
  NO_SELECTION,
  pressModeButton,
  togglePhoto,
  type SelectionState,
} from './photo-selection.ts';
import { PhotoUpload } from './photo-upload.tsx';
import { TagDialog } from './tag-dialog.tsx';

const PHOTO_TEXT = {
  empty: 'No photos uploaded yet',
  /** Spec §8: 'Failed to delete photos: {message}', 'Unknown error' when there is none. */
  deleteFailed: (failure: unknown) => `Failed to delete photos: ${failure instanceof Error && failure.message ? failure.message : 'Unknown error'}`,
} as const;

/**
 * The Photos page (/venue/{venueId}/photos, spec §2 'Photos page'): the venue's photos as a grid or a list, the
 * full-screen viewer, the upload view (drop, pick, camera on devices), tag mode and delete mode (§4 'Photo
 * selection mode'), and the public gallery link.
 */
export function PhotosPage() {
  const { venueId = '' } = useParams();
  const queryClient = useQueryClient();
  const mayUpload = useCan('photo.upload');
  const mayTag = useCan('photo.tag');
  const mayDelete = useCan('photo.delete');

  const venue = useQuery(venueQueries.detail(venueId));
  // The signed image URLs last about an hour: the list is read again every 10 minutes while the page is open, and
  // every few seconds while a copy is on its way to Drive.
  const photos = useQuery({
    ...mediaQueries.documents(venueId, 'photos'),
    enabled: venue.isSuccess,
    refetchInterval: (query) => driveRefreshInterval(query.state.data?.documents, SIGNED_URL_REFRESH_MS),
  });
  const cards = useVenueCards(venueId, venue.isSuccess);

  const [layout, setLayout] = useState<GalleryLayout>('grid');
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [selection, setSelection] = useState<SelectionState>(NO_SELECTION);
  const [dialog, setDialog] = useState<'tag' | 'delete' | null>(null);

  const list = useMemo(() => photos.data?.documents ?? [], [photos.data]);
  const ids = useMemo(() => list.map((photo) => photo.id), [list]);
  // Photos deleted elsewhere leave the selection (state adjusted while rendering).
  const present = keepPresent(selection, ids);
  if (present !== selection) setSelection(present);

  const cardTitles = useMemo(() => new Map((cards.items ?? []).map((card) => [card.id, card.title])), [cards.items]);
  const gallery = useMemo(() => list.map((photo) => galleryPhotoOf(photo, cardTitles)), [list, cardTitles]);
  const slides = useMemo(
    () =>
      list.map((photo) => ({
        src: photo.urls.preview ?? photo.urls.original,
        alt: photo.fileName,
        width: photo.width ?? undefined,
        height: photo.height ?? undefined,
        drive: driveSyncView(photo),
      })),
    [list],
  );

  const remove = useMutation({
    mutationFn: (documentIds: readonly string[]) => api.media.batchDeletePhotos(venueId, documentIds),
    onSuccess: async (result) => {
      setDialog(null);
      setSelection(cancelSelection());
      notify({ type: 'success', title: deletedPhotosText(result.deletedCount) });
      await queryClient.invalidateQueries({ queryKey: mediaQueries.venueDocuments(venueId) });
    },
    onError: (failure) => {
      setDialog(null);
      notify({ type: 'error', title: PHOTO_TEXT.deleteFailed(failure) });
    },
  });

  if (venue.isPending) return <VenueLoading />;
  if (venue.isError) return <VenueLoadError error={venue.error} onRetry={() => void venue.refetch()} />;

  const press = (mode: 'tagging' | 'deletion') => {
    const next = pressModeButton(selection, mode, ids);
    setSelection(next.state);
    if (next.effect === 'open-tag-dialog') setDialog('tag');
    if (next.effect === 'confirm-delete') setDialog('delete');
  };
  const selecting = selection.mode !== 'none';
  const selectedSet = selecting ? new Set(selection.selected) : undefined;
  const count = selection.selected.length;

  return (
    <Stack gap={{ base: '4', md: '6' }} data-testid="photos-page">
      <Box>
        <BackLink to={`/venue/${encodeURIComponent(venueId)}`} label="Back to venue" testId="back-to-venue" />
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" data-testid="photos-venue-name">
          {venue.data.name}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Photos{photos.data ? ` · ${list.length}` : ''}
        </Text>
      </Box>

      <Flex gap="2" wrap="wrap" align="center" data-testid="photo-toolbar">
        <LayoutToggle value={layout} onChange={setLayout} />
        <Button
          size="sm"
          variant={uploading ? 'subtle' : 'outline'}
          colorPalette="brand"
          disabled={!mayUpload}
          onClick={() => setUploading((open) => !open)}
          data-testid="photo-upload-toggle"
        >
          <LuUpload /> Upload Photos
        </Button>
        <Button
          size="sm"
          variant={selection.mode === 'tagging' ? 'solid' : 'outline'}
          colorPalette={selection.mode === 'tagging' ? 'brand' : undefined}
          disabled={!mayTag || list.length === 0}
          onClick={() => press('tagging')}
          data-testid="photo-tag-mode"
        >
          <LuTag /> {modeButtonLabel(selection, 'tagging')}
        </Button>
        <Button
          size="sm"
          variant={selection.mode === 'deletion' ? 'solid' : 'outline'}
          colorPalette="red"
          disabled={!mayDelete || list.length === 0}
          onClick={() => press('deletion')}
          data-testid="photo-delete-mode"
        >
          <LuTrash2 /> {modeButtonLabel(selection, 'deletion')}
        </Button>
      </Flex>
      {selecting ? (
        <Flex align="center" gap="2" mt={{ base: '-2', md: '-4' }} data-testid="photo-mode-bar">
          <Text fontSize="sm" color="fg.muted" role="status" flex="1" data-testid="photo-mode-hint">
            {count === 0
              ? `Click photos to select them for ${selection.mode === 'tagging' ? 'tagging' : 'deletion'}, or click Select All.`
              : `${count} photo${count === 1 ? '' : 's'} selected.`}
          </Text>
          <Button size="sm" variant="outline" flexShrink="0" onClick={() => setSelection(cancelSelection())} data-testid="photo-mode-cancel">
            <LuX /> Cancel
          </Button>
        </Flex>
      ) : null}

      {uploading && mayUpload ? <PhotoUpload venueId={venueId} venueName={venue.data.name} onClose={() => setUploading(false)} /> : null}

      {photos.isPending ? (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 5 }} gap="3" data-testid="photos-loading">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} aspectRatio="square" rounded="l2" />
          ))}
        </SimpleGrid>
      ) : photos.isError ? (
        <LoadError title="Could not load the photos" error={photos.error} onRetry={() => void photos.refetch()} testId="photos-error" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<LuImage />}
          title={PHOTO_TEXT.empty}
          description={mayUpload ? 'Upload photos or take one with your camera.' : undefined}
          data-testid="photos-empty"
        >
          {mayUpload && !uploading ? (
            <Button size="sm" colorPalette="brand" onClick={() => setUploading(true)} data-testid="photos-empty-upload">
              <LuUpload /> Upload Photos
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <PhotoGallery
          photos={gallery}
          layout={layout}
          selected={selectedSet}
          onActivate={(index) => {
            const id = ids[index];
            if (selecting && id) setSelection(togglePhoto(selection, id));
            else setViewing(index);
          }}
        />
      )}

      <GalleryLink venueId={venueId} />

      <PhotoViewer slides={slides} index={viewing} onClose={() => setViewing(null)} onIndexChange={setViewing} />
      <TagDialog
        venueId={venueId}
        open={dialog === 'tag'}
        photoIds={selection.selected}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          setSelection(cancelSelection());
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete Photos"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => remove.mutate(selection.selected)}
        data-testid="delete-photos-dialog"
      >
        {`Are you sure you want to delete ${count} photo${count === 1 ? '' : 's'}? This action cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}

/** A photo as the grids show it: its thumbnail, name, date taken and size, and its cards' titles. */
function galleryPhotoOf(photo: VenueDocument, cardTitles: ReadonlyMap<string, string>): GalleryPhoto {
  const tags = photo.tagCardIds.map((id) => cardTitles.get(id)).filter((title): title is string => title !== undefined);
  return {
    id: photo.id,
    thumbUrl: photo.urls.thumb ?? photo.urls.original,
    title: photo.fileName,
    detail: `${formatDocumentDate(photo.dateTaken)} · ${formatFileSize(photo.fileSize)}`,
    tags,
    drive: driveSyncView(photo),
  };
}
