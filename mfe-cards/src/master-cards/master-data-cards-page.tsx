import { Badge, Box, Button, Card, Flex, Heading, HStack, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CardInputParsed } from '@venuebook/proto/domain';
import {
  api,
  cardQueries,
  ConfirmDialog,
  DEPARTMENTS,
  errorMessage,
  LoadError,
  notify,
  useMutation,
  useQuery,
  useQueryClient,
  type DataCard,
  type DataCardList,
  type Department,
} from '@venuebook/sdk';
import { useMemo, useState, type ReactNode } from 'react';
import { LuArchive, LuGripVertical, LuLock, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { AdminOnly } from '../shared/admin-only.tsx';
import { TemplateFormDialog } from './template-form-dialog.tsx';
import { departmentDropId, dropTargetOf, groupTemplates, planTemplateDrop, templateInput, type TemplateDrop, type TemplateGroups } from './template-groups.ts';

/** Master Data Card Templates (/admin/master-data-cards, spec §2): admins and owners; others see 'Access Denied'. */
export function MasterDataCardsPage() {
  return (
    <AdminOnly action="card.template.manage">
      <MasterTemplates />
    </AdminOnly>
  );
}

const templatesQuery = cardQueries.templates();

function MasterTemplates() {
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQuery);
  const groups = useMemo(() => groupTemplates(templates.data?.items ?? []), [templates.data]);
  const [editing, setEditing] = useState<{ template: DataCard | null; department: Department } | undefined>();
  const [deleting, setDeleting] = useState<DataCard | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: cardQueries.all });
  /** Shows the new grouping at once (the drag's result) until the server's answer replaces it. */
  const showGroups = async (next: TemplateGroups) => {
    await queryClient.cancelQueries({ queryKey: templatesQuery.queryKey });
    queryClient.setQueryData<DataCardList>(templatesQuery.queryKey, { items: DEPARTMENTS.flatMap((department) => next[department]) });
  };

  const drop = useMutation({
    mutationFn: async (plan: TemplateDrop) => {
      if (plan.kind === 'reorder') return api.cardTemplates.reorder(plan.department, plan.cardIds);
      await api.cardTemplates.move(plan.card.id, plan.department);
      return api.cardTemplates.reorder(plan.department, plan.cardIds);
    },
    onSuccess: (_list, plan) => notify({ type: 'success', title: plan.kind === 'reorder' ? 'Template order updated' : `Card moved to ${plan.department}` }),
    onError: (error, plan) =>
      notify({ type: 'error', title: plan.kind === 'reorder' ? 'Error updating order' : 'Error moving card', description: errorMessage(error) }),
    onSettled: refresh,
  });

  const save = useMutation({
    mutationFn: ({ input, template }: { input: CardInputParsed; template: DataCard | null }) => {
      const body = templateInput(input, template);
      return template ? api.cardTemplates.update(template.id, body) : api.cardTemplates.create(body);
    },
    onSuccess: async (_card, { template }) => {
      await refresh();
      setEditing(undefined);
      notify({ type: 'success', title: template ? 'Template card updated' : 'Template card created' });
    },
    onError: (error, { template }) =>
      notify({ type: 'error', title: template ? 'Error updating template' : 'Error creating card', description: errorMessage(error) }),
  });

  const remove = useMutation({
    mutationFn: (template: DataCard) => api.cardTemplates.delete(template.id),
    onSuccess: async () => {
      await refresh();
      setDeleting(null);
      notify({ type: 'success', title: 'Template card deleted' });
    },
    onError: (error) => {
      setDeleting(null);
      notify({ type: 'error', title: 'Error deleting card', description: errorMessage(error) });
    },
  });

  const onDrop = (plan: TemplateDrop) => {
    void showGroups(plan.groups).then(() => drop.mutate(plan));
  };

  return (
    <Stack gap={{ base: '4', md: '6' }} w="full" data-testid="master-cards-page">
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'end' }} direction={{ base: 'column', md: 'row' }}>
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            Master Data Card Templates
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Templates by department. Drag a card to reorder it, or onto another department to move it there.
          </Text>
        </Box>
        <HStack gap="2" flexShrink="0">
          <Button asChild variant="outline" size="sm" flex={{ base: '1', md: 'none' }}>
            <RouterLink to="/admin/deleted-data-cards" data-testid="deleted-cards-link">
              <LuArchive /> Deleted Data Cards
            </RouterLink>
          </Button>
          <Button
            colorPalette="brand"
            size="sm"
            flex={{ base: '1', md: 'none' }}
            onClick={() => setEditing({ template: null, department: DEPARTMENTS[0] })}
            data-testid="new-template"
          >
            <LuPlus /> New Template
          </Button>
        </HStack>
      </Flex>

      {templates.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" data-testid="master-cards-loading">
          {DEPARTMENTS.slice(0, 4).map((department) => (
            <Skeleton key={department} h="48" rounded="l3" />
          ))}
        </SimpleGrid>
      ) : templates.isError ? (
        <LoadError title="Could not load the templates" error={templates.error} onRetry={() => void templates.refetch()} testId="master-cards-error" />
      ) : (
        <TemplateBoard
          groups={groups}
          busy={drop.isPending}
          onDrop={onDrop}
          onAdd={(department) => setEditing({ template: null, department })}
          onEdit={(template) => setEditing({ template, department: template.primaryDepartment })}
          onDelete={setDeleting}
        />
      )}

      <TemplateFormDialog
        editing={editing}
        saving={save.isPending}
        onSave={(input) => save.mutate({ input, template: editing?.template ?? null })}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Template Card"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        data-testid="delete-template-dialog"
      >
        {`Delete the template "${deleting?.title ?? ''}"? Venues that use it keep their data until it is permanently deleted; an admin can restore it from Deleted Data Cards.`}
      </ConfirmDialog>
    </Stack>
  );
}

