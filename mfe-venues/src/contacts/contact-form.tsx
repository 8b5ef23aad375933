import { Button, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactInputSchema, CUSTOM_TAG_OPTION_LABEL, CUSTOM_TAG_VALUE, formatPhoneInput, type Contact, type ContactInputParsed } from '@venuebook/domain';
import { FormField, RequiredFormField } from '@venuebook/sdk';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { PhoneInput } from '../shared/form-fields.tsx';
import { contactToFormValues, emptyContactForm, isCustomTagChoice, tagOptions, type ContactFormValues } from './contact-rules.ts';

/**
 * The shared contact rules (the API's own `contactInputSchema`, with its §5 messages 'Name is required' and 'Invalid
 * email'; blank optional fields come out undefined) as the form's resolver.
 */
const contactFormResolver = zodResolver(contactInputSchema) as unknown as Resolver<ContactFormValues, unknown, ContactInputParsed>;

export interface ContactFormProps {
  /** The contact being edited, or null in add mode. The parent remounts the form (a new `key`) to reset it. */
  editing: Contact | null;
  /** Tags to choose from (the server's list, or the 11 defaults). */
  tags: readonly string[];
  /** Spec §6: only admins and editors see '+ Add custom tag' ('contact.custom_tag'). */
  mayCustomTag: boolean;
  saving: boolean;
  onSave: (input: ContactInputParsed) => void;
  /** Edit mode's Cancel: back to add mode with an empty form. */
  onCancel: () => void;
}

/**
 * The Venue Contacts dialog's add/edit form (spec §2, §4 'Contacts dialog form', §5 'Venue contact form'): validated
 * on submit, re-validated on change (react-hook-form's default modes); the tag from the list or, for admins and
 * editors, typed after choosing '+ Add custom tag' (value '__custom__'), with Cancel back to the list.
 */
export function ContactForm({ editing, tags, mayCustomTag, saving, onSave, onCancel }: ContactFormProps) {
  const form = useForm<ContactFormValues, unknown, ContactInputParsed>({
    defaultValues: editing ? contactToFormValues(editing) : emptyContactForm(),
    resolver: contactFormResolver,
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const [customTag, setCustomTag] = useState(false);
  const tag = register('tag');
  const options = tagOptions(tags, editing?.tag ?? '');

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onSave)(e)} data-testid="contact-form">
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <RequiredFormField label="Name" error={errors.name} errorTestId="contact-name-error">
            <Input {...register('name')} autoComplete="off" placeholder="Full name" data-testid="contact-name-input" />
          </RequiredFormField>
          <FormField label="Title" error={errors.title}>
            <Input {...register('title')} autoComplete="off" placeholder="e.g. Production Manager" data-testid="contact-title-input" />
          </FormField>
          <FormField label="Phone" error={errors.phone} errorTestId="contact-phone-error">
            <PhoneInput registration={register('phone')} format={formatPhoneInput} testId="contact-phone-input" />
          </FormField>
          <FormField label="Email" error={errors.email} errorTestId="contact-email-error">
            <Input {...register('email')} type="email" autoComplete="off" placeholder="name@example.com" data-testid="contact-email-input" />
          </FormField>
          <FormField label="Tag" error={errors.tag}>
            {customTag ? (
              <HStack gap="2" w="full">
                <Input {...tag} autoComplete="off" placeholder="Custom tag" autoFocus data-testid="contact-custom-tag-input" />
                <Button
                  variant="outline"
                  aria-label="Cancel custom tag"
                  onClick={() => {
                    setCustomTag(false);
                    setValue('tag', '');
                  }}
                  data-testid="contact-custom-tag-cancel"
                >
                  Cancel
                </Button>
              </HStack>
            ) : (
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...tag}
                  onChange={(event) => {
                    if (isCustomTagChoice(event.target.value)) {
                      setValue('tag', '');
                      setCustomTag(true);
                      return;
                    }
                    return tag.onChange(event);
                  }}
                  data-testid="contact-tag-select"
                >
                  <option value="">No tag</option>
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                  {mayCustomTag ? <option value={CUSTOM_TAG_VALUE}>{CUSTOM_TAG_OPTION_LABEL}</option> : null}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
        </SimpleGrid>
        <HStack gap="2" justify="end" flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch">
          {editing ? (
            <Button variant="outline" onClick={onCancel} disabled={saving} data-testid="contact-cancel-edit">
              Cancel
            </Button>
          ) : null}
          <Button type="submit" colorPalette="brand" loading={saving} data-testid="contact-submit">
            {editing ? 'Update Contact' : 'Add Contact'}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
