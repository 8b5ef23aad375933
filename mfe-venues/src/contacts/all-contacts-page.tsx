import { Box, Button, Card, CloseButton, Flex, Heading, HStack, IconButton, Link, Portal, Skeleton, Stack, Text, VStack, Wrap } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
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
  venueQueries,
  type ContactListItem,
} from '@venuebook/sdk';
import { useCallback, useMemo, useState } from 'react';
import { LuContactRound, LuMapPin, LuSearchX, LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatDisplayDate } from '../events/event-values.ts';
import { SearchBox } from '../home/search-box.tsx';
import { appendUnique } from '../home/venue-list.util.ts';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { ContactBadges, ContactDetails, ContactName } from './contact-entry.tsx';
import { CONTACT_TEXT, contactDisplayName } from './contact-values.ts';

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
  const list = useInfiniteQuery({ ...contactQueries.list({ q: q.trim() || undefined }), placeholderData: keepPreviousData });
  const items = useMemo(() => (list.data?.pages ?? []).reduce<ContactListItem[]>((shown, page) => appendUnique(shown, page.items), []), [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const [open, setOpen] = useState<ContactListItem | null>(null);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);

  const remove = useMutation({
    mutationFn: (contact: ContactListItem) => api.contacts.delete(contact.id),
    onSuccess: async (_void, contact) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactQueries.all }),
        queryClient.invalidateQueries({ queryKey: venueQueries.detail(contact.venueId).queryKey }),
      ]);
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
      <Box>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          Contacts
        </Heading>
        <Text color="fg.muted" fontSize="sm" minH="5" data-testid="contact-total">
          {list.isPending || list.isError ? '' : `${total} ${total === 1 ? 'contact' : 'contacts'}`}
        </Text>
      </Box>
      <SearchBox value={q} onChange={onSearch} placeholder={CONTACT_SEARCH_PLACEHOLDER} label="Search contacts" testId="contact-search" />

      {list.isPending ? (
        <Stack gap="3" data-testid="contacts-loading">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h="20" rounded="l3" />
          ))}
        </Stack>
      ) : list.isError && !list.isFetchNextPageError ? (
        <Box role="alert" data-testid="contact-list-error">
          <EmptyState icon={<LuTriangleAlert />} title="Could not load contacts" description={errorMessage(list.error)}>
            <Button colorPalette="brand" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </EmptyState>
        </Box>
      ) : items.length === 0 ? (
        <EmptyState icon={q ? <LuSearchX /> : <LuContactRound />} title={CONTACT_TEXT.noContacts} data-testid="contact-list-empty">
          {q ? (
            <Button variant="outline" size="sm" onClick={() => onSearch('')}>
              Clear search
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <Stack gap="6">
          <Stack
            as="ul"
            listStyleType="none"
            m="0"
            p="0"
            gap="3"
            opacity={list.isPlaceholderData ? 0.6 : 1}
            transition="opacity 0.15s"
            aria-busy={list.isPlaceholderData}
            data-testid="contact-rows"
          >
            {items.map((contact) => (
              <Card.Root as="li" key={contact.id} variant="outline" size="sm" data-testid="contact-row">
                <Card.Body>
                  <Flex gap="3" justify="space-between" align="start">
                    <Stack gap="1" minW="0" flex="1">
                      <Wrap gap="2" align="center">
                        <Link
                          as="button"
                          fontSize="md"
                          textAlign="start"
                          onClick={() => setOpen(contact)}
                          aria-haspopup="dialog"
                          data-testid="contact-open"
                        >
                          <ContactName contact={contact} />
                        </Link>
                        <ContactBadges contact={contact} showMain />
                      </Wrap>
                      <VenueLink contact={contact} />
                      <ContactDetails contact={contact} />
                    </Stack>
                    {mayDelete ? (
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Delete ${contactDisplayName(contact)}`}
                        disabled={contact.isCurrentMainContact}
                        title={contact.isCurrentMainContact ? CONTACT_TEXT.mainContactRefused : undefined}
                        onClick={() => setDeleting(contact)}
                        data-testid="contact-row-delete"
                      >
                        <LuTrash2 />
                      </IconButton>
                    ) : null}
                  </Flex>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          <VStack gap="2">
            <Text fontSize="sm" color="fg.muted" data-testid="contact-count">
              Showing {items.length} of {total}
            </Text>
            {!list.isPlaceholderData && list.hasNextPage ? (
              <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="load-more">
                Load more
              </Button>
            ) : null}
            {list.isFetchNextPageError ? (
              <Text fontSize="sm" color="fg.error" role="alert">
                {errorMessage(list.error)}
              </Text>
            ) : null}
          </VStack>
        </Stack>
      )}

      <ContactDetailDialog contact={open} mayDelete={mayDelete} onDelete={setDeleting} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Contact"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        data-testid="delete-contact-dialog"
      >
        <Text wordBreak="break-word">{CONTACT_TEXT.confirmDelete(deleting ? contactDisplayName(deleting) : '')}</Text>
      </ConfirmDialog>
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
    <Dialog.Root open={contact !== null} onOpenChange={(details) => !details.open && onClose()} placement="center" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            data-testid="contact-detail-dialog"
            mx={{ base: '0', sm: '4' }}
            // The 'full' size's full height and square corners stop at sm, where the dialog is 'md'.
            minH={{ base: '100dvh', sm: 'auto' }}
            rounded={{ base: '0', sm: 'l3' }}
          >
            {contact ? (
              <>
                <Dialog.Header pe="12">
                  <Dialog.Title wordBreak="break-word">
                    <ContactName contact={contact} />
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close" />
                </Dialog.CloseTrigger>
                <Dialog.Body>
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
                </Dialog.Body>
                <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="2">
                  <Button variant="outline" onClick={onClose}>
                    Close
                  </Button>
                  {mayDelete ? (
                    <Button colorPalette="red" disabled={contact.isCurrentMainContact} onClick={() => onDelete(contact)} data-testid="contact-detail-delete">
                      <LuTrash2 /> Delete
                    </Button>
                  ) : null}
                </Dialog.Footer>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
