import { linksInputSchema, noteBulletStyle, type Contact, type Link, type NoteBulletStyle, type Venue } from '@venuebook/domain';
import { format } from 'date-fns';
import { z } from 'zod';

/** Spec §9: dates are shown as 'MMM d, yyyy' (date-fns tokens), in the browser's time zone; '' for a bad value. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

/** A maps search for a (multi-line) address: its lines joined by commas. */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim().replace(/\s*\n\s*/g, ', '))}`;
}

// ---- General venue notes (spec §2 'bulleted by indent', §9 bullet styles) ------------------------------

export interface NoteLine {
  /** Leading white space in spaces (a tab counts as 2, what the Tab key inserts in the notes field). */
  indent: number;
  /** The line without its indent and without a typed bullet ('-', '*', '•' and a space). */
  text: string;
  bullet: NoteBulletStyle;
}

const TYPED_BULLET = /^[-*•]\s+/;

/**
 * The notes as bullet lines: one per non-blank line, with its indent and the §9 bullet style of that indent
 * (0 round, up to 3 square, up to 5 hollow, more diamond). A bullet the user typed is dropped: the list draws its own.
 */
export function parseNoteLines(notes: string): NoteLine[] {
  const lines: NoteLine[] = [];
  for (const raw of notes.replace(/\r\n?/g, '\n').split('\n')) {
    if (!raw.trim()) continue;
    const lead = /^[ \t]*/.exec(raw)?.[0] ?? '';
    const indent = [...lead].reduce((n, ch) => n + (ch === '\t' ? 2 : 1), 0);
    const text = raw.slice(lead.length).trimEnd().replace(TYPED_BULLET, '');
    lines.push({ indent, text, bullet: noteBulletStyle(indent) });
  }
  return lines;
}

// ---- Links editor (spec §5 'Links editor') ------------------------------------------------------------

/** A row of the links editor as typed. */
export interface LinkRow {
  displayText: string;
  url: string;
}

/** Spec §5: a row missing display text or URL is dropped on save (no error). */
export function isDroppedLinkRow(row: Partial<LinkRow>): boolean {
  return !(row.displayText ?? '').trim() || !(row.url ?? '').trim();
}

/** The rows that are saved: those with both display text and URL, trimmed (the server adds https:// where needed). */
export function cleanLinkRows(rows: readonly Partial<LinkRow>[]): LinkRow[] {
  return rows.filter((row) => !isDroppedLinkRow(row)).map((row) => ({ displayText: (row.displayText ?? '').trim(), url: (row.url ?? '').trim() }));
}

/**
 * The editor's rules: each row that is kept is checked by the API's own links schema (so the message is the
 * server's, 'Invalid URL: {url}'), with the error on that row's field; dropped rows pass.
 */
export const linksFormSchema = z.object({
  links: z.array(
    z.object({ displayText: z.string(), url: z.string() }).superRefine((row, ctx) => {
      if (isDroppedLinkRow(row)) return;
      const parsed = linksInputSchema.safeParse([row]);
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = issue.path.find((key) => key === 'displayText' || key === 'url') ?? 'url';
        ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
      }
    }),
  ),
});

export type LinksFormValues = z.infer<typeof linksFormSchema>;

/** The editor's rows for a venue's links; an empty row to type into when there are none. */
export function linkRowsOf(links: readonly Link[]): LinkRow[] {
  return links.length > 0 ? links.map(({ displayText, url }) => ({ displayText, url })) : [{ displayText: '', url: '' }];
}

/** The messages of a failed links save: the 400's field details ('Invalid URL: …'), else the error's message. */
export function linksErrorMessages(error: unknown): string[] {
  const details = (error as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (Array.isArray(details) && details.length > 0) {
    return [...new Set(details.map((d: { message: string }) => d.message))];
  }
  return error instanceof Error && error.message ? [error.message] : [];
}

// ---- Contacts ------------------------------------------------------------------------------------------

/** Spec §5: contact details on a venue are null for users who may not see them (viewers). */
export function mainContactHidden(venue: Pick<Venue, 'contactName' | 'contactTitle' | 'contactPhone' | 'contactEmail'>): boolean {
  return venue.contactName === null && venue.contactTitle === null && venue.contactPhone === null && venue.contactEmail === null;
}

/** Whether the venue has a main contact to show (any of its fields filled). */
export function hasMainContact(venue: Pick<Venue, 'contactName' | 'contactTitle' | 'contactPhone' | 'contactEmail'>): boolean {
  return [venue.contactName, venue.contactTitle, venue.contactPhone, venue.contactEmail].some((v) => !!v?.trim());
}

/** A `tel:` href of a phone as shown: its digits and a leading '+'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The public photo gallery of a venue as an absolute URL on this origin (the print report, spec §2): the gallery's
 * own path with its key (`GallerySettings.publicPath`, /public/venue/{id}/photos?key=…), since a link without the
 * key shows nothing (the key can be rotated, and the gallery turned off).
 */
export function publicPhotosUrl(origin: string, publicPath: string): string {
  return `${origin}${publicPath.startsWith('/') ? publicPath : `/${publicPath}`}`;
}

export type { Contact };
