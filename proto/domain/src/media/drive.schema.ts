// Google Drive sync as the API shows it to admins: whether a service account is configured, and where.
import { z } from 'zod';

export const driveStatusSchema = z
  .object({
    configured: z.boolean().describe('False when no service account is configured: documents are queued and wait'),
    rootFolderId: z.string().nullable().describe('The Drive folder the venue folders are made in'),
    rootFolderUrl: z.string().nullable().describe('That folder in Google Drive'),
  })
  .meta({ id: 'DriveStatus', description: 'Where Google Drive sync stands in this deployment' });

export type DriveStatus = z.output<typeof driveStatusSchema>;
