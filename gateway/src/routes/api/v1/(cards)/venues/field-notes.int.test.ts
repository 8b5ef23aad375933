import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatewayFixture } from '../../../../../testing/gateway-fixture.ts';

// Field notes through the gateway on the real services: the save's kinds and the merge answer, concurrent
// saves, the spec §5 messages for bad input, Clean Field Notes.
const gateway = gatewayFixture(['editor', 'surveyor', 'viewer']);
const { editor, surveyor, viewer } = gateway.headers;
/** The seeded 'Network' template (IT): notes (textarea). */
const NETWORK = '7ed2da07-9fd0-4cd6-939a-deb28b760712';

/** A new venue, with the Network template added to IT unless `bare` (notes are saved only to templates added to the venue). */
async function createVenue(bare = false): Promise<string> {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/v1/venues',
    payload: { name: `Notes ${randomUUID().slice(0, 8)} Hall` },
    headers: editor,
  });
  expect(response.statusCode, response.body).toBe(201);
  const venueId = response.json<{ id: string }>().id;
  if (bare) return venueId;
  const added = await gateway.app.inject({
    method: 'POST',
    url: `/api/v1/venues/${venueId}/cards/templates`,
    payload: { department: 'IT', templateIds: [NETWORK] },
    headers: editor,
  });
  expect(added.statusCode, added.body).toBe(200);
  return venueId;
}

type SaveJson = {
  kind: string;
  added: number;
  removed: number;
  othersAdded: number;
  message: string | null;
  text: string;
  lines: { id: string; text: string; department: string; createdBy: string }[];
};

const url = (venueId: string, cardId = NETWORK, fieldKey = 'notes') => `/api/v1/venues/${venueId}/cards/${cardId}/notes/${fieldKey}`;
const put = (venueId: string, payload: unknown, headers: { authorization: string } = editor, cardId = NETWORK) =>
  gateway.app.inject({ method: 'PUT', url: url(venueId, cardId), payload: payload as object, headers });

