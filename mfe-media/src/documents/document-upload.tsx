import { Button, Field, Flex, IconButton, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatFileSize } from '@venuebook/domain';
import {
  LabeledSelect,
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_ACCEPT_ATTRIBUTE,
  DOCUMENT_CATEGORIES,
  enqueueUploads,
  type DocumentCategory,
  type VenueEvent,
} from '@venuebook/sdk';
import { useState } from 'react';
import { LuFile, LuX } from 'react-icons/lu';
import { FileDropzone } from '../shared/file-dropzone.tsx';
import { UploadCard } from '../shared/upload-view.tsx';
import { uploadRefusal } from './document-rules.ts';

const ACCEPTED_TYPES = 'PDF, Word, Excel, PowerPoint, text, JPEG, PNG, GIF, WebP, ZIP or RAR';

export interface DocumentUploadProps {
  venueId: string;
  venueName: string;
  /** The venue's events (the optional event link), undefined while loading. */
  events: readonly VenueEvent[] | undefined;
  onClose: () => void;
}

/**
 * The Documents page's upload mode (spec §2, §5 'Document upload'): several files of the accepted types, a category
 * (the nine of spec §3), an optional description and event. The files go to the sdk's upload queue.
 */
export function DocumentUpload({ venueId, venueName, events, onClose }: DocumentUploadProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [category, setCategory] = useState<DocumentCategory>(DEFAULT_DOCUMENT_CATEGORY);
  const [description, setDescription] = useState('');
  const [eventId, setEventId] = useState('');

  const upload = () => {
    if (files.length === 0) return;
    enqueueUploads(files, { venueId, venueName, category, description: description.trim(), ...(eventId ? { eventId } : {}) });
    setFiles([]);
    setDescription('');
    onClose();
  };

  return (
    <UploadCard title="Upload Documents" testId="document-upload" onClose={onClose}>
      <FileDropzone
        inputAccept={DOCUMENT_ACCEPT_ATTRIBUTE}
        refuse={(file) => uploadRefusal(file.name)}
        onFiles={(added) => setFiles((current) => [...current, ...added])}
        title="Drag documents here"
        hint={`${ACCEPTED_TYPES}; several at once.`}
        testId="document-dropzone"
      />
      {files.length > 0 ? (
        <Stack gap="1" data-testid="document-upload-files">
          {files.map((file, index) => (
            <Flex key={`${file.name}-${index}`} align="center" gap="2" px="2" py="1" bg="bg.muted" rounded="l2" data-testid="document-upload-file">
              <LuFile />
              <Text flex="1" minW="0" truncate fontSize="sm">
                {file.name}
              </Text>
              <Text fontSize="xs" color="fg.muted" flexShrink="0">
                {formatFileSize(file.size)}
              </Text>
              <IconButton
                aria-label={`Remove ${file.name}`}
                size="2xs"
                variant="ghost"
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              >
                <LuX />
              </IconButton>
            </Flex>
          ))}
        </Stack>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <LabeledSelect
          size="sm"
          label="Category"
          value={category}
          onChange={(value) => setCategory(value as DocumentCategory)}
          options={DOCUMENT_CATEGORIES}
          testId="document-upload-category"
        />
        <LabeledSelect
          size="sm"
          label="Event (optional)"
          value={eventId}
          onChange={setEventId}
          options={(events ?? []).map((event) => ({ value: event.id, label: event.name }))}
          emptyLabel="No event"
          disabled={!events}
          testId="document-upload-event"
        />
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Description (optional)</Field.Label>
        <Textarea
          size="sm"
          rows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="document-upload-description"
        />
      </Field.Root>
      <Flex justify="end" gap="2">
        <Button variant="outline" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="brand" size="sm" disabled={files.length === 0} onClick={upload} data-testid="document-upload-submit">
          {files.length > 1 ? `Upload ${files.length} Files` : 'Upload'}
        </Button>
      </Flex>
    </UploadCard>
  );
}