interface BoardProps {
  groups: TemplateGroups;
  busy: boolean;
  onDrop: (plan: TemplateDrop) => void;
  onAdd: (department: Department) => void;
  onEdit: (template: DataCard) => void;
  onDelete: (template: DataCard) => void;
}

/** The departments' columns: drag within one to reorder, onto another to move (dnd-kit, pointer or keyboard). */
function TemplateBoard({ groups, busy, onDrop, onAdd, onEdit, onDelete }: BoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [active, setActive] = useState<DataCard | null>(null);
  const [overDepartment, setOverDepartment] = useState<Department | null>(null);

  const onDragStart = ({ active: dragged }: DragStartEvent) => {
    setActive(DEPARTMENTS.flatMap((d) => groups[d]).find((card) => card.id === dragged.id) ?? null);
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverDepartment(over ? (dropTargetOf(groups, String(over.id))?.department ?? null) : null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    setOverDepartment(null);
    const target = over ? dropTargetOf(groups, String(over.id)) : undefined;
    const plan = target ? planTemplateDrop(groups, String(dragged.id), target) : null;
    if (plan) onDrop(plan);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null);
        setOverDepartment(null);
      }}
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" alignItems="start" aria-busy={busy} data-testid="template-board">
        {DEPARTMENTS.map((department) => (
          <DepartmentColumn
            key={department}
            department={department}
            templates={groups[department]}
            highlighted={active !== null && overDepartment === department && active.primaryDepartment !== department}
            onAdd={onAdd}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))}
      </SimpleGrid>
      <DragOverlay>{active ? <TemplateRow template={active} dragging /> : null}</DragOverlay>
    </DndContext>
  );
}

