import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatewayFixture } from '../../../../../testing/gateway-fixture.ts';

// Card field values through the gateway on the real services: the save with its per-field answers and the
// conflict the 'Field Conflict Detected' dialog shows, bad input, history, restore and verify, reads for viewers.
const gateway = gatewayFixture(['editor', 'surveyor', 'viewer']);
const { editor, surveyor, viewer } = gateway.headers;
/** The seeded 'Network' template (IT): internet_provider, bandwidth (text), dedicated_wifi (yesno), notes (textarea). */
const NETWORK = '7ed2da07-9fd0-4cd6-939a-deb28b760712';

/** A new venue with the Network template added to IT (values are written only to cards added to the venue). */
async function createVenue(): Promise<string> {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/v1/venues',
    payload: { name: `Values ${randomUUID().slice(0, 8)} Hall` },
    headers: editor,
  });
  expect(response.statusCode, response.body).toBe(201);
  const venueId = response.json<{ id: string }>().id;
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
  results: {
    fieldKey: string;
    label: string;
    status: string;
    value: string | null;
    current: { value: string; version: number; savedByEmail: string; kind: string; verifiedSource: string | null } | null;
  }[];
  conflicts: number;
};

const put = (venueId: string, payload: unknown, headers: { authorization: string } = editor, cardId = NETWORK) =>
  gateway.app.inject({ method: 'PUT', url: `/api/v1/venues/${venueId}/cards/${cardId}/values`, payload: payload as object, headers });

