import { describe, expect, it } from 'vitest';
import type { QueueItem } from '../repositories/queue.repository.ts';
import { DriveCopies } from './drive-copies.ts';
import { applyQueueChange, SyncQueue } from './sync-queue.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const item = (documentId: string, venueId: string, createdMs: number): QueueItem => ({
  documentId,
  venueId,
  fileName: `${documentId}.pdf`,
  uploadedAt: at(createdMs - 1),
  createdAt: at(createdMs),
});

describe('the sync queue read model', () => {
  it('keeps items in the order queued, per venue and in all, once each', () => {
    const queue = new SyncQueue();
    queue.add(item('a', 'v1', 1));
    queue.add(item('b', 'v2', 2));
    queue.add(item('c', 'v1', 3));
    queue.add(item('a', 'v1', 4));
    expect(queue.items('').map((each) => each.documentId)).toEqual(['a', 'b', 'c']);
    expect(queue.items('v1').map((each) => each.documentId)).toEqual(['a', 'c']);
    expect(queue.get('a')?.createdAt).toEqual(at(1));
    queue.remove('a');
    expect([queue.has('a'), queue.size, queue.items('v1').map((each) => each.documentId)]).toEqual([false, 2, ['c']]);
  });

  it("a reset removes a venue's items queued until then (or every venue's), never those queued after it", () => {
    const queue = new SyncQueue();
    for (const [id, venue, ms] of [
      ['a', 'v1', 1],
      ['b', 'v2', 2],
      ['c', 'v1', 3],
      ['d', 'v1', 10],
    ] as const)
      queue.add(item(id, venue, ms));
    expect(queue.reset('v1', at(5)).sort()).toEqual(['a', 'c']);
    expect(queue.items('').map((each) => each.documentId)).toEqual(['b', 'd']);
    expect(queue.reset('', at(5))).toEqual(['b']);
    expect(queue.items('').map((each) => each.documentId)).toEqual(['d']);
  });

  it('follows drive_queue.changed: queued, removed, and a reset of the queue and the copies', () => {
    const queue = new SyncQueue();
    const copies = new DriveCopies();
    const change = { fileName: '', uploadedAt: null, createdAt: null };
    applyQueueChange(queue, copies, { ...change, change: 'queued', documentId: 'a', venueId: 'v1', fileName: 'a.pdf', createdAt: at(1).toISOString() });
    applyQueueChange(queue, copies, { ...change, change: 'queued', documentId: 'b', venueId: 'v1', createdAt: at(2).toISOString() });
    copies.set('a', { documentId: 'a', venueId: 'v1', fileId: 'f-a', url: '', syncedAt: at(3) });
    copies.set('z', { documentId: 'z', venueId: 'v1', fileId: 'f-z', url: '', syncedAt: at(9) });
    expect(queue.get('a')).toMatchObject({ fileName: 'a.pdf', createdAt: at(1) });
    applyQueueChange(queue, copies, { ...change, change: 'removed', documentId: 'b', venueId: 'v1' });
    expect(queue.items('').map((each) => each.documentId)).toEqual(['a']);
    applyQueueChange(queue, copies, { ...change, change: 'reset', documentId: '', venueId: 'v1', createdAt: at(5).toISOString() });
    expect([queue.size, copies.get('a'), copies.get('z')?.fileId]).toEqual([0, undefined, 'f-z']);
  });
});
