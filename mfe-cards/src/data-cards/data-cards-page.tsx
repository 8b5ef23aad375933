import { Button, HStack, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { cardQueries, errorMessage, useCan, useQuery, useQueryClient, venueQueries, VenueLoadError, VenueLoading, type Department } from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CardDialog } from '../card-dialog/card-dialog.tsx';
import { AddCardsDialog } from './add-cards-dialog.tsx';
import { CleanFieldNotesDialog } from './clean-field-notes-dialog.tsx';
import { CreateCardDialog } from './create-card-dialog.tsx';
import { departmentOfRoute, departmentPath, loadErrorText, valuesByCard } from './data-card-rules.ts';
import { DataCardsHeader } from './data-cards-header.tsx';
import { DeleteCardDialog, type DeletingCard } from './delete-card-dialog.tsx';
import { DepartmentColumns, DepartmentNotFound, DepartmentTabs } from './department-board.tsx';
import { DepartmentCards } from './department-cards.tsx';
import { EmptyDepartmentActions } from './empty-department-actions.tsx';
import { FloatingActions } from './floating-actions.tsx';
import { useOpenCard } from './use-open-card.ts';
import { useReorderCards } from './use-reorder-cards.ts';

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

  const venue = useQuery(venueQueries.detail(venueId));
  const values = useQuery({ ...cardQueries.venueValues(venueId), enabled: venue.isSuccess });
  const byCard = useMemo(() => (values.data ? valuesByCard(values.data.values) : undefined), [values.data]);

  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'add' | 'create' | null>(null);
  const openCard = useOpenCard(venueId, department, known);
  const [cleaning, setCleaning] = useState(false);
  const [deleting, setDeleting] = useState<DeletingCard | null>(null);
  const reorder = useReorderCards(venueId);

  const refreshVenueCards = () => queryClient.invalidateQueries({ queryKey: cardQueries.venue(venueId) });

  if (venue.isPending) return <VenueLoading />;
  if (venue.isError) return <VenueLoadError error={venue.error} onRetry={() => void venue.refetch()} />;

  const selectDepartment = (next: Department) => void navigate(departmentPath(venueId, next), { replace: true });
  /** Add Cards or Create Card from an empty department's inline buttons: that department, then the dialog. */
  const openDialogIn = (d: Department, next: 'add' | 'create') => {
    selectDepartment(d);
    setDialog(next);
  };

  const cardsOf = (d: Department, compact: boolean) => (
    <DepartmentCards
      venueId={venueId}
      department={d}
      values={byCard}
      editing={editing}
      canReorder={mayReorder}
      canDelete={mayDelete}
      onOpen={(card) => openCard.open({ cardId: card.id, department: d })}
      onReorder={(dep, cards) => reorder.mutate({ department: dep, cards })}
      onDelete={(card, dep) => setDeleting({ card, department: dep })}
      emptyActions={
        mayCreate ? <EmptyDepartmentActions compact={compact} onAdd={() => openDialogIn(d, 'add')} onCreate={() => openDialogIn(d, 'create')} /> : undefined
      }
      compact={compact}
    />
  );

  return (
    <Stack gap={{ base: '4', md: '6' }} w="full" pb={mayCreate ? '24' : '4'} data-testid="data-cards-page">
      <DataCardsHeader
        venueId={venueId}
        venueName={venue.data.name}
        editing={editing}
        canEditMode={mayEditMode && known}
        canDelete={mayDelete}
        canCleanNotes={mayCleanNotes}
        onToggleEditing={() => setEditing(!editing)}
        onCleanNotes={() => setCleaning(true)}
      />

      {values.isError ? (
        <HStack role="alert" gap="3" wrap="wrap" fontSize="sm" color="fg.error" data-testid="values-error">
          <Text>{loadErrorText(errorMessage(values.error))}</Text>
          <Button size="xs" variant="outline" onClick={() => void values.refetch()}>
            Retry
          </Button>
        </HStack>
      ) : null}

      {!known ? (
        <DepartmentNotFound venueId={venueId} departmentName={departmentName ?? ''} />
      ) : columns ? (
        <DepartmentColumns department={department} onSelect={selectDepartment} cardsOf={cardsOf} />
      ) : (
        <DepartmentTabs department={department} onSelect={selectDepartment} cardsOf={cardsOf} />
      )}

      {mayCreate && known ? <FloatingActions department={department} onAdd={() => setDialog('add')} onCreate={() => setDialog('create')} /> : null}

      <AddCardsDialog venueId={venueId} open={dialog === 'add'} department={department} onClose={() => setDialog(null)} />
      <CreateCardDialog venueId={venueId} open={dialog === 'create'} department={department} onClose={() => setDialog(null)} />
      <CardDialog
        venueId={venueId}
        department={openCard.department}
        cards={openCard.cards}
        cardId={openCard.cardId}
        canSave={maySave}
        canCustomize={mayReorder}
        onOpenCard={openCard.openCardById}
        onCardsChanged={() => void refreshVenueCards()}
      />
      <CleanFieldNotesDialog venueId={venueId} open={cleaning} onClose={() => setCleaning(false)} />
      <DeleteCardDialog venueId={venueId} deleting={deleting} onClose={() => setDeleting(null)} onDeleted={refreshVenueCards} />
    </Stack>
  );
}
