import { Box, HStack, Stack, Text } from '@chakra-ui/react';

/** A plain progress bar (role progressbar): rows checked (preview) or sent (import) so far of the file's rows. */
export function ImportProgress({ label, ariaLabel, done, total, testId }: { label: string; ariaLabel: string; done: number; total: number; testId: string }) {
  const value = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Stack gap="1" data-testid={testId}>
      <HStack justify="space-between" fontSize="sm">
        <Text>{label}</Text>
        <Text>
          {done.toLocaleString('en-US')} / {total.toLocaleString('en-US')}
        </Text>
      </HStack>
      <Box
        role="progressbar"
        aria-label={ariaLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        h="2"
        bg="bg.muted"
        rounded="full"
        overflow="hidden"
      >
        <Box h="full" w={`${value}%`} bg="colorPalette.solid" colorPalette="brand" transition="width 0.2s" />
      </Box>
    </Stack>
  );
}
