import { HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { documentCategoryLabel, formatFileSize } from '@venuebook/domain';
import { mediaQueries, SIGNED_URL_REFRESH_MS, useQuery } from '@venuebook/sdk';
import { LuFileText, LuImage } from 'react-icons/lu';
import { LoadError } from '../shared/load-states.tsx';

/** Spec §8 empty state of a document list: what an event's Documents section shows when none is linked to it. */
export const NO_DOCUMENTS_TEXT = 'No documents uploaded yet.';

/**
 * An event's documents (spec §2 'Events': the expandable per-event document list): the venue's documents and photos
 * linked to the event, newest upload first, each opening its file. Loaded when the section is first opened; the
 * media pages' changes (uploads, event links, deletes) refresh it through the shared query cache.
 */
export function EventDocuments({ venueId, eventId }: { venueId: string; eventId: string }) {
  const documents = useQuery({ ...mediaQueries.documents(venueId, 'all', eventId), refetchInterval: SIGNED_URL_REFRESH_MS });
  if (documents.isPending) {
    return (
      <HStack gap="2" py="2" px="3" color="fg.muted" fontSize="sm" data-testid="event-documents-loading">
        <Spinner size="xs" /> <Text>Loading documents...</Text>
      </HStack>
    );
  }
  if (documents.isError) {
    return <LoadError title="Could not load documents" error={documents.error} onRetry={() => void documents.refetch()} testId="event-documents-error" />;
  }
  const list = documents.data.documents;
  if (list.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" py="2" px="3" bg="bg.muted" rounded="l2" data-testid="event-documents">
        {NO_DOCUMENTS_TEXT}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" py="2" px="3" bg="bg.muted" rounded="l2" data-testid="event-documents">
      {list.map((document) => (
        <HStack as="li" key={document.id} gap="2" fontSize="sm" minW="0" data-testid="event-document">
          {document.isPhoto ? <LuImage aria-hidden style={{ flexShrink: 0 }} /> : <LuFileText aria-hidden style={{ flexShrink: 0 }} />}
          <Link href={document.urls.original} target="_blank" rel="noopener noreferrer" colorPalette="brand" truncate data-testid="event-document-name">
            {document.fileName}
          </Link>
          <Text color="fg.muted" flexShrink="0" hideBelow="sm" data-testid="event-document-meta">
            {documentCategoryLabel(document.category)} · {formatFileSize(document.fileSize)}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
