import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { CARD_TITLE_REQUIRED } from '@venuebook/sdk';
import { DepartmentSelect } from '../shared/department-select.tsx';
import { CardFieldsEditor } from './card-fields-editor.tsx';
import type { CardCustomization } from './card-dialog-rules.ts';

/**
 * The Customize Card tab (spec §2, §4): title, owner department (the card's only department after the save) and the
 * fields. Controlled: the draft stays in the dialog until 'Save Customization'.
 */
export function CustomizeCardTab({
  draft,
  onChange,
  isTemplate,
  disabled,
}: {
  draft: CardCustomization;
  onChange: (draft: CardCustomization) => void;
  isTemplate: boolean;
  disabled: boolean;
}) {
  const titleMissing = draft.title.trim() === '';
  return (
    <Stack gap="4" data-testid="card-customize">
      {isTemplate ? (
        <Text fontSize="sm" color="fg.muted" data-testid="card-customize-template-note">
          This is a master template: saving makes a copy for this venue, with the data entered so far.
        </Text>
      ) : null}
      <Field.Root invalid={titleMissing} required>
        <Field.Label>
          Card title <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={draft.title}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
          disabled={disabled}
          data-testid="card-customize-title"
        />
        {titleMissing ? <Field.ErrorText>{CARD_TITLE_REQUIRED}</Field.ErrorText> : null}
      </Field.Root>
      <DepartmentSelect
        label="Owner department"
        helperText="The card belongs to this department only."
        value={draft.department}
        onChange={(department) => onChange({ ...draft, department })}
        disabled={disabled}
        testId="card-customize-department"
      />
      <Stack gap="2">
        <Text fontWeight="medium" fontSize="sm">
          Fields
        </Text>
        <CardFieldsEditor fields={draft.fields} onChange={(fields) => onChange({ ...draft, fields })} disabled={disabled} />
      </Stack>
    </Stack>
  );
}
