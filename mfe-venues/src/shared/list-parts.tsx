import { Box, Button, Center, Heading, Stack, Text, VStack } from '@chakra-ui/react';
import { errorMessage } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import type { PagedList } from './use-paged-list.ts';

/** A list page's title and the line under it (a count; empty while the list loads or failed). */
export function PageTitle({ title, summary, summaryTestId }: { title: string; summary: string; summaryTestId: string }) {
  return (
    <Box>
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" minH="5" data-testid={summaryTestId}>
        {summary}
      </Text>
    </Box>
  );
}

/** '3 venues', '1 venue'. */
export function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The rows of a searched list, dimmed (and busy) while the previous query's rows stand in for the current one's. */
export function StaleRows({ stale, testId, children }: { stale: boolean; testId: string; children: ReactNode }) {
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" opacity={stale ? 0.6 : 1} transition="opacity 0.15s" aria-busy={stale} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** Under a searched list: 'Showing n of total', 'Load more' while there is more, and why the last 'Load more' failed. */
export function PagedFooter({
  list,
  countTestId,
}: {
  list: Pick<PagedList<unknown>, 'items' | 'total' | 'hasMore' | 'loadMore' | 'loadingMore' | 'loadMoreError'>;
  countTestId: string;
}) {
  return (
    <VStack gap="2">
      <Text fontSize="sm" color="fg.muted" data-testid={countTestId}>
        Showing {list.items.length} of {list.total}
      </Text>
      <LoadMore list={list} />
    </VStack>
  );
}

/** 'Load more' at the end of a list while there is more, and why the last one failed. */
export function LoadMore({
  list,
  centered = false,
}: {
  list: Pick<PagedList<unknown>, 'hasMore' | 'loadMore' | 'loadingMore' | 'loadMoreError'>;
  centered?: boolean;
}) {
  const button = list.hasMore ? (
    <Button variant="outline" onClick={list.loadMore} loading={list.loadingMore} data-testid="load-more">
      Load more
    </Button>
  ) : null;
  return (
    <>
      {centered && button ? <Center>{button}</Center> : button}
      {list.loadMoreError ? (
        <Text fontSize="sm" color="fg.error" role="alert" textAlign={centered ? 'center' : undefined}>
          {errorMessage(list.loadMoreError)}
        </Text>
      ) : null}
    </>
  );
}
