import { Input } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

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
