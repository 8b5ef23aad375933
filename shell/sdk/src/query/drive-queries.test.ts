import type { QueryFunctionContext } from '@tanstack/react-query';
import type { SyncQueueList } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import { createDriveQueries, SYNC_QUEUE_POLL_MS, syncQueueInMotion, syncQueuePollInterval } from './drive-queries.ts';

const context = { signal: new AbortController().signal } as QueryFunctionContext<readonly unknown[]>;

const queue = (counts: Partial<SyncQueueList['counts']>): SyncQueueList => ({
  items: [],
  counts: { pending: 0, syncing: 0, completed: 0, failed: 0, ...counts },
  total: 0,
});

describe('driveQueries', () => {
  it('reads the queue of every venue or of one, at most 100 items (spec §9), keyed by the venue', async () => {
    const asked: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://gateway.invalid/api/v1',
      fetch: async (input) => {
        asked.push(String(input).replace('http://gateway.invalid/api/v1', ''));
        return Response.json(queue({}));
      },
    });
    const queries = createDriveQueries(client);
    const everyVenue = queries.queue();
    const oneVenue = queries.queue('v1');
    expect(everyVenue.queryKey).toEqual(['drive', 'queue', null]);
    expect(oneVenue.queryKey).toEqual(['drive', 'queue', 'v1']);
    expect(queries.status().queryKey).toEqual(['drive', 'status']);
    for (const options of [everyVenue, oneVenue]) await (options.queryFn as (c: typeof context) => Promise<unknown>)(context);
    expect(asked).toEqual(['/admin/drive/queue?limit=100', '/admin/drive/queue?venueId=v1&limit=100']);
  });

  it('polls a queue while items are pending or syncing, and not after a failed read', () => {
    expect(syncQueueInMotion(undefined)).toBe(false);
    expect(syncQueueInMotion(queue({ completed: 3, failed: 1 }))).toBe(false);
    expect(syncQueueInMotion(queue({ pending: 1 }))).toBe(true);
    expect(syncQueueInMotion(queue({ syncing: 1 }))).toBe(true);
    const state = (status: 'success' | 'error', data: SyncQueueList | undefined) =>
      ({ state: { status, data } }) as Parameters<typeof syncQueuePollInterval>[0];
    expect(syncQueuePollInterval(state('success', queue({ pending: 2 })))).toBe(SYNC_QUEUE_POLL_MS);
    expect(syncQueuePollInterval(state('success', queue({ completed: 2 })))).toBe(false);
    expect(syncQueuePollInterval(state('error', queue({ pending: 2 })))).toBe(false);
  });
});
