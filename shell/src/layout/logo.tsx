import { chakra, HStack, Text } from '@chakra-ui/react';

/** Venue Book mark: an open book with a location pin. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <chakra.svg viewBox="0 0 32 32" width={`${size}px`} height={`${size}px`} flexShrink={0} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--chakra-colors-brand-solid)" />
      <path
        d="M6 10.5c3.2-1.2 6.6-1 10 1 3.4-2 6.8-2.2 10-1V24c-3.2-1.2-6.6-1-10 1-3.4-2-6.8-2.2-10-1z"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M16 11.5V25" stroke="#fff" strokeWidth="1.8" />
      <path
        d="M21 4.5a3.4 3.4 0 0 0-3.4 3.4c0 2.5 3.4 5.6 3.4 5.6s3.4-3.1 3.4-5.6A3.4 3.4 0 0 0 21 4.5z"
        fill="#fbbf24"
        stroke="var(--chakra-colors-brand-solid)"
        strokeWidth="1"
      />
      <circle cx="21" cy="7.9" r="1.2" fill="var(--chakra-colors-brand-solid)" />
    </chakra.svg>
  );
}

export function Logo() {
  return (
    <HStack gap="2">
      <LogoMark />
      <Text as="span" fontWeight="bold" fontSize="lg" letterSpacing="tight" whiteSpace="nowrap">
        Venue Book
      </Text>
    </HStack>
  );
}