describe('GET/PUT /api/v1/venues/{id}/cards/{cardId}/notes/{fieldKey}', () => {
  it('appends, edits the last line and merges with lines others added (the merge message)', async () => {
    const venueId = await createVenue();
    const first = await put(venueId, { department: 'IT', text: 'Rack in room 2\nPatch panel B' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SaveJson>()).toMatchObject({ kind: 'append', added: 2, removed: 0, message: null, text: 'Rack in room 2\nPatch panel B' });
    expect(first.json<SaveJson>().lines[0]).toMatchObject({ text: 'Rack in room 2', department: 'IT' });
    const edited = await put(venueId, { department: 'IT', baseText: 'Rack in room 2\nPatch panel B', text: 'Rack in room 2\nPatch panel C' }, surveyor);
    expect(edited.json<SaveJson>()).toMatchObject({ kind: 'edit-last', added: 1, removed: 1 });
    // The editor still holds the first text and adds two lines: the surveyor's edit is kept.
    const merged = await put(venueId, {
      department: 'IT',
      baseText: 'Rack in room 2\nPatch panel B',
      text: 'Rack in room 2\nPatch panel B\nUPS 3 kVA\nFibre to truck',
    });
    expect(merged.json<SaveJson>()).toMatchObject({ kind: 'merge', added: 2, othersAdded: 1, message: 'Merged your 2 new lines with 1 lines added by others' });
    const read = await gateway.app.inject({ method: 'GET', url: url(venueId), headers: viewer });
    expect(read.statusCode).toBe(200);
    expect(read.json<SaveJson>().text).toBe('Rack in room 2\nPatch panel C\nUPS 3 kVA\nFibre to truck');
    const security = await gateway.app.inject({ method: 'GET', url: `${url(venueId)}?department=Security`, headers: viewer });
    expect(security.json<SaveJson>().lines).toEqual([]);
  });

  it('keeps every line of concurrent saves of one field', async () => {
    const venueId = await createVenue();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put(venueId, { department: 'IT', baseText: '', text: `line ${i}` }, i % 2 ? surveyor : editor)),
    );
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const read = await gateway.app.inject({ method: 'GET', url: url(venueId), headers: viewer });
    expect(
      read
        .json<SaveJson>()
        .lines.map((line) => line.text)
        .sort(),
    ).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
  });

  it('answers bad input with the spec §5 messages and field details', async () => {
    const venueId = await createVenue();
    const badVenue = await put('not-a-venue', { department: 'IT', text: 'x' });
    expect(badVenue.statusCode).toBe(400);
    expect(badVenue.json<{ error: { message: string } }>().error.message).toBe('Invalid venue ID format: not-a-venue');
    const badCard = await put(venueId, { department: 'IT', text: 'x' }, editor, 'card-7');
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json<{ error: { message: string } }>().error.message).toBe('Invalid card ID format: card-7');
    const noDepartment = await put(venueId, { text: 'x' });
    expect(noDepartment.statusCode).toBe(400);
    expect(JSON.stringify(noDepartment.json())).toContain('department');
    const badDepartment = await put(venueId, { department: 'Catering', text: 'x' });
    expect(badDepartment.statusCode).toBe(400);
    const noText = await put(venueId, { department: 'IT' });
    expect(noText.statusCode).toBe(400);
    const tooLong = await put(venueId, { department: 'IT', text: Array.from({ length: 2001 }, (_, i) => `line ${i}`).join('\n') });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Notes must have at most 2000 lines');
    expect((await put(venueId, { department: 'IT', text: 'x' }, editor, randomUUID())).statusCode).toBe(404);
    expect((await put(randomUUID(), { department: 'IT', text: 'x' })).json<{ error: { message: string } }>().error.message).toBe('Venue not found');
    const denied = await put(venueId, { department: 'IT', text: 'x' }, viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ error: { message: string } }>().error.message).toBe('You do not have permission to modify data for this venue');
    const unknownField = await gateway.app.inject({ method: 'GET', url: url(venueId, NETWORK, 'no_such_field'), headers: viewer });
    expect(unknownField.statusCode).toBe(404);
  });

  it("answers 404 'Venue not found' for the notes of a deleted venue (security review)", async () => {
    const venueId = await createVenue();
    expect((await put(venueId, { department: 'IT', text: 'secret-ish' })).statusCode).toBe(200);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${venueId}`, headers: editor })).statusCode).toBe(204);
    for (const response of [
      await gateway.app.inject({ method: 'GET', url: url(venueId), headers: viewer }),
      await gateway.app.inject({ method: 'GET', url: url(randomUUID()), headers: viewer }),
      await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/field-notes/clean`, headers: editor }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<{ error: { message: string } }>().error.message).toBe('Venue not found');
    }
  });

  it("answers 404 'Card not found' to a save on a template not added to the venue's department (security review)", async () => {
    const venueId = await createVenue(true);
    const refused = await put(venueId, { department: 'IT', text: 'planted' });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe('Card not found');
    const added = await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${venueId}/cards/templates`,
      payload: { department: 'Security', templateIds: [NETWORK] },
      headers: editor,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await put(venueId, { department: 'IT', text: 'planted' })).statusCode).toBe(404);
    expect((await put(venueId, { department: 'Security', text: 'Guard at gate 3' })).statusCode).toBe(200);
  });

  it('limits saves per user and minute: 429 with Retry-After beyond CARD_VALUES_RATE_LIMIT_PER_MINUTE, other users go on (security review)', async () => {
    const venueId = await createVenue();
    const limited = await gateway.under.buildAnother({ CARD_VALUES_RATE_LIMIT_PER_MINUTE: '2' });
    const save = (headers: { authorization: string }) =>
      limited.inject({ method: 'PUT', url: url(venueId), payload: { department: 'IT', text: 'x' }, headers });
    expect([(await save(editor)).statusCode, (await save(editor)).statusCode]).toEqual([200, 200]);
    const blocked = await save(editor);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await save(surveyor)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/venues/{id}/notes', () => {
  it("answers every notes field's current text of the venue in one read (removed lines left out); 404 for bad or deleted venues", async () => {
    const venueId = await createVenue();
    const other = await createVenue();
    await put(venueId, { department: 'IT', text: 'Rack in room 2\nPatch panel B' });
    await put(venueId, { department: 'IT', baseText: 'Rack in room 2\nPatch panel B', text: 'Rack in room 2\nPatch panel C' }, surveyor);
    await put(other, { department: 'IT', text: 'Elsewhere' });
    const read = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venueId}/notes`, headers: viewer });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ venueId, notes: [{ cardId: NETWORK, fieldKey: 'notes', text: 'Rack in room 2\nPatch panel C' }] });
    const empty = await createVenue();
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${empty}/notes`, headers: viewer })).json()).toEqual({ venueId: empty, notes: [] });
    const bad = await gateway.app.inject({ method: 'GET', url: '/api/v1/venues/x/notes', headers: viewer });
    expect(bad.statusCode).toBe(404);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe('Venue not found');
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${other}`, headers: editor })).statusCode).toBe(204);
    const deleted = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${other}/notes`, headers: viewer });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json<{ error: { message: string } }>().error.message).toBe('Venue not found');
  });
});

describe('POST /api/v1/venues/{id}/field-notes/clean', () => {
  it('removes the soft-deleted lines (editor: higher privilege); surveyors may not', async () => {
    const venueId = await createVenue();
    await put(venueId, { department: 'IT', text: 'a\nb' });
    await put(venueId, { department: 'IT', baseText: 'a\nb', text: 'A\nB' });
    const denied = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/field-notes/clean`, headers: surveyor });
    expect(denied.statusCode).toBe(403);
    const cleaned = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/field-notes/clean`, headers: editor });
    expect(cleaned.statusCode, cleaned.body).toBe(200);
    expect(cleaned.json()).toEqual({ removed: 2, message: 'Successfully cleaned up old field note data' });
    expect((await gateway.app.inject({ method: 'GET', url: url(venueId), headers: viewer })).json<SaveJson>().text).toBe('A\nB');
    const bad = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues/x/field-notes/clean', headers: editor });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe('Invalid venue ID format: x');
  });
});
