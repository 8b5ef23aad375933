// The card dialog (spec §2 'Card dialog', §4): Enter Data and Customize Card, opened by the Data Cards screen with
// the props below (the contract).
import { Box, Button, Center, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { Tabs } from '@chakra-ui/react/tabs';
import { api, cardQueries, errorMessage, notify, PanelDialog, PanelSections, queryClient, useQuery, useUnsavedChangesGuard } from '@venuebook/sdk';
import type { DataCard, Department } from '@venuebook/sdk';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { usePresence } from '../presence/use-presence.ts';
import { fieldsAreValid } from './card-fields.ts';
import { ConflictDialog, UnsavedChangesDialog } from './card-dialog-prompts.tsx';
import { customizationInput, customizationOf, isCustomized, type CardCustomization } from './card-dialog-rules.ts';
import { CustomizeCardTab } from './customize-card-tab.tsx';
import { EnterDataTab } from './enter-data-tab.tsx';
import { PresenceBadge } from './presence-badge.tsx';
import { useCardEntry } from './use-card-entry.ts';

export interface CardDialogProps {
  venueId: string;
  department: Department;
  /** The department's cards in screen order (prev/next move through these). */
  cards: readonly DataCard[];
  /** The open card's id; null: closed. */
  cardId: string | null;
  /** Whether the user may save values (card.data.save) and customise (card.edit). */
  canSave: boolean;
  canCustomize: boolean;
  /** Opens another card (prev/next) or closes the dialog (null). */
  onOpenCard: (cardId: string | null) => void;
  /** A card was customised or changed: the screen reloads its list. */
  onCardsChanged: () => void;
}

/** Spec §8 'Cards and data'. */
export const CARD_UPDATED = 'Card updated successfully';
export const CARD_UPDATE_FAILED = 'Error updating card: Please try again.';

/**
 * The card dialog. The dialog itself stays mounted while cards change (prev/next); its content is keyed by the card
 * and by each opening, so nothing of a closed or other card is kept. Closing with unsaved changes asks first.
 */
export function CardDialog(props: CardDialogProps) {
  const { cardId, onOpenCard } = props;
  // The card shown (kept while the dialog animates closed) and the opening it belongs to.
  const [shown, setShown] = useState({ cardId, opening: 0, last: cardId });
  if (cardId !== shown.last) setShown({ cardId: cardId ?? shown.cardId, opening: shown.last === null ? shown.opening + 1 : shown.opening, last: cardId });
  const dirty = useRef(false);
  const [askClose, setAskClose] = useState(false);
  const requestClose = () => {
    if (dirty.current) setAskClose(true);
    else onOpenCard(null);
  };
  return (
    <>
      <PanelDialog open={cardId !== null} onDismiss={requestClose} from="md" size="lg" scrollInside testId="card-dialog">
        {shown.cardId ? (
          <CardDialogContent
            key={`${shown.cardId}:${shown.opening}`}
            {...props}
            cardId={shown.cardId}
            open={cardId === shown.cardId}
            dirtyRef={dirty}
            onClose={requestClose}
          />
        ) : null}
      </PanelDialog>
      <UnsavedChangesDialog
        open={askClose}
        onKeepEditing={() => setAskClose(false)}
        onDiscard={() => {
          setAskClose(false);
          dirty.current = false;
          onOpenCard(null);
        }}
      />
    </>
  );
}

/** The newest of the card's copies (the screen's list, a fetch, the answer of an update). */
function newestCard(...cards: (DataCard | null | undefined)[]): DataCard | null {
  return cards.reduce<DataCard | null>((newest, card) => (card && (!newest || card.updatedAt > newest.updatedAt) ? card : newest), null);
}

type Tab = 'data' | 'customize';

function CardDialogContent({
  venueId,
  department,
  cards,
  cardId,
  open,
  canSave,
  canCustomize,
  onOpenCard,
  onCardsChanged,
  dirtyRef,
  onClose,
}: CardDialogProps & { cardId: string; open: boolean; dirtyRef: RefObject<boolean>; onClose: () => void }) {
  const listed = cards.find((card) => card.id === cardId);
  // A card not in the screen's list yet (just customised): read by id.
  const fetched = useQuery({ ...cardQueries.card(cardId), enabled: !listed });
  const [updated, setUpdated] = useState<DataCard | null>(null);
  const card = newestCard(listed, fetched.data, updated);
  const entry = useCardEntry(venueId, department, card);
  const [tab, setTab] = useState<Tab>('data');
  const [draft, setDraft] = useState<CardCustomization | null>(null);
  const [customizing, setCustomizing] = useState(false);
  const customized = card ? isCustomized(draft, card) : false;
  const dirty = entry.dirty || customized;
  useEffect(() => {
    dirtyRef.current = dirty;
  });
  const presence = usePresence(open ? { venueId, department, cardId } : null);
  // Leaving the page (a link, Back, closing the tab) with unsaved changes asks too.
  const leaving = useUnsavedChangesGuard(open && dirty);

  const index = cards.findIndex((other) => other.id === cardId);
  const previous = index > 0 ? cards[index - 1] : undefined;
  const next = index >= 0 && index < cards.length - 1 ? cards[index + 1] : undefined;
  const mayCustomize = canCustomize && card !== null;
  const shownDraft = card ? (draft ?? customizationOf(card)) : null;
  const customizationValid = shownDraft !== null && shownDraft.title.trim() !== '' && fieldsAreValid(shownDraft.fields);

  async function saveCustomization() {
    if (!card || !draft || !customized || !customizationValid || customizing) return;
    if (card.isTemplate && entry.dirty) {
      notify({ type: 'warning', title: 'Save or discard your data changes first', description: 'Customising a template makes a new card for this venue.' });
      return;
    }
    setCustomizing(true);
    try {
      const input = customizationInput(draft, card);
      if (card.isTemplate) {
        const created = await api.venueCards.customize(venueId, card.id, department, input);
        queryClient.setQueryData(cardQueries.card(created.id).queryKey, created);
        notify({ type: 'success', title: CARD_UPDATED });
        dirtyRef.current = false;
        onCardsChanged();
        onOpenCard(created.id);
      } else {
        const saved = await api.venueCards.update(card.id, input);
        queryClient.setQueryData(cardQueries.card(saved.id).queryKey, saved);
        setUpdated(saved);
        setDraft(null);
        notify({ type: 'success', title: CARD_UPDATED });
        onCardsChanged();
      }
    } catch (error) {
      notify({ type: 'error', title: CARD_UPDATE_FAILED, description: errorMessage(error) });
    } finally {
      setCustomizing(false);
    }
  }

  /** Spec §2: Cmd/Ctrl+Enter saves (the tab's own save). */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.metaKey || event.ctrlKey)) return;
    event.preventDefault();
    if (tab === 'customize') void saveCustomization();
    else if (canSave) void entry.save();
  };

  const footer =
    tab === 'customize' ? (
      <>
        <Button variant="outline" onClick={() => setTab('data')} disabled={customizing} data-testid="card-back-to-data">
          <LuChevronLeft /> Back to Data
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => void saveCustomization()}
          loading={customizing}
          disabled={!customized || !customizationValid}
          data-testid="card-save-customization"
        >
          Save Customization
        </Button>
      </>
    ) : (
      <>
        <Button variant="outline" onClick={onClose} data-testid="card-dialog-close">
          Close
        </Button>
        {canSave ? (
          <Button
            colorPalette="brand"
            onClick={() => void entry.save()}
            loading={entry.saving}
            disabled={!entry.dirty || !card}
            data-testid="card-save"
            title="Save (Ctrl+Enter or ⌘+Enter)"
          >
            Save
          </Button>
        ) : null}
      </>
    );

  return (
    <Box display="contents" onKeyDown={onKeyDown}>
      <PanelSections title={card?.title ?? 'Loading…'} closeTestId="card-dialog-x" footer={card ? footer : undefined}>
        {!card ? (
          fetched.isError ? (
            <Text color="fg.error" role="alert" data-testid="card-dialog-error">
              {errorMessage(fetched.error)}
            </Text>
          ) : (
            <Center py="10">
              <Spinner color="brand.solid" />
            </Center>
          )
        ) : (
          <>
            <HStack justify="space-between" gap="2" mb="2" minH="8">
              <PresenceBadge editors={presence.editors} />
              {cards.length > 1 && index >= 0 ? (
                <HStack gap="1" ms="auto" title={dirty ? 'Save or discard your changes to move to another card' : undefined}>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label="Previous card"
                    disabled={dirty || !previous}
                    onClick={() => previous && onOpenCard(previous.id)}
                    data-testid="card-previous"
                  >
                    <LuChevronLeft />
                  </IconButton>
                  <Text fontSize="sm" color="fg.muted" data-testid="card-position">
                    {index + 1} / {cards.length}
                  </Text>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label="Next card"
                    disabled={dirty || !next}
                    onClick={() => next && onOpenCard(next.id)}
                    data-testid="card-next"
                  >
                    <LuChevronRight />
                  </IconButton>
                </HStack>
              ) : null}
            </HStack>
            <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as Tab)} variant="line" lazyMount>
              {mayCustomize ? (
                <Tabs.List mb="4">
                  <Tabs.Trigger value="data" data-testid="card-tab-data">
                    Enter Data
                  </Tabs.Trigger>
                  <Tabs.Trigger value="customize" data-testid="card-tab-customize">
                    Customize Card
                  </Tabs.Trigger>
                </Tabs.List>
              ) : null}
              <Tabs.Content value="data" pt="0">
                <EnterDataTab venueId={venueId} card={card} entry={entry} canSave={canSave} />
              </Tabs.Content>
              {mayCustomize && shownDraft ? (
                <Tabs.Content value="customize" pt="0">
                  <CustomizeCardTab draft={shownDraft} onChange={setDraft} isTemplate={card.isTemplate} disabled={customizing} />
                </Tabs.Content>
              ) : null}
            </Tabs.Root>
          </>
        )}
      </PanelSections>
      <UnsavedChangesDialog open={leaving.blocked} onKeepEditing={leaving.reset} onDiscard={leaving.proceed} />
      <ConflictDialog
        conflicts={entry.conflicts}
        busy={entry.saving}
        onCancelChanges={entry.cancelConflicts}
        onOverwrite={() => void entry.overwriteConflicts()}
        onDismiss={entry.dismissConflicts}
      />
    </Box>
  );
}
