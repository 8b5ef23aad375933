import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import { Popover } from '@chakra-ui/react/popover';
import { LuUsers } from 'react-icons/lu';
import type { PresenceEditor } from '../presence/presence-types.ts';

/** 'n editing' (spec §2 'Card dialog'). */
export function editingLabel(count: number): string {
  return `${count} editing`;
}

/**
 * The presence badge (spec §2, §4 'Presence'): 'n editing', everyone with this card open (the user included); the
 * names in its tooltip and, on a click or tap, in a popover. Nothing while nobody is known to be there.
 */
export function PresenceBadge({ editors }: { editors: readonly PresenceEditor[] }) {
  if (editors.length === 0) return null;
  const names = editors.map((editor) => editor.fullName || editor.email);
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Badge
          as="button"
          colorPalette="green"
          variant="subtle"
          cursor="pointer"
          title={names.join(', ')}
          aria-label={`${editingLabel(editors.length)}: ${names.join(', ')}`}
          data-testid="card-presence"
        >
          <LuUsers />
          {editingLabel(editors.length)}
        </Badge>
      </Popover.Trigger>
      {/* Inside the dialog (no portal): a click in it is no click outside the dialog. */}
      <Popover.Positioner>
        <Popover.Content width="auto" maxW="xs" data-testid="card-presence-list">
          <Popover.Body p="3">
            <Stack gap="1">
              {editors.map((editor) => (
                <Box key={editor.userId}>
                  <Text fontSize="sm" fontWeight="medium">
                    {editor.fullName || editor.email}
                  </Text>
                  {editor.fullName ? (
                    <Text fontSize="xs" color="fg.muted">
                      {editor.email}
                    </Text>
                  ) : null}
                </Box>
              ))}
            </Stack>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
