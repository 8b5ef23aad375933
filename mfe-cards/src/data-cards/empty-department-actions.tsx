import { Button, Stack } from '@chakra-ui/react';
import { LuListPlus, LuPlus } from 'react-icons/lu';

/** Inline buttons under an empty department (users who may add cards): Add Cards and Create Card there. */
export function EmptyDepartmentActions({ compact, onAdd, onCreate }: { compact: boolean; onAdd: () => void; onCreate: () => void }) {
  return (
    <Stack direction={compact ? 'column' : 'row'} gap={compact ? '1' : '2'} wrap="wrap" justify="center" align="center">
      <Button size={compact ? 'xs' : 'sm'} variant={compact ? 'ghost' : 'outline'} onClick={onAdd} data-testid="empty-add-cards">
        <LuListPlus /> Add Cards
      </Button>
      <Button size={compact ? 'xs' : 'sm'} variant={compact ? 'ghost' : 'outline'} onClick={onCreate} data-testid="empty-create-card">
        <LuPlus /> Create Card
      </Button>
    </Stack>
  );
}
