import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { VenueInputParsed } from '@venuebook/domain';
import { BackLink, api, notify, useCan, useMutation, useQueryClient, useUnsavedChangesGuard, venueQueries, type Venue } from '@venuebook/sdk';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { VenuePageFrame } from '../shared/venue-page-frame.tsx';
import { UnsavedChangesDialog } from './venue-dialogs.tsx';
import { venueFormResolver, VenueFormFields } from './venue-form-fields.tsx';
import { canSave, updateFailedText, venueToFormValues, venueUpdateBody, type VenueFormValues } from './venue-form-rules.ts';

/** Edit venue (/venue/{venueId}/edit, spec §2, §4 'Edit venue form'): users with edit rights; others are sent home. */
export function EditVenuePage() {
  const mayEdit = useCan('venue.edit');

  if (!mayEdit) return <Navigate to="/" replace />;
  // The form's default values are the venue as first loaded (what 'unsaved' compares against); a refetch while
  // editing keeps the user's edits.
  return <VenuePageFrame>{(venue) => <EditVenueForm key={venue.id} venue={venue} />}</VenuePageFrame>;
}

function EditVenueForm({ venue }: { venue: Venue }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<VenueFormValues, unknown, VenueInputParsed>({ defaultValues: venueToFormValues(venue), resolver: venueFormResolver });
  const { isDirty } = form.formState;
  const nameOk = canSave(useWatch({ control: form.control, name: 'name' }));
  const detailPath = `/venue/${encodeURIComponent(venue.id)}`;
  // Spec §4: unsaved changes are guarded against leaving the page in the app and closing the tab.
  const guard = useUnsavedChangesGuard(isDirty);

  const save = useMutation({
    mutationFn: (input: VenueInputParsed) => api.venues.update(venue.id, venueUpdateBody(input, venue)),
    onSuccess: (updated) => {
      queryClient.setQueryData(venueQueries.detail(updated.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: venueQueries.lists() });
      guard.release();
      navigate(detailPath);
    },
    onError: (error) => {
      notify({ type: 'error', title: 'Error', description: updateFailedText(error instanceof Error ? error.message : undefined) });
    },
  });

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="4xl" mx="auto" w="full" data-testid="edit-venue-page">
      <Box>
        <BackLink to={detailPath} label="Back to venue" />
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word">
          Edit Venue
        </Heading>
        <Text color="fg.muted" fontSize="sm" wordBreak="break-word">
          {venue.name}
        </Text>
      </Box>

      <form noValidate onSubmit={(event) => void form.handleSubmit((input) => save.mutate(input))(event)}>
        <Stack gap={{ base: '4', md: '6' }}>
          <VenueFormFields form={form} mode="edit" />
          <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }} data-testid="edit-venue-actions">
            <Button variant="outline" onClick={() => navigate(detailPath)} disabled={save.isPending} data-testid="venue-cancel">
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" disabled={!isDirty || !nameOk} loading={save.isPending} data-testid="venue-save">
              Save Changes
            </Button>
          </Flex>
        </Stack>
      </form>

      <UnsavedChangesDialog open={guard.blocked} onStay={guard.reset} onLeave={guard.proceed} />
    </Stack>
  );
}
