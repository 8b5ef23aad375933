import { Button, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { venueEventInputSchema, type VenueEventInputParsed } from '@venuebook/domain';
import { DialogShell, FormField, RequiredFormField, TEXTAREA_MIN_H, type VenueEvent } from '@venuebook/sdk';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { canSubmitEvent, emptyEventForm, eventToFormValues, type EventFormValues } from './event-rules.ts';

/** The shared event rules (the API's own schema and its §5 messages) as the form's resolver. */
const eventFormResolver = zodResolver(venueEventInputSchema) as unknown as Resolver<EventFormValues, unknown, VenueEventInputParsed>;

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
    <DialogShell
      open={open}
      onDismiss={onClose}
      busy={saving}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-testid="event-name"]')}
      title={event ? 'Edit Event' : 'New Event'}
      testId="event-form-dialog"
      onSubmit={(e) => void form.handleSubmit(onSave)(e)}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving} data-testid="event-cancel">
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" disabled={!nameOk} loading={saving} data-testid="event-save">
            {event ? 'Save Changes' : 'Create Event'}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <RequiredFormField label="Event Name" error={errors.name} errorTestId="event-name-error">
          <Input {...register('name')} placeholder="e.g. Championship Finals" autoComplete="off" data-testid="event-name" />
        </RequiredFormField>
        <FormField label="Event Date" error={errors.eventDate} errorTestId="event-date-error">
          <Input type="date" {...register('eventDate')} data-testid="event-date" />
        </FormField>
        <FormField label="Description" error={errors.description}>
          <Textarea {...register('description')} minH={TEXTAREA_MIN_H} placeholder="Optional details" data-testid="event-description" />
        </FormField>
      </Stack>
    </DialogShell>
  );
}
