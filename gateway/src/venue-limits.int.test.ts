import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_MESSAGE_BYTES } from '@venuebook/grpc';
import { VENUE_FIELD_MAX, VENUE_MAX_BYTES, venueByteSize } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import { gatewayFixture } from './testing/gateway-fixture.ts';

// Venue size and URL rules through the gateway, on the real services: lists carry
// summaries, so that venues as large as allowed cannot push a page past the gRPC message limit; a venue over
// the size limit, and a website that is not http(s), are refused with 400.
const gateway = gatewayFixture(['editor']);
const { editor } = gateway.headers;

const post = (payload: Record<string, unknown>) => gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload, headers: editor });

/** A venue just under the size limit: notes of 3-byte characters, within the notes' own maximum; named `token` and a number. */
function largeVenue(token: string, index: number): Record<string, unknown> {
  const name = `${token} Large venue ${String(index).padStart(2, '0')}`;
  const notes = '€'.repeat(Math.floor((VENUE_MAX_BYTES - 1000) / 3));
  return { name, generalNotes: notes, website: 'large.example.com', leagues: ['OTE'], venueTypes: ['Arena'] };
}

describe('venue size', () => {
  it('page 1 of the list still works when the venues on it are as large as allowed (a page of whole venues would pass the gRPC limit)', async () => {
    const count = 20;
    const token = `lv${randomUUID().slice(0, 6)}`;
    const created: { id: string; generalNotes: string }[] = [];
    for (let index = 0; index < count; index++) {
      const response = await post(largeVenue(token, index));
      expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
      created.push(response.json());
    }
    // Together the whole venues are well over one gRPC message.
    const wholeBytes = created.reduce((sum, venue) => sum + venueByteSize(venue), 0);
    expect(wholeBytes).toBeGreaterThan(DEFAULT_MAX_MESSAGE_BYTES);

    const list = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}&pageSize=${count}`, headers: editor });
    expect(list.statusCode, list.body.slice(0, 500)).toBe(200);
    const page = list.json<{ items: { id: string; name: string; city: string; website: string }[]; total: number }>();
    expect(page.total).toBe(count);
    expect(page.items.map((item) => item.id).sort()).toEqual(created.map((venue) => venue.id).sort());
    expect(page.items[0]).toMatchObject({ website: 'https://large.example.com', city: '' });
    expect(page.items[0]).not.toHaveProperty('generalNotes');
    expect(list.body.length).toBeLessThan(20_000);

    // The whole venue is still there, one at a time.
    const one = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${created[0]!.id}`, headers: editor });
    expect(one.statusCode).toBe(200);
    expect(one.json<{ generalNotes: string }>().generalNotes).toBe(created[0]!.generalNotes);
  });

  it('refuses a venue over the size limit with 400 and a message saying so', async () => {
    const response = await post({ name: 'Too large', generalNotes: '€'.repeat(90_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_argument',
        message: 'Invalid request body',
        details: [{ field: '', message: 'A venue can hold at most 256 KB of text and links; this one has 264 KB. Shorten the notes or remove links.' }],
      },
    });
  });
});

describe('website', () => {
  it("refuses a website that is not http(s) with 400 'Invalid URL: {url}'", async () => {
    for (const website of ['javascript://x', 'javascript:alert(1)', 'data:text/html,x']) {
      const response = await post({ name: 'Scripted', website });
      expect(response.statusCode, website).toBe(400);
      expect(response.json<{ error: { details: unknown[] } }>().error.details).toEqual([{ field: 'website', message: `Invalid URL: ${website}` }]);
    }
  });

  it('accepts a website of the documented maximum length without a scheme (the service re-validates the normalised value)', async () => {
    const typed = 'a'.repeat(VENUE_FIELD_MAX.website);
    const response = await post({ name: 'Long website', website: typed, links: [{ displayText: 'Long link', url: 'b'.repeat(VENUE_FIELD_MAX.linkUrl) }] });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
    expect(response.json()).toMatchObject({
      website: `https://${typed}`,
      links: [{ displayText: 'Long link', url: `https://${'b'.repeat(VENUE_FIELD_MAX.linkUrl)}` }],
    });
    const tooLong = await post({ name: 'Too long website', website: `${typed}a` });
    expect(tooLong.statusCode).toBe(400);
  });
});
