import { Field, Input } from '@chakra-ui/react';
import { FormField, type FormFieldProps } from '@venuebook/sdk';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Spec §9: text areas are 3 rows high, 6 at 1024 px or wider (as minimum heights, padding included). */
export const TEXTAREA_MIN_H = { base: '5rem', lg: '9rem' };

/** A required field: its label with the required mark. */
export function RequiredFormField({ label, ...props }: Omit<FormFieldProps, 'required' | 'label'> & { label: string }) {
  return (
    <FormField
      {...props}
      label={
        <>
          {label} <Field.RequiredIndicator />
        </>
      }
      required
    />
  );
}

/** A phone input formatted as the user types (spec §5): `format` turns what was typed into the shown value. */
export function PhoneInput({ registration, format, testId }: { registration: UseFormRegisterReturn; format: (typed: string) => string; testId: string }) {
  return (
    <Input
      {...registration}
      type="tel"
      inputMode="tel"
      placeholder="(555) 555-5555"
      onChange={(event) => {
        event.target.value = format(event.target.value);
        return registration.onChange(event);
      }}
      data-testid={testId}
    />
  );
}
