// What the Photos and Documents pages' upload views share: the card with its title and close button, and a labelled
// select of options (category, event, data card).
import { Card, CloseButton, Field, Flex, Heading, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface UploadCardProps {
  title: string;
  /** `<testId>` on the card, `<testId>-close` on its close button. */
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

export function UploadCard({ title, testId, onClose, children }: UploadCardProps) {
  return (
    <Card.Root variant="outline" size="sm" data-testid={testId}>
      <Card.Header>
        <Flex align="center" justify="space-between" gap="2">
          <Heading as="h2" size="sm">
            {title}
          </Heading>
          <CloseButton size="sm" aria-label="Close upload" onClick={onClose} data-testid={`${testId}-close`} />
        </Flex>
      </Card.Header>
      <Card.Body gap="4">{children}</Card.Body>
    </Card.Root>
  );
}

export interface OptionSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** A first option for 'none' (value ''), e.g. 'No event'. */
  emptyLabel?: string;
  disabled?: boolean;
  testId: string;
}

export function OptionSelect({ label, value, onChange, options, emptyLabel, disabled = false, testId }: OptionSelectProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" disabled={disabled}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
          {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
