import { Field, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A field's validation error as react-hook-form reports it (`formState.errors.<field>`): `message`, and
 * with `criteriaMode: 'all'` every message by rule in `types`. Structural, so the sdk does not depend
 * on react-hook-form.
 */
export interface FieldErrorLike {
  message?: string | undefined;
  types?: Readonly<Record<string, string | readonly string[] | boolean | undefined>> | undefined;
}

/** Every message of a field error, in order and without repeats (one line each under the field). */
export function fieldErrorMessages(error: FieldErrorLike | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [],
  );
  const messages = fromTypes.length > 0 ? fromTypes : error.message ? [error.message] : [];
  return [...new Set(messages)];
}

export interface FormFieldProps {
  label: ReactNode;
  /** The field's error (react-hook-form's `formState.errors.<field>`); its messages show below the input. */
  error?: FieldErrorLike | undefined;
  required?: boolean;
  helperText?: ReactNode;
  /** `data-testid` of the error text. */
  errorTestId?: string;
  /** The input, e.g. `<Input {...register('email')} />`. */
  children: ReactNode;
}

/**
 * One labelled form field with its inline errors (Chakra Field): the pattern of every form, used with
 * react-hook-form and a zod schema through `zodResolver`.
 */
export function FormField({ label, error, required, helperText, errorTestId, children }: FormFieldProps) {
  const messages = fieldErrorMessages(error);
  return (
    <Field.Root invalid={messages.length > 0} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helperText && messages.length === 0 ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {messages.length === 1 ? <Field.ErrorText data-testid={errorTestId}>{messages[0]}</Field.ErrorText> : null}
      {messages.length > 1 ? (
        <Field.ErrorText data-testid={errorTestId}>
          <Stack gap="0.5">
            {messages.map((message) => (
              <span key={message}>{message}</span>
            ))}
          </Stack>
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

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
