import { Button, Card, Flex, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  api,
  contactQueries,
  EmptyState,
  errorMessage,
  keepPreviousData,
  notify,
  useCan,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type ContactListItem,
} from '@venuebook/sdk';
import { useCallback, useState } from 'react';
import { LuContactRound, LuMapPin, LuSearchX, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatDisplayDate } from '../events/event-rules.ts';
import { SearchBox } from '../home/search-box.tsx';
import { PanelDialog, PanelSections } from '@venuebook/sdk';
import { countText, PageTitle, PagedFooter, StaleRows } from '../shared/list-parts.tsx';
import { ListSkeleton, LoadError } from '../shared/load-states.tsx';
import { usePagedList } from '../shared/use-paged-list.ts';
import { ContactBadges, ContactDetails, ContactName } from './contact-entry.tsx';
import { refreshContactQueries } from './contact-refresh.ts';
import { DeleteContactButton, DeleteContactDialog } from './delete-contact-dialog.tsx';
import { CONTACT_TEXT, contactDisplayName } from './contact-rules.ts';

export const CONTACT_SEARCH_PLACEHOLDER = 'Search contacts, tags or venues...';

/** All contacts (/contacts, spec §2 'Contacts'): searchable, by the last word of the name, with a detail dialog and delete. */
export function AllContactsPage() {
  const queryClient = useQueryClient();
  const mayDelete = useCan('contact.delete');
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const onSearch = useCallback(
    (next: string) =>
      setSearchParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          if (next.trim()) params.set('q', next.trim());
          else params.delete('q');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const list = usePagedList<ContactListItem>(useInfiniteQuery({ ...contactQueries.list({ q: q.trim() || undefined }), placeholderData: keepPreviousData }));
  const [open, setOpen] = useState<ContactListItem | null>(null);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);

  const remove = useMutation({
    mutationFn: (contact: ContactListItem) => api.contacts.delete(contact.id),
    onSuccess: async (_void, contact) => {
      await refreshContactQueries(queryClient, contact.venueId);
      setDeleting(null);
      setOpen(null);
      notify({ type: 'success', title: CONTACT_TEXT.deletedNamed(contactDisplayName(contact)) });
    },
    onError: (error) => {
      setDeleting(null);
      notify({ type: 'error', title: CONTACT_TEXT.deleteFailed, description: errorMessage(error) });
    },
  });

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="5xl" mx="auto" w="full" data-testid="all-contacts-page">
      <PageTitle title="Contacts" summary={list.loading || list.failed ? '' : countText(list.total, 'contact', 'contacts')} summaryTestId="contact-total" />
      <SearchBox value={q} onChange={onSearch} placeholder={CONTACT_SEARCH_PLACEHOLDER} label="Search contacts" testId="contact-search" />

      {list.loading ? (
        <ListSkeleton count={5} h="20" testId="contacts-loading" />
      ) : list.error ? (
        <LoadError title="Could not load contacts" error={list.error} onRetry={list.retry} testId="contact-list-error" />
      ) : list.items.length === 0 ? (
        <EmptyState icon={q ? <LuSearchX /> : <LuContactRound />} title={CONTACT_TEXT.noContacts} data-testid="contact-list-empty">
          {q ? (
            <Button variant="outline" size="sm" onClick={() => onSearch('')}>
              Clear search
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <Stack gap="6">
          <StaleRows stale={list.stale} testId="contact-rows">
            {list.items.map((contact) => (
              <Card.Root as="li" key={contact.id} variant="outline" size="sm" data-testid="contact-row">
                <Card.Body>
                  <Flex gap="3" justify="space-between" align="start">
                    <Stack gap="1" minW="0" flex="1">
                      <Wrap gap="2" align="center">
                        <Link as="button" fontSize="md" textAlign="start" onClick={() => setOpen(contact)} aria-haspopup="dialog" data-testid="contact-open">
                          <ContactName contact={contact} />
                        </Link>
                        <ContactBadges contact={contact} showMain />
                      </Wrap>
                      <VenueLink contact={contact} />
                      <ContactDetails contact={contact} />
                    </Stack>
                    {mayDelete ? (
                      <DeleteContactButton
                        contact={contact}
                        onClick={() => setDeleting(contact)}
                        testId="contact-row-delete"
                        disabledReason={contact.isCurrentMainContact ? CONTACT_TEXT.mainContactRefused : undefined}
                      />
                    ) : null}
                  </Flex>
                </Card.Body>
              </Card.Root>
            ))}
          </StaleRows>
          <PagedFooter list={list} countTestId="contact-count" />
        </Stack>
      )}

      <ContactDetailDialog contact={open} mayDelete={mayDelete} onDelete={setDeleting} onClose={() => setOpen(null)} />
      <DeleteContactDialog
        contact={deleting}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}

function VenueLink({ contact }: { contact: ContactListItem }) {
  return (
    <HStack gap="1.5" fontSize="sm" minW="0">
      <LuMapPin aria-hidden style={{ flexShrink: 0 }} />
      <Link asChild fontWeight="medium" colorPalette="brand" wordBreak="break-word">
        <RouterLink to={`/venue/${encodeURIComponent(contact.venueId)}`} data-testid="contact-venue">
          {contact.venueName}
        </RouterLink>
      </Link>
    </HStack>
  );
}

/** A contact's detail dialog: every field, its venue, and delete (refused for a venue's current main contact, spec §5). */
function ContactDetailDialog({
  contact,
  mayDelete,
  onDelete,
  onClose,
}: {
  contact: ContactListItem | null;
  mayDelete: boolean;
  onDelete: (contact: ContactListItem) => void;
  onClose: () => void;
}) {
  return (
    <PanelDialog open={contact !== null} onDismiss={onClose} from="sm" size="md" testId="contact-detail-dialog">
      {contact ? (
        <PanelSections
          title={<ContactName contact={contact} />}
          footer={
            <>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              {mayDelete ? (
                <Button colorPalette="red" disabled={contact.isCurrentMainContact} onClick={() => onDelete(contact)} data-testid="contact-detail-delete">
                  <LuTrash2 /> Delete
                </Button>
              ) : null}
            </>
          }
        >
          <Stack gap="3">
            <Wrap gap="2">
              <ContactBadges contact={contact} showMain />
            </Wrap>
            <VenueLink contact={contact} />
            {contact.detailsHidden ? (
              <Text fontSize="sm" color="fg.muted" data-testid="contact-details-hidden">
                Contact details are hidden for your role.
              </Text>
            ) : (
              <ContactDetails contact={contact} />
            )}
            <Text fontSize="xs" color="fg.muted">
              Added {formatDisplayDate(contact.createdAt)} · Updated {formatDisplayDate(contact.updatedAt)}
            </Text>
            {mayDelete && contact.isCurrentMainContact ? (
              <Text fontSize="sm" color="fg.warning" data-testid="main-contact-refused">
                {CONTACT_TEXT.mainContactRefused}
              </Text>
            ) : null}
          </Stack>
        </PanelSections>
      ) : null}
    </PanelDialog>
  );
}