function DepartmentColumn({
  department,
  templates,
  highlighted,
  onAdd,
  onEdit,
  onDelete,
}: {
  department: Department;
  templates: DataCard[];
  highlighted: boolean;
  onAdd: (department: Department) => void;
  onEdit: (template: DataCard) => void;
  onDelete: (template: DataCard) => void;
}) {
  const { setNodeRef } = useDroppable({ id: departmentDropId(department) });
  return (
    <Card.Root
      variant="outline"
      size="sm"
      borderColor={highlighted ? 'brand.solid' : undefined}
      bg={highlighted ? 'brand.subtle' : 'bg.subtle'}
      transition="background 0.15s, border-color 0.15s"
      data-testid="template-department"
      data-department={department}
    >
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <HStack gap="2" minW="0">
            <Heading as="h2" size="sm" truncate>
              {department}
            </Heading>
            <Badge variant="subtle" data-testid="template-count">
              {templates.length}
            </Badge>
          </HStack>
          <IconButton size="xs" variant="ghost" aria-label={`New template in ${department}`} onClick={() => onAdd(department)} data-testid="template-add">
            <LuPlus />
          </IconButton>
        </Flex>
      </Card.Header>
      <Card.Body pt="0">
        <SortableContext id={department} items={templates.map((t) => t.id)} strategy={verticalListSortingStrategy}>
          <Stack ref={setNodeRef} gap="2" minH="14" as="ul" listStyleType="none" m="0" p="0">
            {templates.length === 0 ? (
              <Text as="li" color="fg.subtle" fontSize="sm" textAlign="center" py="4" borderWidth="1px" borderStyle="dashed" rounded="l2">
                No templates
              </Text>
            ) : (
              templates.map((template) => <SortableTemplate key={template.id} template={template} onEdit={onEdit} onDelete={onDelete} />)
            )}
          </Stack>
        </SortableContext>
      </Card.Body>
    </Card.Root>
  );
}

function SortableTemplate({ template, onEdit, onDelete }: { template: DataCard; onEdit: (t: DataCard) => void; onDelete: (t: DataCard) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: template.id,
    disabled: template.isSystemProtected,
  });
  return (
    <Box as="li" ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} opacity={isDragging ? 0.4 : 1}>
      <TemplateRow
        template={template}
        handle={
          template.isSystemProtected ? (
            <Box
              color="fg.subtle"
              p="1.5"
              aria-label="System-protected: cannot be moved or deleted"
              title="System-protected: cannot be moved or deleted"
              data-testid="template-protected"
            >
              <LuLock />
            </Box>
          ) : (
            <IconButton
              ref={setActivatorNodeRef}
              size="xs"
              variant="ghost"
              cursor="grab"
              touchAction="none"
              aria-label={`Drag ${template.title}`}
              data-testid="template-drag"
              {...attributes}
              {...listeners}
            >
              <LuGripVertical />
            </IconButton>
          )
        }
        actions={
          <HStack gap="0" flexShrink="0">
            <IconButton size="xs" variant="ghost" aria-label={`Edit ${template.title}`} onClick={() => onEdit(template)} data-testid="template-edit">
              <LuPencil />
            </IconButton>
            {template.isSystemProtected ? null : (
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`Delete ${template.title}`}
                onClick={() => onDelete(template)}
                data-testid="template-delete"
              >
                <LuTrash2 />
              </IconButton>
            )}
          </HStack>
        }
      />
    </Box>
  );
}

/** One template: handle, title, how many fields and where else it is offered, and its buttons. */
function TemplateRow({ template, handle, actions, dragging = false }: { template: DataCard; handle?: ReactNode; actions?: ReactNode; dragging?: boolean }) {
  const others = template.departments.filter((d) => d !== template.primaryDepartment);
  const elsewhere = others.length === DEPARTMENTS.length - 1 ? ' · in every department' : others.length > 0 ? ` · also in ${others.join(', ')}` : '';
  return (
    <HStack
      gap="1.5"
      align="start"
      bg="bg"
      borderWidth="1px"
      rounded="l2"
      p="1.5"
      shadow={dragging ? 'lg' : 'xs'}
      cursor={dragging ? 'grabbing' : undefined}
      data-testid="template-card"
      data-title={template.title}
    >
      {handle ?? (
        <Box p="1.5" color="fg.muted">
          <LuGripVertical />
        </Box>
      )}
      <Box flex="1" minW="0" py="0.5">
        <Text fontWeight="medium" fontSize="sm" wordBreak="break-word" data-testid="template-title-text">
          {template.title}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {template.fields.length === 1 ? '1 field' : `${template.fields.length} fields`}
          {elsewhere}
        </Text>
      </Box>
      {actions}
    </HStack>
  );
}
