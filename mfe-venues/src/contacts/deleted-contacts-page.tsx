import { Box, Button, Card, Flex, Heading, HStack, Link, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  api,
  contactQueries,
  EmptyState,
  errorMessage,
  notify,
  useCan,
  useMutation,
  useQuery,
  useQueryClient,
  venueQueries,
  type Contact,
} from '@venuebook/sdk';
import { useState } from 'react';
import { LuArchiveRestore, LuArchiveX, LuMapPin, LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { formatDisplayDate } from '../events/event-values.ts';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { ContactBadges, ContactDetails, ContactName } from './contact-entry.tsx';
import { CONTACT_TEXT, contactDisplayName } from './contact-values.ts';

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
  const [purging, setPurging] = useState<Contact | null>(null);

  /** A contact came back or went for good: the contacts lists and its venue's contacts change. */
  const refresh = (contact: Contact) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactQueries.all }),
      queryClient.invalidateQueries({ queryKey: venueQueries.detail(contact.venueId).queryKey }),
    ]);

  const restore = useMutation({
    mutationFn: (contact: Contact) => api.contacts.restore(contact.id),
    onSuccess: async (_restored, contact) => {
      await refresh(contact);
      notify({ type: 'success', title: CONTACT_TEXT.restored(contactDisplayName(contact)) });
    },
    onError: (error) => notify({ type: 'error', title: CONTACT_TEXT.restoreFailed, description: errorMessage(error) }),
  });

  const purge = useMutation({
    mutationFn: (contact: Contact) => api.deletedContacts.purge(contact.id),
    onSuccess: async (_void, contact) => {
      await refresh(contact);
      setPurging(null);
      notify({ type: 'success', title: CONTACT_TEXT.purged(contactDisplayName(contact)) });
    },
    onError: (error) => {
      setPurging(null);
      notify({ type: 'error', title: CONTACT_TEXT.purgeFailed, description: errorMessage(error) });
    },
  });

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="5xl" mx="auto" w="full" data-testid="deleted-contacts-page">
      <Box>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          Deleted Contacts
        </Heading>
        <Text color="fg.muted" fontSize="sm" minH="5" data-testid="deleted-contact-total">
          {list.isPending || list.isError ? '' : `${count} deleted ${count === 1 ? 'contact' : 'contacts'} · grouped by venue`}
        </Text>
      </Box>

      {list.isPending ? (
        <Stack gap="3" data-testid="deleted-contacts-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h="24" rounded="l3" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Box role="alert" data-testid="deleted-contacts-error">
          <EmptyState icon={<LuTriangleAlert />} title="Could not load deleted contacts" description={errorMessage(list.error)}>
            <Button colorPalette="brand" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </EmptyState>
        </Box>
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
                    <Flex
                      as="li"
                      key={contact.id}
                      gap="3"
                      p="3"
                      borderWidth="1px"
                      rounded="l2"
                      justify="space-between"
                      align={{ base: 'stretch', md: 'center' }}
                      direction={{ base: 'column', md: 'row' }}
                      data-testid="deleted-contact-item"
                    >
                      <Stack gap="1" minW="0">
                        <Wrap gap="2" align="center">
                          <ContactName contact={contact} />
                          <ContactBadges contact={contact} />
                        </Wrap>
                        <ContactDetails contact={contact} />
                        <Text fontSize="xs" color="fg.muted" data-testid="deleted-contact-date">
                          Deleted {formatDisplayDate(contact.deletedAt)}
                        </Text>
                      </Stack>
                      <HStack gap="2" flexShrink="0">
                        {mayRestore ? (
                          <Button
                            variant="outline"
                            size="sm"
                            flex={{ base: '1', md: 'none' }}
                            onClick={() => restore.mutate(contact)}
                            loading={restore.isPending && restore.variables.id === contact.id}
                            data-testid="restore-contact"
                          >
                            <LuArchiveRestore /> Restore
                          </Button>
                        ) : null}
                        {mayPurge ? (
                          <Button colorPalette="red" size="sm" flex={{ base: '1', md: 'none' }} onClick={() => setPurging(contact)} data-testid="purge-contact">
                            <LuTrash2 /> Delete Permanently
                          </Button>
                        ) : null}
                      </HStack>
                    </Flex>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}

      <ConfirmDialog
        open={purging !== null}
        title="Delete Permanently"
        confirmLabel="Delete Permanently"
        busy={purge.isPending}
        onCancel={() => setPurging(null)}
        onConfirm={() => purging && purge.mutate(purging)}
        data-testid="purge-contact-dialog"
      >
        <Text wordBreak="break-word">Permanently delete &quot;{purging ? contactDisplayName(purging) : ''}&quot;? This cannot be undone.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
