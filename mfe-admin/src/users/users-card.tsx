import { Badge, Box, Button, Card, CloseButton, Flex, Heading, HStack, Input, InputGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  ConfirmDialog,
  EmptyState,
  LoadError,
  USER_PAGE_SIZE,
  USER_SEARCH_MAX_LENGTH,
  useDebouncedValue,
  useQuery,
  userQueries,
  useSession,
} from '@venuebook/sdk';
import { useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuSearch, LuUsers } from 'react-icons/lu';
import { useUserActions } from './use-user-actions.ts';
import { pageCount, shownRange, userCountText, USERS_TEXT } from './user-management-rules.ts';
import { UsersTable } from './users-table.tsx';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The users: a search by e-mail (beyond the spec), one page of 50 at a time from the server with the total, the
 * table (stacked cards at phone width), and the removal's confirmation.
 */
export function UsersCard() {
  const { user: me } = useSession();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const list = useQuery(userQueries.list({ q, page, pageSize: USER_PAGE_SIZE }));
  const actions = useUserActions();
  const { removing, remove } = actions;
  // The question keeps its address while the dialog animates closed.
  const [asked, setAsked] = useState(removing);
  if (removing && removing !== asked) setAsked(removing);

  // A new search starts on its first page.
  const [searched, setSearched] = useState(q);
  if (q !== searched) {
    setSearched(q);
    setPage(1);
  }
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, USER_PAGE_SIZE);
  // The last page emptied (a removal, someone else's change): the page before it.
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);

  const users = list.data?.users ?? [];
  const stale = list.isPlaceholderData;
  return (
    <Card.Root variant="outline" data-testid="users-card">
      <Card.Header gap="3">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h2" size="md">
            Users
          </Heading>
          {list.data ? (
            <Badge variant="subtle" colorPalette="gray" data-testid="users-total">
              {userCountText(total, q !== '')}
            </Badge>
          ) : null}
        </Flex>
        <InputGroup startElement={<LuSearch />} endElement={text ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setText('')} /> : undefined}>
          <Input
            type="search"
            bg="bg"
            colorPalette="brand"
            placeholder={USERS_TEXT.searchPlaceholder}
            aria-label="Search users by e-mail"
            maxLength={USER_SEARCH_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="users-search"
          />
        </InputGroup>
      </Card.Header>
      <Card.Body pt="3" px={{ base: '3', md: '6' }}>
        {list.isPending ? (
          <UsersSkeleton />
        ) : list.isError && !list.data ? (
          <LoadError title={USERS_TEXT.fetchFailed} error={list.error} onRetry={() => void list.refetch()} testId="users-error" />
        ) : users.length === 0 ? (
          <EmptyState icon={<LuUsers />} title={q ? USERS_TEXT.noMatches(q) : USERS_TEXT.noUsers} data-testid="users-empty" />
        ) : (
          <Box opacity={stale ? 0.6 : 1} transition="opacity 0.15s" aria-busy={stale}>
            <UsersTable users={users} actor={{ id: me?.id ?? '', role: me?.role }} actions={actions} />
          </Box>
        )}
      </Card.Body>
      {list.data && total > 0 ? (
        <Card.Footer>
          <Flex w="full" gap="3" align="center" justify="space-between" wrap="wrap">
            <Text fontSize="sm" color="fg.muted" data-testid="users-range">
              {shownRange(list.data.page, USER_PAGE_SIZE, users.length, total)}
            </Text>
            <HStack gap="2">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="Previous page" data-testid="users-prev">
                <LuChevronLeft />
              </Button>
              <Text fontSize="sm" minW="20" textAlign="center" data-testid="users-page-label">
                Page {page} of {pages}
              </Text>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="Next page" data-testid="users-next">
                <LuChevronRight />
              </Button>
            </HStack>
          </Flex>
        </Card.Footer>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        title={USERS_TEXT.removeTitle}
        confirmLabel={USERS_TEXT.removeConfirm}
        busy={remove.isPending}
        onCancel={() => actions.setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
        data-testid="remove-user-dialog"
      >
        <Text wordBreak="break-word" data-testid="remove-user-question">
          {asked ? USERS_TEXT.removeQuestion(asked.email) : ''}
        </Text>
      </ConfirmDialog>
    </Card.Root>
  );
}

/** Spec §2: the skeleton while the users load. */
function UsersSkeleton() {
  return (
    <Stack gap="3" aria-busy="true" aria-label="Loading users" data-testid="users-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h="10" rounded="md" />
      ))}
    </Stack>
  );
}
