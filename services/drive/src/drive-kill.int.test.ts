// What Drive sync survives: its process killed with SIGKILL again and again while documents sync (during uploads of
// single requests and of resumable sessions, folder creations, records). It ends with every document in Drive exactly
// once, with its bytes: none missing, none duplicated, one folder per venue and category. The Drive service runs as
// its own process here, because the test kills it.
// The size is DRIVE_KILL_DOCUMENTS documents and DRIVE_KILLS kills (npm test runs a smaller size than the one the
// decision record reports, for the suite's time budget; the behaviour is the same).
import { randomBytes } from 'node:crypto';
import type { StandInDriveFile } from '@venuebook/service-kit/testing';
import { eventually, killRepeatedly } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { driveUnderTest, sha256 } from './testing/drive-under-test.ts';

const DOCUMENTS = Number(process.env.DRIVE_KILL_DOCUMENTS ?? 40);
const KILLS = Number(process.env.DRIVE_KILLS ?? 5);
const VENUES = 4;
const CATEGORIES = ['general', 'contracts', 'technical', 'permits'] as const;

const under = driveUnderTest('kill', {
  process: true,
  // A killed process's jobs come back quickly, so that the test does not wait out a production lease.
  env: { DRIVE_LEASE_MS: '1500', DRIVE_SWEEP_INTERVAL_MS: '1000', DRIVE_GRACE_MS: '300', DRIVE_RETRY_BASE_MS: '100', DRIVE_RETRY_MAX_MS: '1000' },
});

/** A PDF of `size` random bytes (its magic bytes first, so that media takes it for one). */
function pdf(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(Buffer.from('%PDF-1.7\n'), 0);
  return bytes;
}

describe('Drive sync under SIGKILL', () => {
  it(`puts each of ${DOCUMENTS} documents in Drive exactly once, with its bytes, although it is killed ${KILLS} times`, async () => {
    const replica = under.driveProcess!.replicas[0]!;
    const venues = await Promise.all(Array.from({ length: VENUES }, (_, n) => under.createVenue(`Kill Test Arena ${n + 1}`)));
    // Uploaded while the worker is down: the wake-ups wait in NATS, the work in the queue.
    await replica.stop();
    const expected = new Map<string, string>();
    for (let start = 0; start < DOCUMENTS; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, DOCUMENTS - start) }, async (_, k) => {
          const n = start + k;
          // Every tenth a few megabytes (a resumable upload in flight when a kill lands), the others small.
          const bytes = pdf(n % 10 === 0 ? 3 * 1024 * 1024 + n : 16 * 1024 + n);
          const id = await under.upload(venues[n % VENUES]!, `kill-${n}.pdf`, bytes, CATEGORIES[n % CATEGORIES.length]);
          return [id, sha256(bytes)] as const;
        }),
      );
      for (const [id, hash] of batch) expected.set(id, hash);
    }

    const killsTook = await killRepeatedly(replica, KILLS, { minMs: 300, maxMs: 1500 });

    const copiesOf = async (): Promise<Map<string, StandInDriveFile[]>> => {
      const byDocument = new Map<string, StandInDriveFile[]>();
      for (const file of await under.standIn.files()) {
        const id = file.appProperties?.venuebookDocumentId;
        if (id && expected.has(id)) byDocument.set(id, [...(byDocument.get(id) ?? []), file]);
      }
      return byDocument;
    };
    const syncStarted = Date.now();
    await eventually(
      async () => {
        const states = (await under.driveAs('admin').getDocumentSync({ documentIds: [...expected.keys()] })).documents;
        const waiting = states.filter((state) => state.status !== 'completed');
        expect(waiting.length, JSON.stringify(waiting.slice(0, 3))).toBe(0);
      },
      Math.max(120_000, DOCUMENTS * 1000),
    );
    const copies = await copiesOf();
    for (const [id, hash] of expected) {
      const files = copies.get(id) ?? [];
      expect(
        files.map((file) => [file.trashed, file.sha256Checksum]),
        id,
      ).toEqual([[false, hash]]);
    }
    // One folder per venue under the root, one per category inside it.
    const folders = (await under.standIn.files()).filter((file) => file.mimeType === 'application/vnd.google-apps.folder' && !file.trashed);
    for (const venueId of venues) {
      const own = folders.filter((folder) => folder.appProperties?.venuebookVenueId === venueId);
      expect(own.filter((folder) => folder.appProperties?.venuebookKind === 'venue-folder')).toHaveLength(1);
      const categories = own.filter((folder) => folder.appProperties?.venuebookKind === 'category-folder').map((folder) => folder.name);
      expect(categories.length).toBe(new Set(categories).size);
    }
    const uploads = (await under.standIn.uploads()).filter((session) => session.doneFileId);
    console.log(
      `[drive kill test] ${DOCUMENTS} documents, ${KILLS} SIGKILLs in ${Math.round(killsTook / 1000)} s, all synced ${Math.round((Date.now() - syncStarted) / 1000)} s after the last start; ${uploads.length} upload sessions completed in the run's Drive`,
    );
  }, 600_000);
});
