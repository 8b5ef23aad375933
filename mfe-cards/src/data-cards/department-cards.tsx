import { Box, Card, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { cardQueries, DEFAULT_NOTES_FIELD, EmptyState, errorMessage, useQuery, type DataCard, type Department } from '@venuebook/sdk';
import type { CSSProperties, ReactNode } from 'react';
import { LuGripVertical, LuLayers, LuLock, LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { useDragSensors } from '../shared/use-drag-sensors.ts';
import { cardValueSummary, isMovable, loadErrorText, NO_DATA_CARDS_TEXT, reorderedCards, type ValuesByCard } from './data-card-rules.ts';

export interface DepartmentCardsProps {
  venueId: string;
  department: Department;
  /** The venue's current values by card and field (one read for every department). */
  values: ValuesByCard | undefined;
  /** Edit mode: drag handles (when `canReorder`) and delete buttons (when `canDelete`). */
  editing: boolean;
  canReorder: boolean;
  canDelete: boolean;
  onOpen: (card: DataCard) => void;
  onReorder: (department: Department, cards: DataCard[]) => void;
  onDelete: (card: DataCard, department: Department) => void;
  /** Under the empty state: the inline add/create buttons (users who may add cards). */
  emptyActions?: ReactNode;
  /** A narrow column (large screens): a small empty state. */
  compact?: boolean;
}

/** One department's cards (spec §2 'Data Cards screen'): tiles in the §9 order; in edit mode sortable (dnd-kit) and deletable. */
export function DepartmentCards({
  venueId,
  department,
  values,
  editing,
  canReorder,
  canDelete,
  onOpen,
  onReorder,
  onDelete,
  emptyActions,
  compact = false,
}: DepartmentCardsProps) {
  const cards = useQuery(cardQueries.venueDepartment(venueId, department));
  const sensors = useDragSensors();

  if (cards.isPending) {
    return (
      <Stack gap="3" aria-busy="true" data-testid="cards-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="20" rounded="l3" />
        ))}
      </Stack>
    );
  }
  if (cards.isError) {
    return (
      <Box role="alert" data-testid="cards-error">
        <EmptyState icon={<LuTriangleAlert />} title={loadErrorText(errorMessage(cards.error))} />
      </Box>
    );
  }
  const items = cards.data.items;
  if (items.length === 0) {
    return compact ? (
      <Stack align="center" gap="2" py="6" textAlign="center" data-testid="cards-empty">
        <Box color="fg.subtle" aria-hidden>
          <LuLayers size="20" />
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {NO_DATA_CARDS_TEXT}
        </Text>
        {emptyActions}
      </Stack>
    ) : (
      <EmptyState icon={<LuLayers />} title={NO_DATA_CARDS_TEXT} data-testid="cards-empty">
        {emptyActions}
      </EmptyState>
    );
  }

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = reorderedCards(items, String(active.id), String(over.id));
    if (next) onReorder(department, next);
  };

  const list = (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="card-list">
      {items.map((card) => (
        <CardTile
          key={card.id}
          card={card}
          values={values?.get(card.id)}
          venueId={venueId}
          sortable={editing && canReorder && isMovable(card)}
          onOpen={() => onOpen(card)}
          onDelete={editing && canDelete && isMovable(card) ? () => onDelete(card, department) : undefined}
          locked={editing && !isMovable(card)}
        />
      ))}
    </Stack>
  );

  if (!editing || !canReorder) return list;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'Press space to pick up a card, the arrow keys to move it within the department, space again to drop it, Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((card) => card.id)} strategy={verticalListSortingStrategy}>
        {list}
      </SortableContext>
    </DndContext>
  );
}

interface CardTileProps {
  card: DataCard;
  venueId: string;
  values: ReadonlyMap<string, string> | undefined;
  sortable: boolean;
  locked: boolean;
  onOpen: () => void;
  onDelete: (() => void) | undefined;
}

/** A card tile: its title and a compact view of its entered values; opens the card dialog. */
function CardTile(props: CardTileProps) {
  return props.sortable ? <SortableTile {...props} /> : <TileView {...props} />;
}

