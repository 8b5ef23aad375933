// CSV export answers: the header row and the first slice are read before the answer starts (so a
// refusal is still a JSON error with its status), then the rest is streamed slice by slice with backpressure.
import type { FastifyReply } from 'fastify';
import { can, csvColumnsFor, isRole } from '@venuebook/domain';
import type { CsvColumn } from '@venuebook/domain';
import { csvWriter } from './csv.ts';

/** One slice of the list and where the next starts (done when `next` is null). */
export interface ExportSlice<T> {
  items: readonly T[];
  next: number | null;
}

/** Today's date for the file name, e.g. venues-2026-11-23.csv. */
function fileName(what: string): string {
  return `${what}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams `read(offset)` slices as CSV. The contact-detail columns are left out for a `role` that may not see
 * contact details (their cells are withheld by the service anyway).
 */
export async function sendCsvExport<T>(
  reply: FastifyReply,
  options: { what: string; columns: readonly CsvColumn<T>[]; role: string | undefined; read: (offset: number) => Promise<ExportSlice<T>> },
): Promise<FastifyReply> {
  const columns = csvColumnsFor(options.columns, !can(isRole(options.role) ? options.role : undefined, 'contact.view_details'));
  const first = await options.read(0);
  const writer = csvWriter(columns.map((column) => column.header));
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName(options.what)}"`)
    .header('cache-control', 'no-store');
  const pump = async (): Promise<void> => {
    let slice = first;
    for (;;) {
      for (const item of slice.items) {
        if (!writer.write(columns.map((column) => column.value(item)))) await new Promise((resolve) => writer.once('drain', resolve));
        if (writer.destroyed) return;
      }
      if (slice.next === null) break;
      slice = await options.read(slice.next);
    }
    writer.end();
  };
  pump().catch((error: unknown) => {
    reply.log.error({ err: error }, 'CSV export failed midway');
    writer.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(writer);
}
