import { Badge, Card, Flex, Heading, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { closestCorners, DndContext, DragOverlay, useDroppable, type DragEndEvent, type DragOverEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { DEPARTMENTS, type DataCard, type Department } from '@venuebook/sdk';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { useDragSensors } from '../shared/use-drag-sensors.ts';
import { departmentDropId, dropTargetOf, planTemplateDrop, type TemplateDrop, type TemplateGroups } from './template-groups.ts';
import { SortableTemplate, TemplateRow } from './template-row.tsx';

interface BoardProps {
  groups: TemplateGroups;
  busy: boolean;
  onDrop: (plan: TemplateDrop) => void;
  onAdd: (department: Department) => void;
  onEdit: (template: DataCard) => void;
  onDelete: (template: DataCard) => void;
}

/** The departments' columns: drag within one to reorder, onto another to move (dnd-kit, pointer or keyboard). */
export function TemplateBoard({ groups, busy, onDrop, onAdd, onEdit, onDelete }: BoardProps) {
  const sensors = useDragSensors();
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
