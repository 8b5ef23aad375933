import { contactQueries, errorMessage, useQuery } from '@venuebook/sdk';
import { useState } from 'react';
import type { ReportContacts } from './venue-report.tsx';

/** A venue's contacts for the report, as the report shows their state. */
export function useReportContacts(venueId: string): ReportContacts {
  const contacts = useQuery(contactQueries.forVenue(venueId));
  if (contacts.isPending) return { state: 'loading' };
  if (contacts.isError) return { state: 'error', message: errorMessage(contacts.error) };
  return { state: 'ready', items: contacts.data.items };
}

/** The report's generation date, and printing it (the browser's print dialog: print or save as PDF) dated now. */
export function useReportPrint() {
  const [generatedAt, setGeneratedAt] = useState(() => new Date());
  const print = () => {
    setGeneratedAt(new Date());
    // After React has rendered the new generation date into the print copy.
    requestAnimationFrame(() => window.print());
  };
  return { generatedAt, print };
}
