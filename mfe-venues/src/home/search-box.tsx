import { CloseButton, Input, InputGroup } from '@chakra-ui/react';
import { MAX_SEARCH_LENGTH } from '@venuebook/sdk';
import { useEffect, useState } from 'react';
import { LuSearch } from 'react-icons/lu';

export const SEARCH_PLACEHOLDER = 'Search for venues, city, state or countries...';
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Search input: typing is local and reported `SEARCH_DEBOUNCE_MS` after the last keystroke;
 * a changed `value` from outside (back button, Clear filters) replaces the text.
 */
export function SearchBox({
  value,
  onChange,
  placeholder = SEARCH_PLACEHOLDER,
  label = 'Search venues',
  testId = 'venue-search',
}: {
  value: string;
  onChange: (q: string) => void;
  /** Other lists' search (the events list): their own placeholder, accessible name and test id. */
  placeholder?: string;
  label?: string;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value.trim() !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <InputGroup
      startElement={<LuSearch />}
      endElement={
        text ? (
          <CloseButton
            size="xs"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onChange('');
            }}
          />
        ) : undefined
      }
    >
      <Input
        type="search"
        size="lg"
        bg="bg"
        colorPalette="brand"
        placeholder={placeholder}
        aria-label={label}
        maxLength={MAX_SEARCH_LENGTH}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid={testId}
      />
    </InputGroup>
  );
}
