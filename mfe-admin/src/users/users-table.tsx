import { Badge, Box, Button, Card, Flex, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { OptionSelect, ROLE_LABELS, type ManagedUser, type Role } from '@venuebook/sdk';
import { LuTrash2 } from 'react-icons/lu';
import type { UserActions } from './use-user-actions.ts';
import {
  fullTime,
  lastSeenLabel,
  mayChangeRole,
  mayRemove,
  relativeTime,
  ROLE_PALETTES,
  roleChoices,
  USER_COLUMNS,
  type Actor,
} from './user-management-rules.ts';

interface UsersTableProps {
  users: readonly ManagedUser[];
  actor: Actor;
  actions: UserActions;
}

/**
 * Spec §2's table: e-mail, role badge, joined (relative), last seen (relative or 'Never') and the actions (role
 * dropdown, remove). From the md width a table; below it each user is a card with the same fields and test ids, so
 * that nothing is wider than a phone.
 */
export function UsersTable(props: UsersTableProps) {
  const asTable = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  return asTable ? <WideTable {...props} /> : <StackedUsers {...props} />;
}

function WideTable({ users, actor, actions }: UsersTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" whiteSpace="normal">
      <Table.Root size="sm" data-testid="users-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {USER_COLUMNS.map((column) => (
              <Table.ColumnHeader key={column} whiteSpace="nowrap" textAlign={column === 'Actions' ? 'end' : undefined}>
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <Table.Row key={user.id} data-testid="user-row" data-email={user.email}>
              <Table.Cell wordBreak="break-all" minW="48">
                <Email user={user} actor={actor} />
              </Table.Cell>
              <Table.Cell>
                <RoleBadge role={user.role} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" title={fullTime(user.createdAt)} data-testid="user-joined">
                {relativeTime(user.createdAt)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" title={fullTime(user.lastSignInAt)} data-testid="user-last-seen">
                {lastSeenLabel(user.lastSignInAt)}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="2" justify="end">
                  <RoleSelect user={user} actor={actor} actions={actions} />
                  <RemoveButton user={user} actor={actor} actions={actions} />
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function StackedUsers({ users, actor, actions }: UsersTableProps) {
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" data-testid="users-list">
      {users.map((user) => (
        <Card.Root as="li" key={user.id} variant="outline" size="sm" data-testid="user-row" data-email={user.email}>
          <Card.Body gap="2">
            <Flex gap="2" justify="space-between" align="start">
              <Box minW="0" wordBreak="break-all" fontWeight="medium">
                <Email user={user} actor={actor} />
              </Box>
              <RoleBadge role={user.role} />
            </Flex>
            <Flex columnGap="4" rowGap="0.5" wrap="wrap" fontSize="sm" color="fg.muted">
              <Text>
                {USER_COLUMNS[2]}{' '}
                <Text as="span" color="fg" title={fullTime(user.createdAt)} data-testid="user-joined">
                  {relativeTime(user.createdAt)}
                </Text>
              </Text>
              <Text>
                {USER_COLUMNS[3]}{' '}
                <Text as="span" color="fg" title={fullTime(user.lastSignInAt)} data-testid="user-last-seen">
                  {lastSeenLabel(user.lastSignInAt)}
                </Text>
              </Text>
            </Flex>
            <HStack gap="2">
              <RoleSelect user={user} actor={actor} actions={actions} grow />
              <RemoveButton user={user} actor={actor} actions={actions} />
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

function Email({ user, actor }: { user: ManagedUser; actor: Actor }) {
  return (
    <>
      <Text as="span" data-testid="user-email">
        {user.email}
      </Text>
      {user.id === actor.id ? (
        <Badge ms="2" size="xs" variant="outline" colorPalette="gray" verticalAlign="middle">
          You
        </Badge>
      ) : null}
    </>
  );
}

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge colorPalette={ROLE_PALETTES[role]} variant="subtle" flexShrink="0" data-testid="user-role-badge">
      {ROLE_LABELS[role]}
    </Badge>
  );
}

/** Spec §2 'a role dropdown': the roles the actor may give (the current role alone, disabled, when none). */
function RoleSelect({ user, actor, actions, grow = false }: { user: ManagedUser; actor: Actor; actions: UserActions; grow?: boolean }) {
  const { assignRole } = actions;
  const pending = assignRole.isPending && assignRole.variables.user.id === user.id;
  return (
    <OptionSelect
      size="sm"
      value={pending ? assignRole.variables.role : user.role}
      onChange={(role) => assignRole.mutate({ user, role: role as Role })}
      options={roleChoices(actor, user).map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      disabled={pending || !mayChangeRole(actor, user)}
      ariaLabel={`Role of ${user.email}`}
      testId="user-role-select"
      flex={grow ? '1' : undefined}
      maxW={grow ? undefined : '36'}
    />
  );
}

/** Spec §2 'a remove button' (not on your own row, nor an admin's on an owner's). */
function RemoveButton({ user, actor, actions }: { user: ManagedUser; actor: Actor; actions: UserActions }) {
  if (!mayRemove(actor, user)) return <Box w="9" flexShrink="0" aria-hidden />;
  return (
    <Button
      size="sm"
      variant="ghost"
      colorPalette="red"
      flexShrink="0"
      px="2"
      aria-label={`Remove ${user.email}`}
      title="Remove user"
      onClick={() => actions.setRemoving(user)}
      data-testid="user-remove"
    >
      <LuTrash2 />
    </Button>
  );
}
