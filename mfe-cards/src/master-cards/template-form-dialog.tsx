import { Box, Button, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_DEPARTMENT_REQUIRED, cardInputSchema, type CardInputParsed } from '@venuebook/domain';
import { DEPARTMENTS, DialogShell, FormField, RequiredFormField, TEXTAREA_MIN_H, type DataCard, type Department } from '@venuebook/sdk';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { CardFieldsEditor } from '../card-dialog/card-fields-editor.tsx';
import { fieldsAreValid } from '../card-dialog/card-fields.ts';
import { templateFormValues, toggledDepartment, type TemplateFormValues } from './template-groups.ts';

/** The card rules of the API (its §5 messages), and a template needs at least one department. */
const templateSchema = cardInputSchema.refine((card) => card.departments.length > 0, { path: ['departments'], message: CARD_DEPARTMENT_REQUIRED });
const templateResolver = zodResolver(templateSchema) as unknown as Resolver<TemplateFormValues, unknown, CardInputParsed>;

export interface TemplateFormDialogProps {
  /** Open: `{ template: null, department }` for a new template (in that department), or the template to edit. */
  editing: { template: DataCard | null; department: Department } | undefined;
  saving: boolean;
  onSave: (input: CardInputParsed) => void;
  onClose: () => void;
}

/**
 * New or edit master template (spec §2 'Master Data Card Templates'): title (required), description, the
 * departments it is offered in (the first checked, or the one it is in, is its primary department) and its fields
 * (the card dialog's fields editor: add, reorder, remove, label, type, select options; the notes field stays).
 */
export function TemplateFormDialog({ editing, saving, onSave, onClose }: TemplateFormDialogProps) {
  const open = editing !== undefined;
  const form = useForm<TemplateFormValues, unknown, CardInputParsed>({
    defaultValues: templateFormValues(null, 'Production/Broadcast'),
    resolver: templateResolver,
    criteriaMode: 'all',
  });
  const {
    register,
    reset,
    control,
    formState: { errors },
  } = form;
  const title = useWatch({ control, name: 'title' });
  const fields = useWatch({ control, name: 'fields' });

  useEffect(() => {
    if (editing) reset(templateFormValues(editing.template, editing.department));
  }, [editing, reset]);

  const isNew = !editing?.template;
  const isProtected = editing?.template?.isSystemProtected ?? false;
  return (
    <DialogShell
      open={open}
      onDismiss={onClose}
      busy={saving}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-testid="template-title"]')}
      title={isNew ? 'New Template Card' : 'Edit Template Card'}
      testId="template-form-dialog"
      onSubmit={(e) => void form.handleSubmit(onSave)(e)}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving} data-testid="template-cancel">
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" disabled={!title?.trim() || !fieldsAreValid(fields ?? [])} loading={saving} data-testid="template-save">
            {isNew ? 'Create Template' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <RequiredFormField label="Title" error={errors.title} errorTestId="template-title-error">
          <Input {...register('title')} placeholder="e.g. Power Distribution" autoComplete="off" data-testid="template-title" />
        </RequiredFormField>
        <FormField label="Description" error={errors.description}>
          <Textarea {...register('description')} minH={TEXTAREA_MIN_H} placeholder="What this card records" data-testid="template-description" />
        </FormField>
        <Controller
          control={control}
          name="departments"
          render={({ field }) => (
            <Box role="group" aria-labelledby="template-departments-label" data-testid="template-departments">
              <Text id="template-departments-label" fontSize="sm" fontWeight="medium" mb="2">
                Departments
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4" gapY="2">
                {DEPARTMENTS.map((department) => (
                  <Checkbox.Root
                    key={department}
                    disabled={isProtected}
                    checked={field.value.includes(department)}
                    onCheckedChange={() => field.onChange(toggledDepartment(field.value, department))}
                    colorPalette="brand"
                    data-testid={`template-department-${department}`}
                  >
                    <Checkbox.HiddenInput onBlur={field.onBlur} />
                    <Checkbox.Control />
                    <Checkbox.Label>{department}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
              {isProtected ? (
                <Text color="fg.muted" fontSize="sm" mt="1.5">
                  System-protected: its departments cannot change.
                </Text>
              ) : null}
              {errors.departments?.message ? (
                <Text color="fg.error" fontSize="sm" mt="1.5" data-testid="template-departments-error">
                  {errors.departments.message}
                </Text>
              ) : null}
            </Box>
          )}
        />
        <Controller
          control={control}
          name="fields"
          render={({ field }) => (
            <Box role="group" aria-labelledby="template-fields-label" data-testid="template-fields">
              <Text id="template-fields-label" fontSize="sm" fontWeight="medium" mb="2">
                Fields
              </Text>
              <CardFieldsEditor fields={field.value} onChange={field.onChange} disabled={saving} />
            </Box>
          )}
        />
      </Stack>
    </DialogShell>
  );
}
