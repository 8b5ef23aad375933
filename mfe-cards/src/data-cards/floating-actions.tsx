import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { Department } from '@venuebook/sdk';
import { LuListPlus, LuPlus } from 'react-icons/lu';

/** Spec §2: the floating action bar (Create and Add; the spec's AI Extract is not built), for users who may add cards. */
export function FloatingActions({ department, onAdd, onCreate }: { department: Department; onAdd: () => void; onCreate: () => void }) {
  return (
    <Box position="fixed" insetX="0" bottom={{ base: '3', md: '6' }} zIndex="docked" pointerEvents="none" display="flex" justifyContent="center" px="3">
      <HStack
        gap="2"
        p="2"
        bg="bg.panel"
        borderWidth="1px"
        rounded="full"
        shadow="lg"
        pointerEvents="auto"
        role="toolbar"
        aria-label={`Add cards to ${department}`}
        data-testid="floating-actions"
      >
        <Text fontSize="xs" color="fg.muted" ps="3" pe="1" hideBelow="sm" maxW="12rem" truncate>
          {department}
        </Text>
        <Button size="sm" rounded="full" variant="outline" onClick={onCreate} data-testid="fab-create">
          <LuPlus /> Create
        </Button>
        <Button size="sm" rounded="full" colorPalette="brand" onClick={onAdd} data-testid="fab-add">
          <LuListPlus /> Add
        </Button>
      </HStack>
    </Box>
  );
}
