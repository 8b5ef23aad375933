import { Box, Button, Flex, Grid, Heading, HStack, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Tabs } from '@chakra-ui/react/tabs';
import {
  BackLink,
  api,
  cardQueries,
  ConfirmDialog,
  DEPARTMENTS,
  EmptyState,
  errorMessage,
  FIELD_NOTES_CLEAN_FAILED,
  FIELD_NOTES_CLEANED,
  notify,
  useCan,
  useMutation,
  useQuery,
  useQueryClient,
  venueQueries,
  VenueLoadError,
  VenueLoading,
  type DataCard,
  type DataCardList,
  type Department,
} from '@venuebook/sdk';
import { useMemo, useState, type ReactNode } from 'react';
import { LuEraser, LuCheck, LuListPlus, LuPencil, LuPlus, LuSearchX } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CardDialog } from '../card-dialog/card-dialog.tsx';
import { AddCardsDialog } from './add-cards-dialog.tsx';
import { CreateCardDialog } from './create-card-dialog.tsx';
import { DATA_CARD_TEXT, deleteKindOf, departmentOfRoute, departmentPath, loadErrorText, valuesByCard } from './data-card-rules.ts';
import { DepartmentCards } from './department-cards.tsx';

/** The open card: its id and the department it was opened in (prev/next move through that department's cards). */
interface OpenCard {
  cardId: string;
  department: Department;
}

/**
 * The Data Cards screen (/venue/{venueId}/department[/{departmentName}], spec §2): the venue's cards by department,
 * as tabs below 768 px and seven columns from there; edit mode (drag reorder within a department, delete), the
 * add-cards and create-custom-card dialogs, and the card dialog.
 */
