import { Box, Button, Card, Heading, Input, SimpleGrid, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { FormField, LEAGUES, RequiredFormField, TEXTAREA_MIN_H, VENUE_TYPES } from '@venuebook/sdk';
import type { KeyboardEvent, ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { venueInputSchema, type VenueInputParsed } from '@venuebook/domain';
import { Controller, type Resolver, type UseFormReturn } from 'react-hook-form';
import { PhoneInput } from '../shared/form-fields.tsx';
import { phoneAsTyped, toggled, type VenueFormValues } from './venue-form-rules.ts';

export type VenueForm = UseFormReturn<VenueFormValues, unknown, VenueInputParsed>;

/**
 * The shared venue rules (the API's own `venueInputSchema`, with its §5 messages) as the forms' resolver. The
 * form always holds every field, a narrower type than the schema's input (where all but the name are optional).
 */
export const venueFormResolver = zodResolver(venueInputSchema) as unknown as Resolver<VenueFormValues, unknown, VenueInputParsed>;

/**
 * Spec §9: the Tab key inserts 2 spaces in text areas — here in General Venue Notes, whose indented lines are
 * bullets by indent (§9); the address and delivery fields keep Tab for moving through the form. Shift+Tab still
 * moves the focus. The input event lets react-hook-form see the change.
 */
function insertSpacesOnTab(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const area = event.currentTarget;
  area.setRangeText('  ', area.selectionStart, area.selectionEnd, 'end');
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Spec §9: the venue types list scrolls at 24rem. */
export const VENUE_TYPES_MAX_HEIGHT = '24rem';

/**
 * Every field of the add and edit venue forms (spec §2), in cards: venue information, main venue contact, venue
 * types and applicable leagues. The edit form adds General Venue Notes.
 */
export function VenueFormFields({ form, mode }: { form: VenueForm; mode: 'add' | 'edit' }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Section title="Venue Information">
        <RequiredFormField label="Venue Name" error={errors.name} errorTestId="venue-name-error">
          <Input {...register('name')} placeholder="Enter venue name" autoComplete="off" data-testid="venue-name" />
        </RequiredFormField>
        <FormField label="Country" error={errors.country}>
          <Input {...register('country')} autoComplete="country-name" data-testid="venue-country" />
        </FormField>
        <FormField label="Address" error={errors.address}>
          <Textarea {...register('address')} placeholder={'Street address\nCity, State ZIP'} minH={TEXTAREA_MIN_H} data-testid="venue-address" />
        </FormField>
        <FormField label="Display City As" error={errors.displayCityAs} helperText="Shown instead of the city from the address">
          <Input {...register('displayCityAs')} placeholder="e.g. Denver" data-testid="venue-display-city" />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Deliveries Address" error={errors.deliveryAddress}>
            <Textarea {...register('deliveryAddress')} minH={TEXTAREA_MIN_H} data-testid="venue-delivery-address" />
          </FormField>
          <FormField label="Delivery Notes" error={errors.deliveryNotes}>
            <Textarea {...register('deliveryNotes')} minH={TEXTAREA_MIN_H} data-testid="venue-delivery-notes" />
          </FormField>
        </SimpleGrid>
        <FormField label="Website" error={errors.website} errorTestId="venue-website-error">
          <Input {...register('website')} type="text" inputMode="url" placeholder="https://example.com" data-testid="venue-website" />
        </FormField>
        {mode === 'edit' ? (
          <FormField label="General Venue Notes" error={errors.generalNotes} helperText="High level notes or thoughts about the venue">
            <Textarea {...register('generalNotes')} minH={TEXTAREA_MIN_H} onKeyDown={insertSpacesOnTab} data-testid="venue-general-notes" />
          </FormField>
        ) : null}
      </Section>

      <Section title="Main Venue Contact">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Name" error={errors.contactName}>
            <Input {...register('contactName')} autoComplete="off" data-testid="venue-contact-name" />
          </FormField>
          <FormField label="Title / Position" error={errors.contactTitle}>
            <Input {...register('contactTitle')} autoComplete="off" data-testid="venue-contact-title" />
          </FormField>
          <FormField label="Phone" error={errors.contactPhone}>
            {/* From the digits typed, at most 15. */}
            <PhoneInput registration={register('contactPhone')} format={phoneAsTyped} testId="venue-contact-phone" />
          </FormField>
          <FormField label="E-mail" error={errors.contactEmail}>
            <Input {...register('contactEmail')} type="email" autoComplete="off" data-testid="venue-contact-email" />
          </FormField>
        </SimpleGrid>
      </Section>

      <Section title="Venue Types">
        <Controller
          control={control}
          name="venueTypes"
          render={({ field }) => (
            <Box
              maxH={VENUE_TYPES_MAX_HEIGHT}
              overflowY="auto"
              borderWidth="1px"
              rounded="l2"
              p="3"
              role="group"
              aria-label="Venue Types"
              data-testid="venue-types"
            >
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gapX="4" gapY="2.5">
                {VENUE_TYPES.map((type) => (
                  <Checkbox.Root
                    key={type}
                    checked={field.value.includes(type)}
                    onCheckedChange={() => field.onChange(toggled(field.value, type))}
                    colorPalette="brand"
                    data-testid={`venue-type-${type}`}
                  >
                    <Checkbox.HiddenInput onBlur={field.onBlur} />
                    <Checkbox.Control />
                    <Checkbox.Label>{type}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            </Box>
          )}
        />
      </Section>

      <Section title="Applicable Leagues">
        <Controller
          control={control}
          name="leagues"
          render={({ field }) => (
            <Wrap gap="2" role="group" aria-label="Applicable Leagues" data-testid="venue-leagues">
              {LEAGUES.map((league) => {
                const active = field.value.includes(league.value);
                return (
                  <Button
                    key={league.value}
                    size="sm"
                    rounded="full"
                    minW="16"
                    variant={active ? 'solid' : 'outline'}
                    colorPalette={league.color}
                    bg={active ? undefined : 'bg'}
                    aria-pressed={active}
                    title={league.value === league.label ? league.label : `${league.label} (${league.value})`}
                    data-testid={`venue-league-${league.label}`}
                    onClick={() => field.onChange(toggled(field.value, league.value))}
                  >
                    {league.label}
                  </Button>
                );
              })}
            </Wrap>
          )}
        />
        <Text fontSize="sm" color="fg.muted">
          Leagues this venue is used for; the duplicate check compares venues that share a league.
        </Text>
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size={{ base: 'sm', md: 'md' }}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="4">{children}</Card.Body>
    </Card.Root>
  );
}
