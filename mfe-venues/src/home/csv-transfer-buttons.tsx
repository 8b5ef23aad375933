// The home page's 'Export' (everyone: the list as filtered and sorted, as CSV) and 'Import' (users who may create
// venues or contacts: the import dialog, loaded on first use) buttons.
import { Button, HStack } from '@chakra-ui/react';
import { api, errorMessage, notify, useCan } from '@venuebook/sdk';
import type { CsvImportKind } from '@venuebook/sdk';
import { lazy, Suspense, useState } from 'react';
import { LuDownload, LuUpload } from 'react-icons/lu';
import { toListFilter, type HomeQuery } from './home-query.ts';

const CsvImportDialog = lazy(() => import(/* webpackChunkName: "csv-import" */ './csv-import-dialog.tsx').then((m) => ({ default: m.CsvImportDialog })));

/** Saves text as a file through a temporary object URL (the export needs the bearer token, so no plain link). */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CsvTransferButtons({ query }: { query: HomeQuery }) {
  const mayImportVenues = useCan('venue.create');
  const mayImportContacts = useCan('contact.create');
  const kinds: CsvImportKind[] = [...(mayImportVenues ? ['venues' as const] : []), ...(mayImportContacts ? ['contacts' as const] : [])];
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const exportList = async () => {
    setExporting(true);
    try {
      const { pageSize: _pageSize, ...filter } = toListFilter(query);
      const csv = await api.venues.exportCsv(filter);
      download(csv, `venues-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify({ type: 'error', title: 'Export failed', description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <HStack gap="2">
      <Button variant="outline" size={{ base: 'sm', md: 'md' }} onClick={() => void exportList()} loading={exporting} data-testid="export-venues">
        <LuDownload /> Export
      </Button>
      {kinds.length > 0 ? (
        <Button variant="outline" size={{ base: 'sm', md: 'md' }} onClick={() => setImporting(true)} data-testid="import-open">
          <LuUpload /> Import
        </Button>
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <CsvImportDialog open={importing} onClose={() => setImporting(false)} kinds={kinds} />
        </Suspense>
      ) : null}
    </HStack>
  );
}
