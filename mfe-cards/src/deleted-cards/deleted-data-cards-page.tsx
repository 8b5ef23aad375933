import { Badge, Box, Heading, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  api,
  cardQueries,
  EmptyState,
  ListSkeleton,
  LoadError,
  PurgeDialog,
  BackLink,
  DeletedItemCard,
  useCan,
  useQuery,
  useQueryClient,
  useRestorePurge,
  type DataCard,
} from '@venuebook/sdk';
import { useMemo } from 'react';
import { LuArchiveX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { AdminOnly } from '../shared/admin-only.tsx';
import { relativeAge } from '../shared/relative-age.ts';
import { deletedCardKind, newestDeletedFirst } from './deleted-card-order.ts';

/** Spec §8 'Deleted cards' toasts. */
const DELETED_CARD_TEXT = {
  restored: () => 'Card restored',
  restoreFailed: 'Error restoring card',
  purged: () => 'Card permanently deleted',
  purgeFailed: 'Error deleting card',
} as const;

/** Deleted Data Cards (/admin/deleted-data-cards, spec §2): admins restore or permanently delete soft-deleted cards. */
export function DeletedDataCardsPage() {
  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="5xl" mx="auto" w="full" data-testid="deleted-cards-page">
      <AdminOnly action="card.view_deleted">
        <Box>
          <BackLink to="/admin/master-data-cards" label="Back to Master Data Cards" testId="master-cards-link" />
        </Box>
        <DeletedCardsList />
      </AdminOnly>
    </Stack>
  );
}

function DeletedCardsList() {
  const queryClient = useQueryClient();
  const mayRestore = useCan('card.restore');
  const mayPurge = useCan('card.purge');
  const deleted = useQuery(cardQueries.deleted());
  const cards = useMemo(() => newestDeletedFirst(deleted.data?.items ?? []), [deleted.data]);
  const actions = useRestorePurge<DataCard>({
    restore: (card) => api.deletedCards.restore(card.id),
    purge: (card) => api.deletedCards.purge(card.id),
    // A card came back or went for good: the deleted list, the templates and the venues' cards change.
    refresh: () => queryClient.invalidateQueries({ queryKey: cardQueries.all }),
    nameOf: (card) => card.title,
    text: DELETED_CARD_TEXT,
  });
  const now = new Date();

  return (
    <>
      <Box>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          Deleted Data Cards
        </Heading>
        <Text color="fg.muted" fontSize="sm" minH="5" data-testid="deleted-card-total">
          {cards.length > 0 ? `${cards.length} deleted ${cards.length === 1 ? 'card' : 'cards'} · newest deleted first` : ''}
        </Text>
      </Box>

      {deleted.isPending ? (
        <ListSkeleton count={3} h="20" testId="deleted-cards-loading" />
      ) : deleted.isError ? (
        <LoadError title="Could not load deleted cards" error={deleted.error} onRetry={() => void deleted.refetch()} testId="deleted-cards-error" />
      ) : cards.length === 0 ? (
        <EmptyState icon={<LuArchiveX />} title="No deleted cards" data-testid="deleted-cards-empty" />
      ) : (
        <Stack gap="3" as="ul" listStyleType="none" m="0" p="0" data-testid="deleted-card-list">
          {cards.map((card) => (
            <DeletedItemCard
              key={card.id}
              testId="deleted-card-item"
              title={card.title}
              item={card}
              actions={actions}
              mayRestore={mayRestore}
              mayPurge={mayPurge}
              noun="card"
            >
              <Heading as="h2" size="md" wordBreak="break-word" data-testid="deleted-card-title">
                {card.title}
              </Heading>
              <Wrap gap="1.5" align="center" fontSize="sm" color="fg.muted">
                <Badge variant="subtle" colorPalette={card.isTemplate ? 'brand' : 'gray'}>
                  {deletedCardKind(card)}
                </Badge>
                <Text>{card.departments.join(', ')}</Text>
                {card.venueId ? (
                  <Link asChild colorPalette="brand">
                    <RouterLink to={`/venue/${encodeURIComponent(card.venueId)}`}>Open venue</RouterLink>
                  </Link>
                ) : null}
              </Wrap>
              <Text fontSize="sm" color="fg.muted" title={card.deletedAt ?? undefined} data-testid="deleted-card-age">
                Deleted {relativeAge(card.deletedAt, now)}
              </Text>
            </DeletedItemCard>
          ))}
        </Stack>
      )}

      <PurgeDialog
        actions={actions}
        noun="card"
        question={(card) => `Permanently delete "${card?.title ?? ''}" with the data entered on it? This cannot be undone.`}
      />
    </>
  );
}
