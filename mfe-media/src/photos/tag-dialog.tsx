import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { api, DialogShell, errorMessage, mediaQueries, notify, useMutation, useQueryClient } from '@venuebook/sdk';
import { useState } from 'react';
import { useVenueCards } from '../shared/use-venue-lists.ts';

export const TAG_TEXT = {
  /** Spec §5 'Tagging needs at least one card selected' (the API's PHOTO_TAG_CARDS_REQUIRED; not imported: that module loads zod). */
  cardsRequired: 'Select at least one card',
  tagged: 'Photos tagged successfully',
  tagFailed: 'Error tagging photos',
  untagged: 'Photo tags removed',
  untagFailed: 'Error removing tags',
} as const;

export interface TagDialogProps {
  venueId: string;
  open: boolean;
  /** The selected photos. */
  photoIds: readonly string[];
  onClose: () => void;
  /** Tags were added or removed (the page leaves tag mode). */
  onDone: () => void;
}

/**
 * Tag the selected photos with the venue's data cards, or remove those cards' tags from them (spec §4 'Photo
 * selection mode', §5 'Tagging needs at least one card selected', §8 toasts).
 */
export function TagDialog({ venueId, open, photoIds, onClose, onDone }: TagDialogProps) {
  const queryClient = useQueryClient();
  const cards = useVenueCards(venueId, open);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  // Each opening starts with no card checked (state adjusted while rendering).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setChecked(new Set());
      setError(null);
    }
  }

  const change = useMutation({
    mutationFn: ({ action, cardIds }: { action: 'tag' | 'untag'; cardIds: string[] }) =>
      action === 'tag' ? api.media.tagPhotos(venueId, photoIds, cardIds) : api.media.untagPhotos(venueId, photoIds, cardIds),
    onSuccess: async (_result, { action }) => {
      notify({ type: 'success', title: action === 'tag' ? TAG_TEXT.tagged : TAG_TEXT.untagged });
      onDone();
      await queryClient.invalidateQueries({ queryKey: mediaQueries.venueDocuments(venueId) });
    },
    onError: (failure, { action }) =>
      notify({ type: 'error', title: action === 'tag' ? TAG_TEXT.tagFailed : TAG_TEXT.untagFailed, description: errorMessage(failure) }),
  });

  const submit = (action: 'tag' | 'untag') => {
    const cardIds = (cards.items ?? []).filter((card) => checked.has(card.id)).map((card) => card.id);
    if (cardIds.length === 0) {
      setError(TAG_TEXT.cardsRequired);
      return;
    }
    change.mutate({ action, cardIds });
  };

  const toggle = (id: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(id);
    else next.delete(id);
    setChecked(next);
    setError(null);
  };

  const busy = change.isPending;
  const count = photoIds.length;
  return (
    <DialogShell
      open={open}
      onDismiss={onClose}
      busy={busy}
      title={`Tag ${count} Photo${count === 1 ? '' : 's'}`}
      testId="tag-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        submit('tag');
      }}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy} data-testid="tag-cancel">
            Cancel
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => submit('untag')}
            loading={busy && change.variables?.action === 'untag'}
            disabled={busy || !cards.items?.length}
            data-testid="tag-remove"
          >
            Remove Tags
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            loading={busy && change.variables?.action === 'tag'}
            disabled={busy || !cards.items?.length}
            data-testid="tag-submit"
          >
            Tag Photos
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Choose the data cards to link with the selected photos.
        </Text>
        {cards.error ? (
          <Text color="fg.error" role="alert">
            {errorMessage(cards.error)}
          </Text>
        ) : !cards.items ? (
          <Stack gap="2" aria-busy="true">
            <Skeleton h="6" />
            <Skeleton h="6" />
          </Stack>
        ) : cards.items.length === 0 ? (
          <Text color="fg.muted" data-testid="tag-no-cards">
            No data cards found
          </Text>
        ) : (
          <Stack gap="2" maxH="20rem" overflowY="auto" data-testid="tag-card-list">
            {cards.items.map((card) => (
              <Checkbox.Root
                key={card.id}
                alignItems="start"
                colorPalette="brand"
                checked={checked.has(card.id)}
                onCheckedChange={(details) => toggle(card.id, details.checked === true)}
                disabled={busy}
                data-testid="tag-card-option"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Box>
                    <Text fontWeight="medium">{card.title}</Text>
                    <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                      {card.departments.join(', ')}
                    </Text>
                  </Box>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
        {error ? (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="tag-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </DialogShell>
  );
}