export function DataCardsPage() {
  const { venueId = '', departmentName } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { department, known } = departmentOfRoute(departmentName);
  // Spec §9: the mobile breakpoint is 768 px (Chakra's md).
  const columns = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;

  const mayCreate = useCan('card.create');
  const mayReorder = useCan('card.edit');
  const mayDelete = useCan('card.delete');
  const maySave = useCan('card.data.save');
  const mayEditMode = mayReorder || mayDelete;
  const mayCleanNotes = useCan('venue.clean_field_notes');
  // `?card=<id>` (venue detail's Venue Data links here) opens that card's dialog.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedCard = searchParams.get('card');

  const venue = useQuery(venueQueries.detail(venueId));
  const values = useQuery({ ...cardQueries.venueValues(venueId), enabled: venue.isSuccess });
  const byCard = useMemo(() => (values.data ? valuesByCard(values.data.values) : undefined), [values.data]);

  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'add' | 'create' | null>(null);
  const [openCard, setOpenCard] = useState<OpenCard | null>(() => (linkedCard && known ? { cardId: linkedCard, department } : null));
  const [cleaning, setCleaning] = useState(false);
  const [deleting, setDeleting] = useState<{ card: DataCard; department: Department } | null>(null);
  // The open card's department in screen order, from the list's cache (a customised card comes back under its new id).
  const openCards = useQuery({ ...cardQueries.venueDepartment(venueId, openCard?.department ?? department), enabled: openCard !== null });

  const refreshVenueCards = () => queryClient.invalidateQueries({ queryKey: cardQueries.venue(venueId) });

  const reorder = useMutation({
    mutationFn: ({ department: d, cards }: { department: Department; cards: DataCard[] }) =>
      api.venueCards.reorder(
        venueId,
        d,
        cards.map((card) => card.id),
      ),
    onMutate: ({ department: d, cards }) => {
      // The new order shows at once; the server's answer replaces it.
      queryClient.setQueryData<DataCardList>(cardQueries.venueDepartment(venueId, d).queryKey, { items: cards });
    },
    onSuccess: (list, { department: d }) => {
      queryClient.setQueryData(cardQueries.venueDepartment(venueId, d).queryKey, list);
      notify({ type: 'success', title: DATA_CARD_TEXT.orderSaved });
    },
    onError: async (failure, { department: d }) => {
      notify({ type: 'error', title: DATA_CARD_TEXT.orderFailed, description: errorMessage(failure) });
      await queryClient.invalidateQueries({ queryKey: cardQueries.venueDepartment(venueId, d).queryKey });
    },
  });

  const remove = useMutation({
    mutationFn: ({ card, department: d }: { card: DataCard; department: Department }) =>
      deleteKindOf(card) === 'remove-template' ? api.venueCards.removeTemplate(venueId, card.id, d) : api.venueCards.delete(card.id).then(() => undefined),
    onSuccess: async (_result, { card }) => {
      setDeleting(null);
      notify({ type: 'success', title: deleteKindOf(card) === 'remove-template' ? DATA_CARD_TEXT.removed : DATA_CARD_TEXT.deleted });
      await refreshVenueCards();
    },
    onError: (failure) => {
      setDeleting(null);
      notify({ type: 'error', title: DATA_CARD_TEXT.removeFailed, description: errorMessage(failure) });
    },
  });

  // Clean Field Notes (spec §8, higher-privilege users): the venue's removed note lines go for good.
  const clean = useMutation({
    mutationFn: () => api.venueCards.cleanNotes(venueId),
    onSuccess: (result) => {
      setCleaning(false);
      notify({ type: 'success', title: result.message || FIELD_NOTES_CLEANED });
    },
    onError: (failure) => {
      setCleaning(false);
      notify({ type: 'error', title: FIELD_NOTES_CLEAN_FAILED, description: errorMessage(failure) });
    },
  });

  const openCardById = (cardId: string | null) => {
    setOpenCard((current) => (cardId && current ? { ...current, cardId } : null));
    if (!cardId && linkedCard) {
      const next = new URLSearchParams(searchParams);
      next.delete('card');
      setSearchParams(next, { replace: true });
    }
  };

  if (venue.isPending) return <VenueLoading />;
  if (venue.isError) return <VenueLoadError error={venue.error} onRetry={() => void venue.refetch()} />;

  const venuePath = `/venue/${encodeURIComponent(venueId)}`;
  const selectDepartment = (next: Department) => void navigate(departmentPath(venueId, next), { replace: true });

  const listOf = (d: Department, emptyActions: ReactNode, compact: boolean) => (
    <DepartmentCards
      venueId={venueId}
      department={d}
      values={byCard}
      editing={editing}
      canReorder={mayReorder}
      canDelete={mayDelete}
      onOpen={(card) => setOpenCard({ cardId: card.id, department: d })}
      onReorder={(dep, cards) => reorder.mutate({ department: dep, cards })}
      onDelete={(card, dep) => setDeleting({ card, department: dep })}
      emptyActions={emptyActions}
      compact={compact}
    />
  );
  // Inline buttons under an empty department (users who may add cards): Add Cards and Create Card there.
  const emptyActions = (d: Department, compact: boolean) =>
    mayCreate ? (
      <Stack direction={compact ? 'column' : 'row'} gap={compact ? '1' : '2'} wrap="wrap" justify="center" align="center">
        <Button
          size={compact ? 'xs' : 'sm'}
          variant={compact ? 'ghost' : 'outline'}
          onClick={() => {
            selectDepartment(d);
            setDialog('add');
          }}
          data-testid="empty-add-cards"
        >
          <LuListPlus /> Add Cards
        </Button>
        <Button
          size={compact ? 'xs' : 'sm'}
          variant={compact ? 'ghost' : 'outline'}
          onClick={() => {
            selectDepartment(d);
            setDialog('create');
          }}
          data-testid="empty-create-card"
        >
          <LuPlus /> Create Card
        </Button>
      </Stack>
    ) : undefined;

  return (
    <Stack gap={{ base: '4', md: '6' }} w="full" pb={mayCreate ? '24' : '4'} data-testid="data-cards-page">
      <Box>
        <BackLink to={venuePath} label="Back to venue" testId="back-to-venue" />
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Box minW="0">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" data-testid="data-cards-venue-name">
              {venue.data.name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Venue data by department
            </Text>
          </Box>
          <HStack gap="2" wrap="wrap">
            {mayCleanNotes ? (
              <Button variant="ghost" size="sm" onClick={() => setCleaning(true)} data-testid="clean-field-notes">
                <LuEraser /> Clean Field Notes
              </Button>
            ) : null}
            {mayEditMode && known ? (
              <Button
                variant={editing ? 'solid' : 'outline'}
                colorPalette="brand"
                size="sm"
                onClick={() => setEditing(!editing)}
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
            Drag a card by its handle to reorder it within its department{mayDelete ? ', or delete it' : ''}.
          </Text>
        ) : null}
      </Box>

      {values.isError ? (
        <HStack role="alert" gap="3" wrap="wrap" fontSize="sm" color="fg.error" data-testid="values-error">
          <Text>{loadErrorText(errorMessage(values.error))}</Text>
          <Button size="xs" variant="outline" onClick={() => void values.refetch()}>
            Retry
          </Button>
        </HStack>
      ) : null}

      {!known ? (
        <EmptyState
          icon={<LuSearchX />}
          title="Department Not Found"
          description={`There is no department named "${departmentName ?? ''}".`}
          data-testid="department-not-found"
        >
          <Button asChild colorPalette="brand" variant="outline">
            <RouterLink to={departmentPath(venueId, DEPARTMENTS[0])}>Go to {DEPARTMENTS[0]}</RouterLink>
          </Button>
        </EmptyState>
      ) : columns ? (
        // Seven columns fit the page from about 1100 px; narrower, they scroll sideways.
        <Box overflowX="auto" pb="2">
          <Grid templateColumns={`repeat(${DEPARTMENTS.length}, minmax(9.5rem, 1fr))`} gap="2" minW="min-content" data-testid="department-columns">
            {DEPARTMENTS.map((d) => (
              <Stack
                key={d}
                as="section"
                aria-label={d}
                gap="3"
                p="2"
                rounded="l3"
                bg={d === department ? 'brand.subtle/40' : 'bg.subtle'}
                borderWidth="1px"
                borderColor={d === department ? 'brand.muted' : 'transparent'}
                data-testid="department-column"
                data-department={d}
              >
                <Box
                  as="button"
                  textAlign="start"
                  fontWeight="semibold"
                  fontSize="sm"
                  px="1"
                  py="0.5"
                  rounded="l1"
                  focusRing="outside"
                  color={d === department ? 'brand.fg' : undefined}
                  aria-current={d === department ? 'true' : undefined}
                  onClick={() => selectDepartment(d)}
                  data-testid="department-column-title"
                >
                  {/* A narrow column breaks 'Production/Broadcast' after the slash, not inside a word. */}
                  {d.replace('/', '/\u200B')}
                </Box>
                {listOf(d, emptyActions(d, true), true)}
              </Stack>
            ))}
          </Grid>
        </Box>
      ) : (
        <Tabs.Root
          value={department}
          onValueChange={(details) => selectDepartment(details.value as Department)}
          lazyMount
          unmountOnExit
          variant="line"
          data-testid="department-tabs"
        >
          <Box overflowX="auto">
            <Tabs.List minW="max-content">
              {DEPARTMENTS.map((d) => (
                <Tabs.Trigger key={d} value={d} fontSize="sm" px="3" data-testid="department-tab">
                  {d}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Box>
          {DEPARTMENTS.map((d) => (
            <Tabs.Content key={d} value={d} pt="4">
              {listOf(d, emptyActions(d, false), false)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}

      {mayCreate && known ? <FloatingActions department={department} onAdd={() => setDialog('add')} onCreate={() => setDialog('create')} /> : null}

      <AddCardsDialog venueId={venueId} open={dialog === 'add'} department={department} onClose={() => setDialog(null)} />
      <CreateCardDialog venueId={venueId} open={dialog === 'create'} department={department} onClose={() => setDialog(null)} />
      <CardDialog
        venueId={venueId}
        department={openCard?.department ?? department}
        cards={openCards.data?.items ?? []}
        cardId={openCard?.cardId ?? null}
        canSave={maySave}
        canCustomize={mayReorder}
        onOpenCard={openCardById}
        onCardsChanged={() => void refreshVenueCards()}
      />
      <ConfirmDialog
        open={cleaning}
        title="Clean Field Notes"
        confirmLabel="Clean"
        busy={clean.isPending}
        onCancel={() => setCleaning(false)}
        onConfirm={() => clean.mutate()}
        data-testid="clean-field-notes-dialog"
      >
        <Text>Remove the deleted note lines of this venue for good? The current notes stay as they are.</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting && deleteKindOf(deleting.card) === 'remove-template' ? 'Remove Card' : 'Delete Card'}
        confirmLabel={deleting && deleteKindOf(deleting.card) === 'remove-template' ? 'Remove' : 'Delete'}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        data-testid="delete-card-dialog"
      >
        {deleting && deleteKindOf(deleting.card) === 'remove-template' ? (
          <Text wordBreak="break-word">
            Remove &quot;{deleting.card.title}&quot; from this venue&apos;s {deleting.department} cards? The data entered on it here is removed; the template
            stays and can be added again.
          </Text>
        ) : (
          <Text wordBreak="break-word">Delete &quot;{deleting?.card.title}&quot;? It moves to Deleted Data Cards, where an admin can restore it.</Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

/** Spec §2: the floating action bar (Create and Add; the spec's AI Extract is not built), for users who may add cards. */
function FloatingActions({ department, onAdd, onCreate }: { department: Department; onAdd: () => void; onCreate: () => void }) {
  return (
    <Box position="fixed" insetX="0" bottom={{ base: '3', md: '6' }} zIndex="docked" pointerEvents="none" display="flex" justifyContent="center" px="3">
      <HStack
        gap="2"
        p="2"
        bg="bg.panel"
        borderWidth="1px"
        rounded="full"
        shadow="lg"
        pointerEvents="auto"
        role="toolbar"
        aria-label={`Add cards to ${department}`}
        data-testid="floating-actions"
      >
        <Text fontSize="xs" color="fg.muted" ps="3" pe="1" hideBelow="sm" maxW="12rem" truncate>
          {department}
        </Text>
        <Button size="sm" rounded="full" variant="outline" onClick={onCreate} data-testid="fab-create">
          <LuPlus /> Create
        </Button>
        <Button size="sm" rounded="full" colorPalette="brand" onClick={onAdd} data-testid="fab-add">
          <LuListPlus /> Add
        </Button>
      </HStack>
    </Box>
  );
}
