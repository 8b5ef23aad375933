// Set-up and clean-up of the venue e2e files through the API, as an admin: each file makes its own venues (names
// unlike the demo venues and the other files') and purges them at the end, as the files share one stack.
import { expect } from 'vitest';
import { apiCall } from './browser.ts';

/** Creates a venue (the API's venue input) and returns its id. */
export async function createVenue(body: Record<string, unknown>): Promise<string> {
  const { status, json } = await apiCall('admin', 'POST', '/venues', body);
  expect(status).toBe(201);
  return (json as { id: string }).id;
}

/** Soft delete, then purge (also removes the venue's contacts and events); a venue already gone is fine. */
export async function purgeVenue(id: string): Promise<void> {
  await apiCall('admin', 'DELETE', `/venues/${id}`);
  await apiCall('admin', 'DELETE', `/deleted-venues/${id}`);
}