function SortableTile(props: CardTileProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props.card.id });
  return (
    <TileView
      {...props}
      rootRef={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' }}
      dragging={isDragging}
      handle={
        <IconButton
          ref={setActivatorNodeRef}
          aria-label={`Drag ${props.card.title}`}
          variant="ghost"
          // A finger-sized handle on phones; small in the narrow columns.
          size={{ base: 'sm', md: '2xs' }}
          ms="-1"
          cursor="grab"
          touchAction="none"
          data-testid="card-drag-handle"
          {...attributes}
          {...listeners}
        >
          <LuGripVertical />
        </IconButton>
      }
    />
  );
}

function TileView({
  card,
  venueId,
  values,
  locked,
  onOpen,
  onDelete,
  rootRef,
  style,
  dragging = false,
  handle,
}: CardTileProps & { rootRef?: (node: HTMLElement | null) => void; style?: CSSProperties; dragging?: boolean; handle?: ReactNode }) {
  // The notes field's text lives in the field notes: one read of the venue's notes serves every tile (a select per card).
  const hasNotes = card.fields.some((field) => field.key === DEFAULT_NOTES_FIELD.key);
  const notes = useQuery({
    ...cardQueries.venueNotes(venueId),
    enabled: hasNotes,
    select: (answer) => answer.notes.find((entry) => entry.cardId === card.id && entry.fieldKey === DEFAULT_NOTES_FIELD.key)?.text ?? '',
  });
  const summary = cardValueSummary(card, values, notes.data);
  return (
    <Card.Root
      as="li"
      ref={rootRef}
      style={style}
      variant="outline"
      size="sm"
      shadow={dragging ? 'lg' : undefined}
      bg="bg.panel"
      data-testid="card-tile"
      data-card-id={card.id}
    >
      <Card.Body gap="2" px="3" py="2.5">
        <HStack align="start" gap="0.5">
          {handle}
          {locked ? (
            <Box color="fg.subtle" p="1.5" title="System-protected: cannot be moved or deleted" aria-label="System-protected">
              <LuLock size="14" />
            </Box>
          ) : null}
          <Box
            as="button"
            flex="1"
            minW="0"
            textAlign="start"
            fontWeight="semibold"
            fontSize="sm"
            lineHeight="short"
            py="1"
            overflowWrap="break-word"
            cursor="pointer"
            _hover={{ color: 'brand.fg' }}
            focusRing="outside"
            rounded="l1"
            onClick={onOpen}
            data-testid="card-open"
          >
            {card.title}
          </Box>
          {onDelete ? (
            <IconButton
              aria-label={`Delete ${card.title}`}
              variant="ghost"
              size={{ base: 'sm', md: '2xs' }}
              me="-1"
              colorPalette="red"
              onClick={onDelete}
              data-testid="card-delete"
            >
              <LuTrash2 />
            </IconButton>
          ) : null}
        </HStack>
        {summary.length > 0 ? (
          <Stack as="dl" gap="1" fontSize="xs" m="0" data-testid="card-values">
            {summary.slice(0, 4).map((item) =>
              item.multiline ? (
                <Box key={item.key}>
                  <Text as="dt" color="fg.muted">
                    {item.label}
                  </Text>
                  <Text as="dd" m="0" whiteSpace="pre-line" lineClamp="3" overflowWrap="break-word" data-testid="card-value">
                    {item.text}
                  </Text>
                </Box>
              ) : (
                <HStack key={item.key} gap="1" align="baseline" minW="0">
                  {/* A short value stays whole; the label gives way first. */}
                  <Text as="dt" color="fg.muted" minW="0" truncate title={item.label}>
                    {item.label}:
                  </Text>
                  <Text as="dd" m="0" flexShrink="0" maxW="60%" truncate title={item.text} data-testid="card-value">
                    {item.text}
                  </Text>
                </HStack>
              ),
            )}
            {summary.length > 4 ? <Text color="fg.subtle">+{summary.length - 4} more</Text> : null}
          </Stack>
        ) : (
          <Text fontSize="xs" color="fg.subtle" data-testid="card-no-values">
            No data entered
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
