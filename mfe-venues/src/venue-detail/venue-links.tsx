import { Alert, Box, Button, Flex, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, FormField, notify, safeHttpHref, useMutation, useQueryClient, venueQueries, type Venue } from '@venuebook/sdk';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { LuExternalLink, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { cleanLinkRows, linkRowsOf, linksErrorMessages, linksFormSchema, type LinksFormValues } from './venue-detail-rules.ts';

/** The venue's links as buttons, and for users who may edit links (spec §6) the links editor (spec §5). */
export function VenueLinks({ venue, canEdit }: { venue: Venue; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing && canEdit) return <LinksEditor venue={venue} onDone={() => setEditing(false)} />;
  return (
    <Stack gap="3">
      {venue.links.length > 0 ? (
        <Wrap gap="2" data-testid="venue-links">
          {venue.links.map((link, i) => {
            const href = safeHttpHref(link.url);
            return href ? (
              <Button key={i} asChild size="sm" variant="outline" colorPalette="brand" maxW="full">
                <a href={href} target="_blank" rel="noopener noreferrer" data-testid="venue-link" title={href}>
                  <Text as="span" truncate>
                    {link.displayText}
                  </Text>
                  <LuExternalLink />
                </a>
              </Button>
            ) : (
              <Text key={i} data-testid="venue-link">
                {link.displayText}
              </Text>
            );
          })}
        </Wrap>
      ) : (
        <Text color="fg.subtle" data-testid="links-empty">
          No links added yet
        </Text>
      )}
      {canEdit ? (
        <Box>
          <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => setEditing(true)} data-testid="links-edit">
            <LuPencil /> Edit Links
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function LinksEditor({ venue, onDone }: { venue: Venue; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<LinksFormValues>({ defaultValues: { links: linkRowsOf(venue.links) }, resolver: zodResolver(linksFormSchema) });
  const rows = useFieldArray({ control: form.control, name: 'links' });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const errors = form.formState.errors.links;

  const save = useMutation({
    mutationFn: (values: LinksFormValues) => api.venues.updateLinks(venue.id, cleanLinkRows(values.links)),
    onSuccess: (updated) => {
      queryClient.setQueryData(venueQueries.detail(updated.id).queryKey, updated);
      notify({ type: 'success', title: 'Links updated successfully' });
      onDone();
    },
    onError: (error) => {
      const messages = linksErrorMessages(error);
      setServerErrors(messages);
      notify({ type: 'error', title: 'Failed to update links', description: messages.join(' ') || undefined });
    },
  });

  return (
    <form
      noValidate
      data-testid="links-editor"
      onSubmit={(event) => {
        setServerErrors([]);
        void form.handleSubmit((values) => save.mutate(values))(event);
      }}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Rows without display text or URL are left out when saved.
        </Text>
        {rows.fields.map((row, index) => (
          <Flex
            key={row.id}
            gap="2"
            align="start"
            direction={{ base: 'column', sm: 'row' }}
            borderBottomWidth={{ base: '1px', sm: '0' }}
            pb={{ base: '3', sm: '0' }}
            data-testid="link-row"
          >
            <Box flex="1" w="full">
              <FormField label="Display Text" error={errors?.[index]?.displayText}>
                <Input {...form.register(`links.${index}.displayText`)} placeholder="e.g. Venue site map" data-testid="link-text" />
              </FormField>
            </Box>
            <Box flex="2" w="full">
              <FormField label="URL" error={errors?.[index]?.url} errorTestId="link-url-error">
                <Input {...form.register(`links.${index}.url`)} placeholder="https://" inputMode="url" data-testid="link-url" />
              </FormField>
            </Box>
            <IconButton
              aria-label="Remove link"
              variant="ghost"
              colorPalette="red"
              mt={{ base: '0', sm: '6' }}
              alignSelf={{ base: 'flex-end', sm: 'auto' }}
              onClick={() => rows.remove(index)}
              data-testid="link-remove"
            >
              <LuTrash2 />
            </IconButton>
          </Flex>
        ))}
        <Box>
          <Button size="sm" variant="outline" onClick={() => rows.append({ displayText: '', url: '' })} data-testid="link-add">
            <LuPlus /> Add Link
          </Button>
        </Box>
        {serverErrors.length > 0 ? (
          <Alert.Root status="error" data-testid="links-server-error">
            <Alert.Indicator />
            <Alert.Title>{serverErrors.join(' ')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Flex gap="2" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={onDone} disabled={save.isPending} data-testid="links-cancel">
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="links-save">
            Save Links
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
