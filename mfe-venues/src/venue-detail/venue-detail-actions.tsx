import { Button, Flex } from '@chakra-ui/react';
import { LuCalendar, LuDatabase, LuFileText, LuImage, LuPencil, LuPrinter, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

export interface VenueDetailActionsProps {
  venueId: string;
  /** Add Venue Data and Edit Venue Info (venue.edit). */
  canEdit: boolean;
  /** Delete Venue (venue.delete). */
  canDelete: boolean;
  onPrint: () => void;
  onDelete: () => void;
}

/** The venue's buttons: its data, edit, documents, photos, events, the report, and Delete Venue. */
export function VenueDetailActions({ venueId, canEdit, canDelete, onPrint, onDelete }: VenueDetailActionsProps) {
  const base = `/venue/${encodeURIComponent(venueId)}`;
  return (
    <Flex gap="2" wrap="wrap" data-testid="venue-actions">
      {canEdit ? (
        <>
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to={`${base}/department`} data-testid="venue-add-data">
              <LuDatabase /> Add Venue Data
            </RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={`${base}/edit`} data-testid="venue-edit">
              <LuPencil /> Edit Venue Info
            </RouterLink>
          </Button>
        </>
      ) : null}
      <Button asChild size="sm" variant="outline">
        <RouterLink to={`${base}/documents`} data-testid="venue-documents">
          <LuFileText /> Documents
        </RouterLink>
      </Button>
      <Button asChild size="sm" variant="outline">
        <RouterLink to={`${base}/photos`} data-testid="venue-photos">
          <LuImage /> Photos
        </RouterLink>
      </Button>
      <Button asChild size="sm" variant="outline">
        <RouterLink to={`${base}/events`} data-testid="venue-events">
          <LuCalendar /> Events
        </RouterLink>
      </Button>
      {/* Spec §2: the report page on small screens, the browser's print dialog (print or save as PDF) on large ones. */}
      <Button asChild size="sm" variant="outline" hideFrom="md">
        <RouterLink to={`${base}/report`} data-testid="venue-report-link">
          <LuFileText /> Report
        </RouterLink>
      </Button>
      <Button size="sm" variant="outline" hideBelow="md" onClick={onPrint} data-testid="venue-print">
        <LuPrinter /> Print Report / Save PDF
      </Button>
      {canDelete ? (
        <Button size="sm" variant="outline" colorPalette="red" ms={{ md: 'auto' }} onClick={onDelete} data-testid="venue-delete">
          <LuTrash2 /> Delete Venue
        </Button>
      ) : null}
    </Flex>
  );
}
