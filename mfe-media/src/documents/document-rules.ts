// Pure rules of the Documents page (spec §2 'Documents page', §3 document categories, §5 'Document upload',
// §8 'Photos and documents'): the list grouped by category, dates, the upload's file check and the toasts' texts.
import { DOCUMENT_CATEGORIES, documentCategoryLabel, isAllowedUploadFile, UI, type DocumentCategory, type VenueDocumentDto } from '@venuebook/domain';
import { format } from 'date-fns';

export interface DocumentGroup {
  category: DocumentCategory;
  label: string;
  documents: VenueDocumentDto[];
}

/** The documents by category, in the order of the nine categories (spec §3); empty categories are left out. */
export function groupByCategory(documents: readonly VenueDocumentDto[]): DocumentGroup[] {
  return DOCUMENT_CATEGORIES.map(({ value, label }) => ({
    category: value,
    label,
    documents: documents.filter((document) => document.category === value),
  })).filter((group) => group.documents.length > 0);
}

/** 'MMM d, yyyy' (spec §9), '' for a value that is no date. */
export function formatDocumentDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, UI.dateFormat);
}

/** Why the upload refuses a file (spec §5's extensions, and .webp for photos), or null when it takes it. */
export function uploadRefusal(fileName: string): string | null {
  return isAllowedUploadFile(fileName) ? null : 'this file type is not accepted';
}

/** The texts of spec §8 'Photos and documents' for the Documents page. */
export const DOCUMENT_TEXT = {
  empty: 'No documents uploaded yet.',
  deleted: 'Document deleted successfully',
  deleteFailed: (message: string) => `Failed to delete document: ${message}`,
  moved: (category: string) => `Document moved to ${documentCategoryLabel(category)} category`,
  moveFailed: 'Failed to update document category',
  eventUpdated: 'Document event association updated',
  eventFailed: 'Failed to update document event association',
  syncedFromDrive: (count: number) => `Synced ${count} new document(s) from Google Drive`,
  syncFromDriveFailed: (message: string) => `Failed to sync documents: ${message}`,
  refusedFromDrive: (count: number) => `${count} file(s) in Google Drive could not be imported: the sync logs say why`,
  failedFromDrive: (count: number) => `${count} file(s) could not be imported now: Sync from Drive again later`,
} as const;
