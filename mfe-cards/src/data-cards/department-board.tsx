import { Box, Button, Grid, Stack } from '@chakra-ui/react';
import { Tabs } from '@chakra-ui/react/tabs';
import { DEPARTMENTS, EmptyState, type Department } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuSearchX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { departmentPath } from './data-card-rules.ts';

interface BoardProps {
  /** The route's department: highlighted column, or the selected tab. */
  department: Department;
  onSelect: (department: Department) => void;
  /** A department's cards; `compact` in a narrow column. */
  cardsOf: (department: Department, compact: boolean) => ReactNode;
}

/** Large screens: the seven departments side by side, the route's one highlighted; a column's title selects it. */
export function DepartmentColumns({ department, onSelect, cardsOf }: BoardProps) {
  return (
    // Seven columns fit the page from about 1100 px; narrower, they scroll sideways.
    <Box overflowX="auto" pb="2">
      <Grid templateColumns={`repeat(${DEPARTMENTS.length}, minmax(9.5rem, 1fr))`} gap="2" minW="min-content" data-testid="department-columns">
        {DEPARTMENTS.map((d) => (
          <Stack
            key={d}
            as="section"
            aria-label={d}
            gap="3"
            p="2"
            rounded="l3"
            bg={d === department ? 'brand.subtle/40' : 'bg.subtle'}
            borderWidth="1px"
            borderColor={d === department ? 'brand.muted' : 'transparent'}
            data-testid="department-column"
            data-department={d}
          >
            <Box
              as="button"
              textAlign="start"
              fontWeight="semibold"
              fontSize="sm"
              px="1"
              py="0.5"
              rounded="l1"
              focusRing="outside"
              color={d === department ? 'brand.fg' : undefined}
              aria-current={d === department ? 'true' : undefined}
              onClick={() => onSelect(d)}
              data-testid="department-column-title"
            >
              {/* A narrow column breaks 'Production/Broadcast' after the slash, not inside a word. */}
              {d.replace('/', '/\u200B')}
            </Box>
            {cardsOf(d, true)}
          </Stack>
        ))}
      </Grid>
    </Box>
  );
}

/** Below 768 px: one department at a time, as tabs (only the selected one mounted). */
export function DepartmentTabs({ department, onSelect, cardsOf }: BoardProps) {
  return (
    <Tabs.Root
      value={department}
      onValueChange={(details) => onSelect(details.value as Department)}
      lazyMount
      unmountOnExit
      variant="line"
      data-testid="department-tabs"
    >
      <Box overflowX="auto">
        <Tabs.List minW="max-content">
          {DEPARTMENTS.map((d) => (
            <Tabs.Trigger key={d} value={d} fontSize="sm" px="3" data-testid="department-tab">
              {d}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Box>
      {DEPARTMENTS.map((d) => (
        <Tabs.Content key={d} value={d} pt="4">
          {cardsOf(d, false)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** The route names no department: 'Department Not Found' with a link to the first one. */
export function DepartmentNotFound({ venueId, departmentName }: { venueId: string; departmentName: string }) {
  return (
    <EmptyState
      icon={<LuSearchX />}
      title="Department Not Found"
      description={`There is no department named "${departmentName}".`}
      data-testid="department-not-found"
    >
      <Button asChild colorPalette="brand" variant="outline">
        <RouterLink to={departmentPath(venueId, DEPARTMENTS[0])}>Go to {DEPARTMENTS[0]}</RouterLink>
      </Button>
    </EmptyState>
  );
}
