import { Badge, Box, Button, Card, Flex, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { formatFileSize } from '@venuebook/domain';
import {
  OptionSelect,
  BackLink,
  api,
  ConfirmDialog,
  DOCUMENT_CATEGORIES,
  EmptyState,
  errorMessage,
  ListSkeleton,
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
  type DocumentCategory,
  type VenueDocument,
  type VenueEvent,
} from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { LuDownload, LuExternalLink, LuFileText, LuRefreshCw, LuTrash2, LuUpload } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { driveRefreshInterval, driveSyncView } from '../shared/drive-sync.ts';
import { DriveSyncBadge, OpenInDrive } from '../shared/drive-sync-badge.tsx';
import { useVenueEvents } from '../shared/use-venue-lists.ts';
import { DocumentUpload } from './document-upload.tsx';
import { DOCUMENT_TEXT, formatDocumentDate, groupByCategory } from './document-rules.ts';

/**
 * The Documents page (/venue/{venueId}/documents, spec §2 'Documents page'): an upload mode and the venue's
 * documents grouped by category; each can change category, set or clear its event, and be deleted after a
 * confirmation (§4 'Document', §8 toasts). Upload and delete buttons are disabled without the permission.
 */
export function DocumentsPage() {
  const { venueId = '' } = useParams();
  const mayUpload = useCan('document.upload');
  const mayEdit = useCan('document.edit');
  const mayDelete = useCan('document.delete');

  const venue = useQuery(venueQueries.detail(venueId));
  // The signed file URLs last about an hour: the list is read again every 10 minutes while the page is open, and
  // every few seconds while a copy is on its way to Drive.
  const documents = useQuery({
    ...mediaQueries.documents(venueId),
    enabled: venue.isSuccess,
    refetchInterval: (query) => driveRefreshInterval(query.state.data?.documents, SIGNED_URL_REFRESH_MS),
  });
  const events = useVenueEvents(venueId, venue.isSuccess);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<VenueDocument | null>(null);

  const queryClient = useQueryClient();
  // 'Sync documents' (spec §8): the files put in the venue's Google Drive folders become its documents.
  const syncFromDrive = useMutation({
    mutationFn: () => api.media.syncFromDrive(venueId),
    onSuccess: async (result) => {
      const notes = [
        ...(result.refusedCount > 0 ? [DOCUMENT_TEXT.refusedFromDrive(result.refusedCount)] : []),
        ...(result.failedCount > 0 ? [DOCUMENT_TEXT.failedFromDrive(result.failedCount)] : []),
      ];
      notify({
        type: notes.length > 0 ? 'warning' : 'success',
        title: DOCUMENT_TEXT.syncedFromDrive(result.syncedCount),
        ...(notes.length > 0 ? { description: notes.join(' ') } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: mediaQueries.venueDocuments(venueId) });
    },
    onError: (failure) => notify({ type: 'error', title: DOCUMENT_TEXT.syncFromDriveFailed(errorMessage(failure)) }),
  });

  const groups = useMemo(() => groupByCategory(documents.data?.documents ?? []), [documents.data]);
  const eventsById = useMemo(() => new Map((events.items ?? []).map((event) => [event.id, event])), [events.items]);

  if (venue.isPending) return <VenueLoading />;
  if (venue.isError) return <VenueLoadError error={venue.error} onRetry={() => void venue.refetch()} />;

  const venuePath = `/venue/${encodeURIComponent(venueId)}`;
  return (
    <Stack gap={{ base: '4', md: '6' }} data-testid="documents-page">
      <Box>
        <BackLink to={venuePath} label="Back to venue" testId="back-to-venue" />
        {/* On a phone the venue's name has its own line, the buttons the next. */}
        <Flex align="center" gap="2" wrap="wrap">
          <Box minW="0" flexBasis={{ base: 'full', sm: 'auto' }} flexShrink="1">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" data-testid="documents-venue-name">
              {venue.data.name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Documents
            </Text>
          </Box>
          <Button
            ms="auto"
            size="sm"
            variant="outline"
            loading={syncFromDrive.isPending}
            loadingText="Syncing..."
            disabled={!mayUpload}
            onClick={() => syncFromDrive.mutate()}
            data-testid="documents-sync-drive"
          >
            <LuRefreshCw /> Sync from Drive
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            variant={uploading ? 'subtle' : 'solid'}
            disabled={!mayUpload}
            onClick={() => setUploading((open) => !open)}
            data-testid="document-upload-toggle"
          >
            <LuUpload /> Upload
          </Button>
        </Flex>
      </Box>

      {uploading && mayUpload ? (
        <DocumentUpload venueId={venueId} venueName={venue.data.name} events={events.items} onClose={() => setUploading(false)} />
      ) : null}

      {documents.isPending ? (
        <ListSkeleton count={4} h="16" testId="documents-loading" />
      ) : documents.isError ? (
        <LoadError title="Could not load the documents" error={documents.error} onRetry={() => void documents.refetch()} testId="documents-error" />
      ) : groups.length === 0 ? (
        <EmptyState icon={<LuFileText />} title={DOCUMENT_TEXT.empty} data-testid="documents-empty" />
      ) : (
        <Stack gap="5" data-testid="document-groups">
          {groups.map((group) => (
            <Stack as="section" key={group.category} gap="2" data-testid="document-group" data-category={group.category}>
              <Heading as="h2" size="md" data-testid="document-group-title">
                {group.label}{' '}
                <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
                  ({group.documents.length})
                </Text>
              </Heading>
              {group.documents.map((document) => (
                <DocumentItem
                  key={document.id}
                  document={document}
                  event={document.eventId ? eventsById.get(document.eventId) : undefined}
                  events={events.items}
                  mayEdit={mayEdit}
                  mayDelete={mayDelete}
                  onDelete={() => setDeleting(document)}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      )}

      <DeleteDocumentDialog venueId={venueId} document={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

interface DocumentItemProps {
  document: VenueDocument;
  /** The linked event, when it is among the venue's events. */
  event: VenueEvent | undefined;
  events: readonly VenueEvent[] | undefined;
  mayEdit: boolean;
  mayDelete: boolean;
  onDelete: () => void;
}

/** One document: name, size, upload date, event; open and download; category, event and delete controls. */
function DocumentItem({ document, event, events, mayEdit, mayDelete, onDelete }: DocumentItemProps) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (input: { category: DocumentCategory } | { eventId: string | null }) => api.media.updateDocument(document.id, input),
    onSuccess: async (_next, input) => {
      notify({ type: 'success', title: 'category' in input ? DOCUMENT_TEXT.moved(input.category) : DOCUMENT_TEXT.eventUpdated });
      await queryClient.invalidateQueries({ queryKey: mediaQueries.venueDocuments(document.venueId) });
    },
    onError: (failure, input) =>
      notify({ type: 'error', title: 'category' in input ? DOCUMENT_TEXT.moveFailed : DOCUMENT_TEXT.eventFailed, description: errorMessage(failure) }),
  });
  const busy = update.isPending;
  const uploaded = formatDocumentDate(document.uploadedAt);
  const drive = driveSyncView(document);

  return (
    <Card.Root variant="outline" size="sm" data-testid="document-item" data-document-id={document.id}>
      <Card.Body gap="3">
        <Flex gap="3" align="start" direction={{ base: 'column', md: 'row' }}>
          <HStack gap="3" align="start" flex="1" minW="0">
            <Box color="fg.muted" mt="1" flexShrink="0">
              <LuFileText />
            </Box>
            <Box minW="0">
              <Link
                href={document.urls.original}
                target="_blank"
                rel="noopener noreferrer"
                fontWeight="medium"
                wordBreak="break-all"
                colorPalette="brand"
                data-testid="document-name"
              >
                {document.fileName}
              </Link>
              <Text fontSize="sm" color="fg.muted" data-testid="document-meta">
                {formatFileSize(document.fileSize)}
                {uploaded ? ` · Uploaded ${uploaded}` : ''}
              </Text>
              <Box mt="1">
                <DriveSyncBadge view={drive} />
              </Box>
              {document.description ? (
                <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="document-description">
                  {document.description}
                </Text>
              ) : null}
              {document.eventId ? (
                <Badge mt="1" variant="subtle" colorPalette="brand" data-testid="document-event">
                  {event ? `${event.name}${event.eventDate ? ` · ${formatDocumentDate(`${event.eventDate}T12:00:00`)}` : ''}` : 'Linked event'}
                </Badge>
              ) : null}
            </Box>
          </HStack>
          <HStack gap="1" flexShrink="0" ms={{ base: '7', md: '0' }}>
            {/* Images open in the browser; other files are always sent as attachments. */}
            {document.isPhoto ? (
              <Button asChild size="xs" variant="ghost">
                <a href={document.urls.original} target="_blank" rel="noopener noreferrer" data-testid="document-open">
                  <LuExternalLink /> Open
                </a>
              </Button>
            ) : null}
            {drive.url ? <OpenInDrive url={drive.url} /> : null}
            <Button asChild size="xs" variant="ghost">
              <a href={document.urls.download} download={document.fileName} data-testid="document-download">
                <LuDownload /> Download
              </a>
            </Button>
            <IconButton
              aria-label={`Delete ${document.fileName}`}
              size="xs"
              variant="ghost"
              colorPalette="red"
              disabled={!mayDelete}
              onClick={onDelete}
              data-testid="document-delete"
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        </Flex>
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }} ps={{ base: '0', sm: '7' }}>
          <OptionSelect
            size="xs"
            maxW={{ sm: '60' }}
            disabled={!mayEdit || busy}
            ariaLabel="Category"
            value={document.category}
            onChange={(value) => {
              const category = value as DocumentCategory;
              if (category !== document.category) update.mutate({ category });
            }}
            options={DOCUMENT_CATEGORIES}
            testId="document-category"
          />
          <OptionSelect
            size="xs"
            maxW={{ sm: '60' }}
            disabled={!mayEdit || busy || !events}
            ariaLabel="Event"
            value={document.eventId ?? ''}
            onChange={(value) => {
              const eventId = value || null;
              if (eventId !== document.eventId) update.mutate({ eventId });
            }}
            emptyLabel="No event"
            options={[
              ...(document.eventId && !event ? [{ value: document.eventId, label: 'Linked event' }] : []),
              ...(events ?? []).map((option) => ({ value: option.id, label: option.name })),
            ]}
            testId="document-event-select"
          />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** 'Delete Document' after a confirmation (spec §5 'Confirmations', §8 toasts). */
function DeleteDocumentDialog({ venueId, document, onClose }: { venueId: string; document: VenueDocument | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => api.media.deleteDocument(id),
    onSuccess: async () => {
      onClose();
      notify({ type: 'success', title: DOCUMENT_TEXT.deleted });
      await queryClient.invalidateQueries({ queryKey: mediaQueries.venueDocuments(venueId) });
    },
    onError: (failure) => {
      onClose();
      notify({ type: 'error', title: DOCUMENT_TEXT.deleteFailed(errorMessage(failure)) });
    },
  });
  // The name stays in the dialog while it animates its closing.
  const [shown, setShown] = useState<VenueDocument | null>(document);
  if (document && document !== shown) setShown(document);
  return (
    <ConfirmDialog
      open={document !== null}
      title="Delete Document"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => document && remove.mutate(document.id)}
      data-testid="delete-document-dialog"
    >
      {`Are you sure you want to delete "${shown?.fileName ?? ''}"? This action cannot be undone.`}
    </ConfirmDialog>
  );
}