describe('PUT/GET /api/v1/venues/{id}/cards/{cardId}/values', () => {
  it('saves per field (numbers and yes/no as text, empty non-textarea skipped) and answers conflicts for the dialog', async () => {
    const venueId = await createVenue();
    const first = await put(venueId, {
      department: 'IT',
      values: {
        internet_provider: { value: 'Fiber One', baseVersion: 0 },
        bandwidth: { value: '', baseVersion: 0 },
        dedicated_wifi: { value: true, baseVersion: 0 },
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SaveJson>().results.map((result) => [result.fieldKey, result.status, result.value])).toEqual([
      ['internet_provider', 'saved', 'Fiber One'],
      ['bandwidth', 'skipped', null],
      ['dedicated_wifi', 'saved', 'true'],
    ]);

    const values = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venueId}/cards/${NETWORK}/values`, headers: viewer });
    expect(values.statusCode).toBe(200);
    expect(
      values
        .json<{ values: { fieldKey: string; value: string; version: number }[] }>()
        .values.map((value) => [value.fieldKey, value.value, value.version])
        .sort(),
    ).toEqual([
      ['dedicated_wifi', 'true', 1],
      ['internet_provider', 'Fiber One', 1],
    ]);
    const all = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venueId}/values`, headers: viewer });
    expect(all.json<{ values: unknown[] }>().values).toHaveLength(2);

    // The surveyor saves on top of version 1; the editor, still on version 1, gets the conflict with both values.
    expect((await put(venueId, { values: { internet_provider: { value: 'Fiber Two', baseVersion: 1 } } }, surveyor)).json<SaveJson>().results[0]!.status).toBe(
      'saved',
    );
    const conflict = await put(venueId, {
      values: { internet_provider: { value: 'Fiber Three', baseVersion: 1 }, notes: { value: 'Patch panel in room 2', baseVersion: 0 } },
    });
    expect(conflict.statusCode).toBe(200);
    expect(conflict.json<SaveJson>()).toMatchObject({
      conflicts: 1,
      results: [
        {
          fieldKey: 'internet_provider',
          label: 'Internet provider',
          status: 'conflict',
          value: 'Fiber Three',
          current: { value: 'Fiber Two', version: 2, savedByEmail: expect.stringContaining('surveyor') },
        },
        { fieldKey: 'notes', status: 'saved', value: 'Patch panel in room 2' },
      ],
    });
    // Overwrite: the current version as base.
    expect((await put(venueId, { values: { internet_provider: { value: 'Fiber Three', baseVersion: 2 } } })).json<SaveJson>().results[0]).toMatchObject({
      status: 'saved',
      current: { value: 'Fiber Three', version: 3 },
    });
  });

  it('answers 400 with details for bad input, 404 for an unknown card or venue, 403 for viewers, 401 without a session', async () => {
    const venueId = await createVenue();
    const unknown = await put(venueId, { values: { ghost: { value: 'x', baseVersion: 0 } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'invalid_argument', details: [{ field: 'values.ghost', message: 'This card has no such field' }] } });
    for (const body of [
      {},
      { values: {} },
      { values: { notes: { value: 'x' } } },
      { values: { notes: { value: 'x', baseVersion: -1 } } },
      { values: { notes: { value: { nested: true }, baseVersion: 0 } } },
      { values: { notes: { value: 'x'.repeat(10_001), baseVersion: 0 } } },
      { department: 'Catering', values: { notes: { value: 'x', baseVersion: 0 } } },
    ]) {
      const response = await put(venueId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: { details: unknown[] } }>().error.details.length).toBeGreaterThan(0);
    }
    const noCard = await put(venueId, { values: { notes: { value: 'x', baseVersion: 0 } } }, editor, randomUUID());
    expect([noCard.statusCode, noCard.json<{ error: { message: string } }>().error.message]).toEqual([404, 'Card not found']);
    expect((await put(randomUUID(), { values: { notes: { value: 'x', baseVersion: 0 } } })).statusCode).toBe(404);
    expect((await put(venueId, { values: { notes: { value: 'x', baseVersion: 0 } } }, viewer)).statusCode).toBe(403);
    expect(
      (
        await gateway.app.inject({
          method: 'PUT',
          url: `/api/v1/venues/${venueId}/cards/${NETWORK}/values`,
          payload: { values: { notes: { value: 'x', baseVersion: 0 } } },
        })
      ).statusCode,
    ).toBe(401);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venueId}/cards/${randomUUID()}/values`, headers: viewer })).statusCode).toBe(404);
    // A venue id that is no UUID is no venue (as on every venue route; the contract run sends such ids).
    for (const url of ['/api/v1/venues/not-a-venue/values', `/api/v1/venues/not-a-venue/cards/${randomUUID()}/values`]) {
      const answer = await gateway.app.inject({ method: 'GET', url, headers: viewer });
      expect([answer.statusCode, answer.json<{ error: { message: string } }>().error.message]).toEqual([404, 'Venue not found']);
    }
  });
});

describe('history, restore and verify', () => {
  it('lists versions newest first, restores an earlier value, marks it verified; conflicts and refusals', async () => {
    const venueId = await createVenue();
    for (const [base, value] of [
      [0, '100 Mbps'],
      [1, '1 Gbps'],
      [2, '10 Gbps'],
    ] as const)
      await put(venueId, { values: { bandwidth: { value, baseVersion: base } } });
    const field = `/api/v1/venues/${venueId}/cards/${NETWORK}/fields/bandwidth`;
    const history = await gateway.app.inject({ method: 'GET', url: `${field}/history`, headers: viewer });
    expect(history.statusCode).toBe(200);
    expect(history.json<{ items: { value: string; version: number }[]; total: number }>()).toMatchObject({
      total: 3,
      items: [
        { value: '10 Gbps', version: 3 },
        { value: '1 Gbps', version: 2 },
        { value: '100 Mbps', version: 1 },
      ],
    });
    expect((await gateway.app.inject({ method: 'GET', url: `${field}/history?pageSize=51`, headers: viewer })).statusCode).toBe(400);

    const restored = await gateway.app.inject({ method: 'POST', url: `${field}/restore`, payload: { version: 1, baseVersion: 3 }, headers: surveyor });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'saved', current: { value: '100 Mbps', version: 4, kind: 'restored' } });
    expect(
      (await gateway.app.inject({ method: 'POST', url: `${field}/restore`, payload: { version: 2, baseVersion: 3 }, headers: surveyor })).json(),
    ).toMatchObject({ status: 'conflict', current: { version: 4 } });
    expect((await gateway.app.inject({ method: 'POST', url: `${field}/restore`, payload: { version: 40 }, headers: surveyor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'POST', url: `${field}/restore`, payload: { version: 0 }, headers: surveyor })).statusCode).toBe(400);
    expect((await gateway.app.inject({ method: 'POST', url: `${field}/restore`, payload: { version: 1 }, headers: viewer })).statusCode).toBe(403);

    const verified = await gateway.app.inject({ method: 'POST', url: `${field}/verify`, payload: { source: 'site visit' }, headers: editor });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'saved', current: { value: '100 Mbps', version: 5, kind: 'verified', verifiedSource: 'site visit' } });
    expect((await gateway.app.inject({ method: 'POST', url: `${field}/verify`, payload: { source: 'x'.repeat(201) }, headers: editor })).statusCode).toBe(400);
    expect(
      (
        await gateway.app.inject({
          method: 'POST',
          url: `/api/v1/venues/${venueId}/cards/${NETWORK}/fields/internet_provider/verify`,
          payload: {},
          headers: editor,
        })
      ).statusCode,
    ).toBe(400);
    expect((await gateway.app.inject({ method: 'POST', url: `${field}/verify`, payload: {}, headers: viewer })).statusCode).toBe(403);
  });

  it('limits saves per user and minute: 429 with Retry-After beyond CARD_VALUES_RATE_LIMIT_PER_MINUTE, other users go on (security review)', async () => {
    const venueId = await createVenue();
    const limited = await gateway.under.buildAnother({ CARD_VALUES_RATE_LIMIT_PER_MINUTE: '2' });
    const save = (headers: { authorization: string }, value: string) =>
      limited.inject({
        method: 'PUT',
        url: `/api/v1/venues/${venueId}/cards/${NETWORK}/values`,
        payload: { values: { notes: { value, baseVersion: 0 } } },
        headers,
      });
    expect([(await save(editor, 'a')).statusCode, (await save(editor, 'a')).statusCode]).toEqual([200, 200]);
    const blocked = await save(editor, 'a');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await save(surveyor, 'a')).statusCode).toBe(200);
  });
});
