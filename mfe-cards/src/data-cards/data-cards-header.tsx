import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { BackLink } from '@venuebook/sdk';
import { LuCheck, LuEraser, LuPencil } from 'react-icons/lu';

export interface DataCardsHeaderProps {
  venueId: string;
  venueName: string;
  editing: boolean;
  /** Edit mode can be switched on (users who may reorder or delete, in a known department). */
  canEditMode: boolean;
  canDelete: boolean;
  /** Clean Field Notes (spec §8, higher-privilege users). */
  canCleanNotes: boolean;
  onToggleEditing: () => void;
  onCleanNotes: () => void;
}

/** The screen's top: back to the venue, the venue's name, Clean Field Notes and the edit-mode switch with its hint. */
export function DataCardsHeader({ venueId, venueName, editing, canEditMode, canDelete, canCleanNotes, onToggleEditing, onCleanNotes }: DataCardsHeaderProps) {
  return (
    <Box>
      <BackLink to={`/venue/${encodeURIComponent(venueId)}`} label="Back to venue" testId="back-to-venue" />
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" data-testid="data-cards-venue-name">
            {venueName}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Venue data by department
          </Text>
        </Box>
        <HStack gap="2" wrap="wrap">
          {canCleanNotes ? (
            <Button variant="ghost" size="sm" onClick={onCleanNotes} data-testid="clean-field-notes">
              <LuEraser /> Clean Field Notes
            </Button>
          ) : null}
          {canEditMode ? (
            <Button
              variant={editing ? 'solid' : 'outline'}
              colorPalette="brand"
              size="sm"
              onClick={onToggleEditing}
              aria-pressed={editing}
              data-testid="edit-mode-toggle"
            >
              {editing ? (
                <>
                  <LuCheck /> Done
                </>
              ) : (
                <>
                  <LuPencil /> Edit Cards
                </>
              )}
            </Button>
          ) : null}
        </HStack>
      </Flex>
      {editing ? (
        <Text fontSize="sm" color="fg.muted" mt="2" data-testid="edit-mode-hint">
          Drag a card by its handle to reorder it within its department{canDelete ? ', or delete it' : ''}.
        </Text>
      ) : null}
    </Box>
  );
}
