import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { VenueInputParsed } from '@venuebook/domain';
import { BackLink, api, errorMessage, notify, useCan, useMutation, useQueryClient, venueQueries, type DuplicateCheckResult } from '@venuebook/sdk';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { DuplicateVenueDialog } from './venue-dialogs.tsx';
import { venueFormResolver, VenueFormFields } from './venue-form-fields.tsx';
import { canSave, duplicateCheckFailedText, emptyVenueForm, pathAfterCreate, type AfterCreate, type VenueFormValues } from './venue-form-rules.ts';

interface PendingCreate {
  input: VenueInputParsed;
  after: AfterCreate;
  result: DuplicateCheckResult;
}

/** Add New Venue (/add-venue, spec §2, §4 'Add venue flow'): users with edit rights; others are sent home. */
export function AddVenuePage() {
  const mayCreate = useCan('venue.create');
  if (!mayCreate) return <Navigate to="/" replace />;
  return <AddVenueForm />;
}

function AddVenueForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<VenueFormValues, unknown, VenueInputParsed>({ defaultValues: emptyVenueForm(), resolver: venueFormResolver });
  const [checking, setChecking] = useState<AfterCreate | null>(null);
  const [pending, setPending] = useState<PendingCreate | null>(null);
  const nameOk = canSave(useWatch({ control: form.control, name: 'name' }));

  const create = useMutation({
    mutationFn: ({ input }: { input: VenueInputParsed; after: AfterCreate }) => api.venues.create(input),
    onSuccess: (venue, { after }) => {
      void queryClient.invalidateQueries({ queryKey: venueQueries.lists() });
      queryClient.setQueryData(venueQueries.detail(venue.id).queryKey, venue);
      setPending(null);
      navigate(pathAfterCreate(after, venue.id));
    },
    onError: () => {
      setPending(null);
      notify({ type: 'error', title: 'Error', description: 'Failed to create venue. Please try again.' });
    },
  });

  /** Spec §4: submit checks duplicates first; a match opens the dialog, a failed check is shown and creation goes on. */
  const submit = (after: AfterCreate) =>
    form.handleSubmit(async (input) => {
      setChecking(after);
      let result: DuplicateCheckResult | null = null;
      try {
        result = await api.venues.checkDuplicates({ name: input.name, leagues: input.leagues });
      } catch (error) {
        notify({ type: 'error', title: 'Duplicate Check Failed', description: duplicateCheckFailedText(errorMessage(error)) });
      } finally {
        setChecking(null);
      }
      if (result?.duplicateFound && result.similarVenues.length > 0) {
        setPending({ input, after, result });
        return;
      }
      create.mutate({ input, after });
    });

  const busy = checking !== null || create.isPending;

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="4xl" mx="auto" w="full" data-testid="add-venue-page">
      <Box>
        <BackLink to="/" label="Back to venues" />
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          Add New Venue
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Fields marked * are required.
        </Text>
      </Box>

      <form
        noValidate
        onSubmit={(event) => {
          // Enter in a field: 'Save & Close'.
          void submit('close')(event);
        }}
      >
        <Stack gap={{ base: '4', md: '6' }}>
          <VenueFormFields form={form} mode="add" />
          <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }} data-testid="add-venue-actions">
            <Button variant="outline" onClick={() => navigate('/')} disabled={busy} data-testid="venue-cancel">
              Cancel
            </Button>
            <Button
              type="submit"
              variant="outline"
              colorPalette="brand"
              disabled={!nameOk || busy}
              loading={checking === 'close' || (create.isPending && create.variables.after === 'close')}
              data-testid="venue-save-close"
            >
              Save &amp; Close
            </Button>
            <Button
              colorPalette="brand"
              disabled={!nameOk || busy}
              loading={checking === 'data-entry' || (create.isPending && create.variables.after === 'data-entry')}
              onClick={(event) => void submit('data-entry')(event)}
              data-testid="venue-continue"
            >
              Continue to Data Entry
            </Button>
          </Flex>
        </Stack>
      </form>

      <DuplicateVenueDialog
        result={pending?.result ?? null}
        creating={create.isPending}
        onReview={() => {
          setPending(null);
          form.setFocus('name');
        }}
        onCreateAnyway={() => {
          if (pending && !pending.result.exactMatch) create.mutate({ input: pending.input, after: pending.after });
        }}
      />
    </Stack>
  );
}
