import { Button, Field, Input, Portal, Stack, Textarea } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { venueEventInputSchema, type VenueEventInputParsed } from '@venuebook/proto/domain';
import { FormField, type VenueEvent } from '@venuebook/sdk';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { canSubmitEvent, emptyEventForm, eventToFormValues, type EventFormValues } from './event-values.ts';

/** The shared event rules (the API's own schema and its §5 messages) as the form's resolver. */
const eventFormResolver = zodResolver(venueEventInputSchema) as unknown as Resolver<EventFormValues, unknown, VenueEventInputParsed>;

/** Spec §9: text areas 3 rows high, 6 from 1024 px (as minimum heights, padding included). */
const TEXTAREA_MIN_H = { base: '5rem', lg: '9rem' };

export interface EventFormDialogProps {
  /** Open: null for a new event, or the event to edit; closed: undefined. */
  event: VenueEvent | null | undefined;
  saving: boolean;
  onSave: (input: VenueEventInputParsed) => void;
  onClose: () => void;
}

/** New or edit event (spec §2 'Events', §5 'Event name'): name (required), date, description. */
export function EventFormDialog({ event, saving, onSave, onClose }: EventFormDialogProps) {
  const open = event !== undefined;
  const form = useForm<EventFormValues, unknown, VenueEventInputParsed>({ defaultValues: emptyEventForm(), resolver: eventFormResolver });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const nameOk = canSubmitEvent(useWatch({ control: form.control, name: 'name' }));

  // Each opening starts from the event (or empty).
  useEffect(() => {
    if (open) reset(event ? eventToFormValues(event) : emptyEventForm());
  }, [open, event, reset]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !saving) onClose();
      }}
      placement="center"
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-testid="event-name"]')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="event-form-dialog" mx="4">
            <form noValidate onSubmit={(e) => void form.handleSubmit(onSave)(e)}>
              <Dialog.Header>
                <Dialog.Title>{event ? 'Edit Event' : 'New Event'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormField
                    label={
                      <>
                        Event Name <Field.RequiredIndicator />
                      </>
                    }
                    required
                    error={errors.name}
                    errorTestId="event-name-error"
                  >
                    <Input {...register('name')} placeholder="e.g. Championship Finals" autoComplete="off" data-testid="event-name" />
                  </FormField>
                  <FormField label="Event Date" error={errors.eventDate} errorTestId="event-date-error">
                    <Input type="date" {...register('eventDate')} data-testid="event-date" />
                  </FormField>
                  <FormField label="Description" error={errors.description}>
                    <Textarea {...register('description')} minH={TEXTAREA_MIN_H} placeholder="Optional details" data-testid="event-description" />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="2">
                <Button variant="outline" onClick={onClose} disabled={saving} data-testid="event-cancel">
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" disabled={!nameOk} loading={saving} data-testid="event-save">
                  {event ? 'Save Changes' : 'Create Event'}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
