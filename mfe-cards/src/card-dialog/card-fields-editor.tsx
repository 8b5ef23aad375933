import { Box, Button, Center, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { OptionSelect, CARD_FIELD_TYPES, type CardField, type CardFieldType } from '@venuebook/sdk';
import { LuArrowDown, LuArrowUp, LuLock, LuPlus, LuTrash2, LuX } from 'react-icons/lu';
import {
  addField,
  addOption,
  FIELD_TYPE_LABELS,
  fieldErrors,
  isDefaultNotesField,
  moveField,
  removeField,
  removeOption,
  updateField,
  updateOption,
} from './card-fields.ts';

export interface CardFieldsEditorProps {
  fields: readonly CardField[];
  onChange: (fields: CardField[]) => void;
  disabled?: boolean;
}

/**
 * A card's fields as the Customize Card tab edits them (spec §4): add ('New Field', text), move up or down,
 * remove (not the notes field), change label or type, add/edit/remove select options ('New Option'). Controlled:
 * every change answers the whole new list. Also used by the master templates page.
 */
export function CardFieldsEditor({ fields, onChange, disabled = false }: CardFieldsEditorProps) {
  return (
    <Stack gap="3" data-testid="card-fields-editor">
      {fields.map((field, index) => (
        <FieldRow key={field.key} field={field} index={index} count={fields.length} disabled={disabled} onChange={(change) => onChange(change(fields))} />
      ))}
      <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => onChange(addField(fields))} disabled={disabled} data-testid="card-field-add">
        <LuPlus /> Add Field
      </Button>
    </Stack>
  );
}

function FieldRow({
  field,
  index,
  count,
  disabled,
  onChange,
}: {
  field: CardField;
  index: number;
  count: number;
  disabled: boolean;
  onChange: (change: (fields: readonly CardField[]) => CardField[]) => void;
}) {
  const notes = isDefaultNotesField(field);
  const { label: labelError, options: optionError } = fieldErrors(field);
  return (
    <Box borderWidth="1px" rounded="l2" p="3" data-testid={`card-field-row-${field.key}`}>
      <Stack gap="2">
        <HStack gap="2" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <Field.Root invalid={Boolean(labelError)} flex={{ base: '1 1 100%', md: '1 1 auto' }} minW="0">
            <Field.Label srOnly>Field label</Field.Label>
            <Input
              size="sm"
              value={field.label}
              onChange={(event) => onChange((fields) => updateField(fields, index, { label: event.target.value }))}
              placeholder="Field label"
              disabled={disabled}
              data-testid="card-field-label"
            />
            {labelError ? <Field.ErrorText>{labelError}</Field.ErrorText> : null}
          </Field.Root>
          <OptionSelect
            size="sm"
            flex={{ base: '1', md: '0 0 9rem' }}
            disabled={disabled || notes}
            ariaLabel="Field type"
            value={field.type}
            onChange={(type) => onChange((fields) => updateField(fields, index, { type: type as CardFieldType }))}
            options={CARD_FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }))}
            testId="card-field-type"
          />
          <HStack gap="1" flexShrink={0}>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label="Move up"
              disabled={disabled || index === 0}
              onClick={() => onChange((fields) => moveField(fields, index, -1))}
              data-testid="card-field-up"
            >
              <LuArrowUp />
            </IconButton>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label="Move down"
              disabled={disabled || index === count - 1}
              onClick={() => onChange((fields) => moveField(fields, index, 1))}
              data-testid="card-field-down"
            >
              <LuArrowDown />
            </IconButton>
            {notes ? (
              <Center
                boxSize="9"
                color="fg.subtle"
                title="The notes field cannot be removed"
                aria-label="The notes field cannot be removed"
                data-testid="card-field-locked"
              >
                <LuLock />
              </Center>
            ) : (
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label="Remove field"
                disabled={disabled}
                onClick={() => onChange((fields) => removeField(fields, index))}
                data-testid="card-field-remove"
              >
                <LuTrash2 />
              </IconButton>
            )}
          </HStack>
        </HStack>
        {field.type === 'select' ? (
          <Stack gap="2" ps={{ base: '0', md: '4' }} data-testid="card-field-options">
            {field.options.map((option, optionIndex) => (
              <HStack key={optionIndex} gap="2">
                <Input
                  size="sm"
                  value={option}
                  aria-label={`Option ${optionIndex + 1}`}
                  onChange={(event) => onChange((fields) => updateOption(fields, index, optionIndex, event.target.value))}
                  disabled={disabled}
                  data-testid="card-field-option"
                />
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label="Remove option"
                  disabled={disabled}
                  onClick={() => onChange((fields) => removeOption(fields, index, optionIndex))}
                  data-testid="card-field-option-remove"
                >
                  <LuX />
                </IconButton>
              </HStack>
            ))}
            {optionError ? (
              <Text color="fg.error" fontSize="sm" data-testid="card-field-option-error">
                {optionError}
              </Text>
            ) : null}
            <Button
              size="xs"
              variant="ghost"
              alignSelf="flex-start"
              onClick={() => onChange((fields) => addOption(fields, index))}
              disabled={disabled}
              data-testid="card-field-option-add"
            >
              <LuPlus /> Add Option
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
