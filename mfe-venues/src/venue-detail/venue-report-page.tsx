import { BackLink } from '@venuebook/sdk';
import { Box, Button, Flex } from '@chakra-ui/react';
import { LuPrinter } from 'react-icons/lu';
import { VenuePageFrame } from '../shared/venue-page-frame.tsx';
import { useReportContacts, useReportPrint } from './use-venue-report.ts';
import { PrintReport, VenueReport } from './venue-report.tsx';
import type { Venue } from '@venuebook/sdk';

/** The venue's report as a page (/venue/{venueId}/report; spec §2: the detail page's 'Report' on small screens). */
export function VenueReportPage() {
  return <VenuePageFrame>{(venue) => <ReportPage venue={venue} />}</VenuePageFrame>;
}

function ReportPage({ venue }: { venue: Venue }) {
  const contacts = useReportContacts(venue.id);
  const { generatedAt, print } = useReportPrint();
  const origin = window.location.origin;
  return (
    <Box maxW="4xl" mx="auto" w="full" data-testid="venue-report-page">
      <Flex justify="space-between" align="center" gap="2" mb="4" wrap="wrap">
        <BackLink to={`/venue/${encodeURIComponent(venue.id)}`} label="Back to venue" testId="report-back" />
        <Button size="sm" variant="outline" onClick={print} data-testid="report-print">
          <LuPrinter /> Print / Save PDF
        </Button>
      </Flex>
      <VenueReport venue={venue} contacts={contacts} generatedAt={generatedAt} origin={origin} />
      <PrintReport venue={venue} contacts={contacts} generatedAt={generatedAt} origin={origin} />
    </Box>
  );
}
