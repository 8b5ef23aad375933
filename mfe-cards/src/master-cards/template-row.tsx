import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DEPARTMENTS, type DataCard } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuGripVertical, LuLock, LuPencil, LuTrash2 } from 'react-icons/lu';

/** A template in its department's list: draggable by its handle (not a system-protected one), with Edit and Delete. */
export function SortableTemplate({ template, onEdit, onDelete }: { template: DataCard; onEdit: (t: DataCard) => void; onDelete: (t: DataCard) => void }) {
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
export function TemplateRow({
  template,
  handle,
  actions,
  dragging = false,
}: {
  template: DataCard;
  handle?: ReactNode;
  actions?: ReactNode;
  dragging?: boolean;
}) {
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
