import { Badge, Box, Button, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { cardFieldInputSchema, venueCardInputSchema, type CardFieldInputParsed } from '@venuebook/domain';
import {
  api,
  CARD_FIELD_TYPES,
  cardQueries,
  DEFAULT_NOTES_FIELD,
  DialogShell,
  errorMessage,
  FormField,
  isDepartment,
  notify,
  RequiredFormField,
  TEXTAREA_MIN_H,
  useMutation,
  useQueryClient,
  type CardField,
  type Department,
  type VenueCardInput,
} from '@venuebook/sdk';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { LuLock, LuPlus, LuTrash2, LuX } from 'react-icons/lu';
import { DATA_CARD_TEXT, FIELD_TYPE_LABELS, withAddedField, type NewFieldValues } from './data-card-rules.ts';
import { DepartmentSelect } from '../shared/department-select.tsx';

/** The create form: the API's card rules (its §5 messages: 'Card title is required'). */
interface CreateCardValues {
  title: string;
  description: string;
  department: Department;
  fields: CardField[];
}
type CreateCardParsed = ReturnType<typeof venueCardInputSchema.parse>;
const createCardResolver = zodResolver(venueCardInputSchema) as unknown as Resolver<CreateCardValues, unknown, CreateCardParsed>;
/** A new field: a label ('A new field needs a label'), a type, a select's options ('Add at least one option for select field'). */
const newFieldResolver = zodResolver(cardFieldInputSchema) as unknown as Resolver<NewFieldValues, unknown, CardFieldInputParsed>;

const emptyCard = (department: Department): CreateCardValues => ({ title: '', description: '', department, fields: [] });
const EMPTY_FIELD: NewFieldValues = { label: '', type: 'text', options: [] };

export interface CreateCardDialogProps {
  venueId: string;
  open: boolean;
  /** The screen's department (the card is created there unless changed). */
  department: Department;
  onClose: () => void;
}

/**
 * 'Create custom card' (spec §2, §5 'Card fields'): title (required, trimmed), description, department and fields.
 * The notes text area is always on the card; fields are added with a label and a type, keyed from the label
 * (a key the card has already is refused).
 */
export function CreateCardDialog({ venueId, open, department, onClose }: CreateCardDialogProps) {
  const queryClient = useQueryClient();
  const form = useForm<CreateCardValues, unknown, CreateCardParsed>({ defaultValues: emptyCard(department), resolver: createCardResolver });
  const fields = useFieldArray({ control: form.control, name: 'fields', keyName: 'rowId' });
  const newField = useForm<NewFieldValues, unknown, CardFieldInputParsed>({ defaultValues: EMPTY_FIELD, resolver: newFieldResolver });
  const newType = useWatch({ control: newField.control, name: 'type' });

  useEffect(() => {
    if (!open) return;
    form.reset(emptyCard(department));
    newField.reset(EMPTY_FIELD);
  }, [open, department, form, newField]);

  const create = useMutation({
    mutationFn: (input: VenueCardInput) => api.venueCards.create(venueId, input),
    onSuccess: async (_card, input) => {
      await queryClient.invalidateQueries({ queryKey: cardQueries.venueDepartment(venueId, input.department).queryKey });
      notify({ type: 'success', title: DATA_CARD_TEXT.created });
      onClose();
    },
    onError: (failure) => notify({ type: 'error', title: DATA_CARD_TEXT.createFailed, description: errorMessage(failure) }),
  });

  const addField = () =>
    void newField.handleSubmit((parsed) => {
      const next = withAddedField(form.getValues('fields'), { label: parsed.label, type: parsed.type, options: parsed.options });
      if (!next) {
        newField.setError('label', { message: 'The card has a field with this name already' });
        return;
      }
      fields.append(next[next.length - 1]!);
      newField.reset(EMPTY_FIELD);
    })();

  const busy = create.isPending;
  const errors = form.formState.errors;

  return (
    <DialogShell
      open={open}
      onDismiss={onClose}
      busy={busy}
      title="Create Custom Card"
      testId="create-card-dialog"
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-testid="create-card-title"]')}
      onSubmit={(event) =>
        void form.handleSubmit((card) => create.mutate({ ...card, fields: [...card.fields, { ...DEFAULT_NOTES_FIELD, options: [] }] }))(event)
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy} data-testid="create-card-cancel">
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} data-testid="create-card-submit">
            Create Card
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <RequiredFormField label="Card Title" error={errors.title} errorTestId="create-card-title-error">
          <Input {...form.register('title')} placeholder="e.g. Loading Dock" autoComplete="off" data-testid="create-card-title" />
        </RequiredFormField>
        <FormField label="Description" error={errors.description}>
          <Textarea {...form.register('description')} minH={TEXTAREA_MIN_H} placeholder="Optional" data-testid="create-card-description" />
        </FormField>
        <Controller
          control={form.control}
          name="department"
          render={({ field }) => (
            <DepartmentSelect
              value={field.value}
              onChange={(next) => isDepartment(next) && field.onChange(next)}
              disabled={busy}
              testId="create-card-department"
            />
          )}
        />

        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm">
            Fields
          </Text>
          <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0" data-testid="create-card-fields">
            {fields.fields.map((field, index) => (
              <HStack as="li" key={field.rowId} gap="2" borderWidth="1px" rounded="l2" px="3" py="1.5" data-testid="create-card-field">
                <Text flex="1" minW="0" fontSize="sm" truncate>
                  {field.label}
                </Text>
                <Badge variant="subtle">{FIELD_TYPE_LABELS[field.type]}</Badge>
                <IconButton
                  aria-label={`Remove ${field.label}`}
                  size="2xs"
                  variant="ghost"
                  onClick={() => fields.remove(index)}
                  data-testid="create-card-field-remove"
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
            <HStack as="li" gap="2" borderWidth="1px" borderStyle="dashed" rounded="l2" px="3" py="1.5" data-testid="create-card-notes-field">
              <Text flex="1" fontSize="sm">
                {DEFAULT_NOTES_FIELD.label}
              </Text>
              <Badge variant="subtle">{FIELD_TYPE_LABELS.textarea}</Badge>
              <Box color="fg.subtle" title="Every card keeps its notes" aria-label="Always included">
                <LuLock size="14" />
              </Box>
            </HStack>
          </Stack>
        </Stack>

        <Stack gap="2" bg="bg.muted" rounded="l2" p="3" data-testid="create-card-new-field">
          <Text fontWeight="medium" fontSize="sm">
            Add a field
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'start' }}>
            <Box flex="1">
              <FormField label="Label" error={newField.formState.errors.label} errorTestId="new-field-label-error">
                <Input
                  {...newField.register('label')}
                  bg="bg.panel"
                  placeholder="e.g. Dock Height"
                  autoComplete="off"
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addField();
                    }
                  }}
                  data-testid="new-field-label"
                />
              </FormField>
            </Box>
            <Box w={{ sm: '9rem' }}>
              <FormField label="Type">
                <NativeSelect.Root>
                  <NativeSelect.Field {...newField.register('type')} bg="bg.panel" data-testid="new-field-type">
                    {CARD_FIELD_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {FIELD_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </Box>
          </Stack>
          {newType === 'select' ? (
            <Controller
              control={newField.control}
              name="options"
              render={({ field, fieldState }) => (
                <FormField label="Options" error={fieldState.error ?? newField.formState.errors.options?.root} errorTestId="new-field-options-error">
                  <Stack gap="1.5" w="full">
                    {field.value.map((option, index) => (
                      <HStack key={index} gap="1.5">
                        <Input
                          size="sm"
                          bg="bg.panel"
                          value={option}
                          placeholder={`Option ${index + 1}`}
                          onChange={(event) => field.onChange(field.value.map((o, i) => (i === index ? event.target.value : o)))}
                          data-testid="new-field-option"
                        />
                        <IconButton
                          aria-label="Remove option"
                          size="xs"
                          variant="ghost"
                          onClick={() => field.onChange(field.value.filter((_, i) => i !== index))}
                        >
                          <LuX />
                        </IconButton>
                      </HStack>
                    ))}
                    <Button
                      size="xs"
                      variant="outline"
                      alignSelf="start"
                      bg="bg.panel"
                      // Spec §5: only one empty option row at a time.
                      disabled={field.value.some((option) => option.trim() === '')}
                      onClick={() => field.onChange([...field.value, ''])}
                      data-testid="new-field-add-option"
                    >
                      <LuPlus /> Add Option
                    </Button>
                  </Stack>
                </FormField>
              )}
            />
          ) : null}
          <Button size="sm" variant="outline" alignSelf="start" bg="bg.panel" onClick={addField} data-testid="new-field-add">
            <LuPlus /> Add Field
          </Button>
        </Stack>
      </Stack>
    </DialogShell>
  );
}
