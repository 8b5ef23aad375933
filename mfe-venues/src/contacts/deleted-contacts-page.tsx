import { Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { api, contactQueries, EmptyState, useCan, useQuery, useQueryClient, type Contact } from '@venuebook/sdk';
import { LuArchiveX, LuMapPin } from 'react-icons/lu';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { formatDisplayDate } from '../events/event-rules.ts';
import { PurgeDialog, RestorePurgeButtons, useRestorePurge } from '@venuebook/sdk';
import { countText, PageTitle } from '../shared/list-parts.tsx';
import { ListSkeleton, LoadError } from '../shared/load-states.tsx';
import { ContactItem, ContactSummary } from './contact-entry.tsx';
import { refreshContactQueries } from './contact-refresh.ts';
import { CONTACT_TEXT, contactDisplayName } from './contact-rules.ts';

/** Deleted Contacts (/deleted-contacts, spec §2 'Contacts'): admins restore or permanently delete; others are sent home. */
export function DeletedContactsPage() {
  const mayView = useCan('contact.view_deleted');
  if (!mayView) return <Navigate to="/" replace />;
  return <DeletedContactsList />;
}

function DeletedContactsList() {
  const queryClient = useQueryClient();
  const mayRestore = useCan('contact.restore');
  const mayPurge = useCan('contact.purge');
  const list = useQuery(contactQueries.deleted());
  const groups = list.data?.groups ?? [];
  const count = groups.reduce((n, group) => n + group.contacts.length, 0);
  const actions = useRestorePurge<Contact>({
    restore: (contact) => api.contacts.restore(contact.id),
    purge: (contact) => api.deletedContacts.purge(contact.id),
    // A contact came back or went for good: the contacts lists and its venue's contacts change.
    refresh: (contact) => refreshContactQueries(queryClient, contact.venueId),
    nameOf: contactDisplayName,
    text: CONTACT_TEXT,
  });

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="5xl" mx="auto" w="full" data-testid="deleted-contacts-page">
      <PageTitle
        title="Deleted Contacts"
        summary={list.isPending || list.isError ? '' : `${countText(count, 'deleted contact', 'deleted contacts')} · grouped by venue`}
        summaryTestId="deleted-contact-total"
      />

      {list.isPending ? (
        <ListSkeleton count={3} h="24" testId="deleted-contacts-loading" />
      ) : list.isError ? (
        <LoadError title="Could not load deleted contacts" error={list.error} onRetry={() => void list.refetch()} testId="deleted-contacts-error" />
      ) : groups.length === 0 ? (
        <EmptyState icon={<LuArchiveX />} title={CONTACT_TEXT.noDeleted} data-testid="deleted-contacts-empty" />
      ) : (
        <Stack gap="4" as="ul" listStyleType="none" m="0" p="0" data-testid="deleted-contact-groups">
          {groups.map((group) => (
            <Card.Root as="li" key={group.venueId} variant="outline" size="sm" data-testid="deleted-contact-group">
              <Card.Header>
                <HStack gap="1.5" minW="0">
                  <LuMapPin aria-hidden style={{ flexShrink: 0 }} />
                  <Heading as="h2" size="md" wordBreak="break-word" data-testid="deleted-contact-venue">
                    {group.venueName ? (
                      <Link asChild colorPalette="brand">
                        <RouterLink to={`/venue/${encodeURIComponent(group.venueId)}`}>{group.venueName}</RouterLink>
                      </Link>
                    ) : (
                      'Unknown venue'
                    )}
                  </Heading>
                  <Text color="fg.muted" fontSize="sm" flexShrink="0">
                    ({group.contacts.length})
                  </Text>
                </HStack>
              </Card.Header>
              <Card.Body pt="3">
                <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
                  {group.contacts.map((contact) => (
                    <ContactItem
                      key={contact.id}
                      align={{ base: 'stretch', md: 'center' }}
                      direction={{ base: 'column', md: 'row' }}
                      data-testid="deleted-contact-item"
                    >
                      <ContactSummary contact={contact}>
                        <Text fontSize="xs" color="fg.muted" data-testid="deleted-contact-date">
                          Deleted {formatDisplayDate(contact.deletedAt)}
                        </Text>
                      </ContactSummary>
                      <RestorePurgeButtons item={contact} actions={actions} mayRestore={mayRestore} mayPurge={mayPurge} noun="contact" />
                    </ContactItem>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}

      <PurgeDialog
        actions={actions}
        noun="contact"
        question={(contact) => `Permanently delete "${contact ? contactDisplayName(contact) : ''}"? This cannot be undone.`}
      />
    </Stack>
  );
}
