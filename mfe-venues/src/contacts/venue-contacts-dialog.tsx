import { Box, Button, Heading, HStack, IconButton, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ContactInputParsed } from '@venuebook/domain';
import { api, contactQueries, errorMessage, notify, useCan, useMutation, useQuery, useQueryClient, type Contact, type Venue } from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { LuPencil, LuUsers } from 'react-icons/lu';
import { PanelDialog, PanelSections } from '@venuebook/sdk';
import { ContactItem, ContactSummary } from './contact-entry.tsx';
import { ContactForm } from './contact-form.tsx';
import { refreshContactQueries } from './contact-refresh.ts';
import { DeleteContactButton, DeleteContactDialog } from './delete-contact-dialog.tsx';
import { additionalContacts, CONTACT_TEXT, contactDisplayName } from './contact-rules.ts';

export interface VenueContactsButtonProps {
  venue: Pick<Venue, 'id' | 'name'>;
}

/**
 * 'Venue Contacts' ('Contacts' on small screens) and its dialog (spec §2 'Venue Contacts dialog', §4 'Contacts
 * dialog form'): the add/edit form and the venue's additional contacts. Mounted by the venue detail page.
 */
export function VenueContactsButton({ venue }: VenueContactsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="venue-contacts-button">
        <LuUsers aria-hidden />
        <Box as="span" hideBelow="md">
          Venue Contacts
        </Box>
        <Box as="span" hideFrom="md">
          Contacts
        </Box>
      </Button>
      {open ? <VenueContactsDialog venue={venue} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The dialog, mounted while open: closing unmounts it, which resets the form, edit mode and custom-tag mode. */
function VenueContactsDialog({ venue, onClose }: { venue: VenueContactsButtonProps['venue']; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mayCreate = useCan('contact.create');
  const mayEdit = useCan('contact.edit');
  const mayDelete = useCan('contact.delete');
  const mayCustomTag = useCan('contact.custom_tag');
  const contacts = useQuery(contactQueries.forVenue(venue.id));
  const tags = useQuery(contactQueries.tags());
  const listed = useMemo(() => additionalContacts(contacts.data?.items ?? []), [contacts.data]);
  const detailsHidden = listed.some((contact) => contact.detailsHidden);

  const [editing, setEditing] = useState<Contact | null>(null);
  /** A new key remounts the form: empty again, custom-tag mode off. */
  const [formKey, setFormKey] = useState(0);
  const resetForm = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const [deleting, setDeleting] = useState<Contact | null>(null);

  /** The venue (its main contact copy and its contacts) and the all-contacts lists change after a write. */
  const refresh = () => refreshContactQueries(queryClient, venue.id);

  const save = useMutation({
    mutationFn: ({ input, contact }: { input: ContactInputParsed; contact: Contact | null }) =>
      contact ? api.contacts.update(contact.id, input) : api.contacts.create(venue.id, input),
    onSuccess: async (_saved, { contact }) => {
      // The form is done at once: the user may edit another contact while the lists are read again (resetting after
      // the refresh undid an Edit clicked meanwhile). The toast comes when the list shows the change.
      resetForm();
      await refresh();
      notify({ type: 'success', title: contact ? CONTACT_TEXT.updated : CONTACT_TEXT.added });
    },
    onError: (error, { contact }) =>
      notify({ type: 'error', title: contact ? CONTACT_TEXT.updateFailed : CONTACT_TEXT.addFailed, description: errorMessage(error) }),
  });

  const remove = useMutation({
    mutationFn: (contact: Contact) => api.contacts.delete(contact.id),
    onSuccess: async (_void, contact) => {
      await refresh();
      setDeleting(null);
      if (editing?.id === contact.id) resetForm();
      notify({ type: 'success', title: CONTACT_TEXT.deleted });
    },
    onError: (error) => {
      setDeleting(null);
      notify({ type: 'error', title: CONTACT_TEXT.deleteFailed, description: errorMessage(error) });
    },
  });

  const showForm = mayCreate || (mayEdit && editing !== null);
  const readOnly = !mayCreate && !mayEdit && !mayDelete;

  return (
    <>
      <PanelDialog open onDismiss={onClose} busy={save.isPending} from="md" size="lg" scrollInside testId="venue-contacts-dialog">
        <PanelSections title={`Venue Contacts - ${venue.name}`} closeTestId="venue-contacts-close">
          <Stack gap="5">
            {showForm ? (
              <Box borderWidth="1px" rounded="l3" p={{ base: '3', md: '4' }} bg="bg.subtle">
                <Heading as="h3" size="sm" mb="3">
                  {editing ? 'Edit Contact' : 'Add Contact'}
                </Heading>
                <ContactForm
                  key={formKey}
                  editing={editing}
                  tags={tags.data ?? []}
                  mayCustomTag={mayCustomTag}
                  saving={save.isPending}
                  onSave={(input) => save.mutate({ input, contact: editing })}
                  onCancel={resetForm}
                />
              </Box>
            ) : null}
            {readOnly ? (
              <Text fontSize="sm" color="fg.muted" data-testid="contacts-read-only">
                {detailsHidden
                  ? 'Contact details are hidden for your role, and contacts can only be changed by editors.'
                  : 'Contacts can only be changed by editors.'}
              </Text>
            ) : null}
            <Separator />
            <Stack gap="3">
              <Heading as="h3" size="md">
                Additional Contacts
              </Heading>
              {contacts.isPending ? (
                <Stack gap="2" data-testid="contacts-loading">
                  <Text fontSize="sm" color="fg.muted">
                    {CONTACT_TEXT.loading}
                  </Text>
                  <Skeleton h="16" rounded="l2" />
                </Stack>
              ) : contacts.isError ? (
                <Stack gap="2" role="alert" align="start">
                  <Text fontSize="sm" color="fg.error">
                    {errorMessage(contacts.error)}
                  </Text>
                  <Button size="sm" variant="outline" onClick={() => void contacts.refetch()}>
                    Retry
                  </Button>
                </Stack>
              ) : listed.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" data-testid="contacts-empty">
                  {CONTACT_TEXT.noAdditional}
                </Text>
              ) : (
                <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" data-testid="contact-list">
                  {listed.map((contact) => (
                    <ContactItem key={contact.id} align="start" bg={editing?.id === contact.id ? 'brand.subtle' : undefined} data-testid="contact-item">
                      <ContactSummary contact={contact} />
                      {mayEdit || mayDelete ? (
                        <HStack gap="1" flexShrink="0">
                          {mayEdit ? (
                            <IconButton
                              size="sm"
                              variant="ghost"
                              aria-label={`Edit ${contactDisplayName(contact)}`}
                              onClick={() => {
                                setEditing(contact);
                                setFormKey((k) => k + 1);
                              }}
                              data-testid="contact-edit"
                            >
                              <LuPencil />
                            </IconButton>
                          ) : null}
                          {mayDelete ? <DeleteContactButton contact={contact} onClick={() => setDeleting(contact)} testId="contact-delete" /> : null}
                        </HStack>
                      ) : null}
                    </ContactItem>
                  ))}
                </Stack>
              )}
            </Stack>
          </Stack>
        </PanelSections>
      </PanelDialog>
      <DeleteContactDialog
        contact={deleting}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
