import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An option of a select: a string is its own value and label. */
export type SelectOption = string | { readonly value: string; readonly label: string };

export interface OptionSelectProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** A first option for 'none' (value ''), e.g. 'No event'. */
  emptyLabel?: string;
  /** A stored value that is no option (any more) stays visible as an option of its own. */
  keepUnknownValue?: boolean;
  disabled?: boolean;
  size?: NativeSelect.RootProps['size'];
  /** The accessible name when no label is shown beside it. */
  ariaLabel?: string;
  testId: string;
  /** Layout of the select's root (e.g. its width in a row). */
  flex?: NativeSelect.RootProps['flex'];
  maxW?: NativeSelect.RootProps['maxW'];
}

const valueOf = (option: SelectOption): string => (typeof option === 'string' ? option : option.value);
const labelOf = (option: SelectOption): string => (typeof option === 'string' ? option : option.label);

/** A native select of fixed options (Chakra's NativeSelect): the value in, the chosen value out. */
export function OptionSelect({
  value,
  onChange,
  options,
  emptyLabel,
  keepUnknownValue = false,
  disabled = false,
  size,
  ariaLabel,
  testId,
  flex,
  maxW,
}: OptionSelectProps) {
  const unknown = keepUnknownValue && value !== '' && !options.some((option) => valueOf(option) === value);
  return (
    <NativeSelect.Root size={size} disabled={disabled} flex={flex} maxW={maxW}>
      <NativeSelect.Field aria-label={ariaLabel} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={valueOf(option)} value={valueOf(option)}>
            {labelOf(option)}
          </option>
        ))}
        {unknown ? <option value={value}>{value}</option> : null}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** An OptionSelect with its label above it (and a hint below, when given), as a form field. */
export function LabeledSelect({ label, helperText, ...select }: OptionSelectProps & { label: string; helperText?: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <OptionSelect {...select} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
