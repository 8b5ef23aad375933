// The contacts API through the gateway on the real services: every endpoint with good and bad input,
// the role × endpoint matrix, details withheld from viewers, soft delete → restore → permanent delete, the
// main contact kept from the venue's contact fields, and a deleted venue's contacts leaving /contacts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { can, DEFAULT_CONTACT_TAGS, ROLES } from '@venuebook/domain';
import type { Action, Role } from '@venuebook/domain';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { gatewayFixture } from './testing/gateway-fixture.ts';

const MAIN_CONTACT_REFUSED = 'Cannot delete main contact. Please change the main contact for this venue first, then try deleting again.';

const gateway = gatewayFixture(ROLES);
const { headers } = gateway;

type ContactJson = {
  id: string;
  venueId: string;
  name: string | null;
  title: string | null;
  phone: string | null;
  email: string | null;
  tag: string;
  isCurrentMainContact: boolean;
  deletedAt: string | null;
  detailsHidden: boolean;
  venueName?: string;
};
type VenueJson = {
  id: string;
  name: string;
  contactName: string | null;
  contactTitle: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
};

const token = () => `g${randomUUID().slice(0, 7)}`;

async function createVenue(payload: Record<string, unknown>): Promise<VenueJson> {
  const response = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload, headers: headers.editor });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VenueJson>();
}

async function addContact(venueId: string, payload: Record<string, unknown>, role: Role = 'editor'): Promise<ContactJson> {
  const response = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/contacts`, payload, headers: headers[role] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContactJson>();
}

async function venueContacts(venueId: string, role: Role = 'editor'): Promise<ContactJson[]> {
  const response = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venueId}/contacts`, headers: headers[role] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ContactJson[] }>().items;
}

describe('contacts API through the gateway', () => {
  it("makes the venue's contact its main contact, adds contacts (201), lists main first then newest, and follows the name-change rule", async () => {
    const venue = await createVenue({ name: `${token()} Arena`, contactName: 'Jon Smith', contactTitle: 'GM', contactEmail: 'jon@example.com' });
    const [main] = await venueContacts(venue.id);
    expect(main).toMatchObject({
      venueId: venue.id,
      name: 'Jon Smith',
      title: 'GM',
      phone: '',
      email: 'jon@example.com',
      tag: '',
      isCurrentMainContact: true,
      deletedAt: null,
      detailsHidden: false,
    });

    const added = await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${venue.id}/contacts`,
      payload: { name: ' Sam Sound ', email: '', tag: 'Audio', isCurrentMainContact: true },
      headers: headers.editor,
    });
    expect(added.statusCode, added.body).toBe(201);
    const sam = added.json<ContactJson>();
    expect(added.headers.location).toBe(`/api/v1/contacts/${sam.id}`);
    expect(sam).toMatchObject({ name: 'Sam Sound', email: '', tag: 'Audio', isCurrentMainContact: false });

    // A small edit of the name updates the main contact; a new person makes the old one a former contact.
    const small = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/venues/${venue.id}`,
      payload: { name: venue.name, contactName: 'John Smith', contactTitle: 'GM' },
      headers: headers.editor,
    });
    expect(small.json<VenueJson>()).toMatchObject({ contactName: 'John Smith', contactEmail: '' });
    expect((await venueContacts(venue.id)).map((contact) => [contact.id, contact.name, contact.isCurrentMainContact])).toEqual([
      [main!.id, 'John Smith', true],
      [sam.id, 'Sam Sound', false],
    ]);
    await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/venues/${venue.id}`,
      payload: { name: venue.name, contactName: 'Maria Garcia' },
      headers: headers.editor,
    });
    const after = await venueContacts(venue.id);
    expect(after.map((contact) => [contact.name, contact.isCurrentMainContact])).toEqual([
      ['Maria Garcia', true],
      ['Sam Sound', false],
      ['John Smith', false],
    ]);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}`, headers: headers.editor })).json<VenueJson>().contactName).toBe(
      'Maria Garcia',
    );
  });

  it('answers 400 with field details for bad input, 404 for unknown or deleted venues and contacts', async () => {
    const venue = await createVenue({ name: `${token()} Bad Input` });
    const bad = await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${venue.id}/contacts`,
      payload: { name: '  ', email: 'not-an-email' },
      headers: headers.editor,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', message: 'Name is required' }),
        expect.objectContaining({ field: 'email', message: 'Invalid email' }),
      ]),
    );
    const missing = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/contacts`, payload: {}, headers: headers.editor });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([expect.objectContaining({ field: 'name', message: 'Name is required' })]);
    expect(
      (await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/contacts`, payload: { name: 'x'.repeat(201) }, headers: headers.editor }))
        .statusCode,
    ).toBe(400);
    const unknownVenue = await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${randomUUID()}/contacts`,
      payload: { name: 'Ghost' },
      headers: headers.editor,
    });
    expect(unknownVenue.statusCode).toBe(404);
    expect(unknownVenue.json()).toEqual({ error: { code: 'not_found', message: 'Venue not found' } });
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/contacts`, headers: headers.editor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/venues/not-a-uuid/contacts', headers: headers.editor })).statusCode).toBe(404);

    const contact = await addContact(venue.id, { name: 'Valid Person' });
    const badUpdate = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/contacts/${contact.id}`,
      payload: { name: 'Valid Person', email: 'nope' },
      headers: headers.editor,
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().error.details).toEqual([expect.objectContaining({ field: 'email', message: 'Invalid email' })]);
    const updated = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/contacts/${contact.id}`,
      payload: { name: 'Valid Person', title: 'Chief', phone: '(555) 010-0000', email: 'valid@example.com', tag: 'Legal' },
      headers: headers.editor,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: contact.id, title: 'Chief', phone: '(555) 010-0000', email: 'valid@example.com', tag: 'Legal' });
    expect(
      (await gateway.app.inject({ method: 'PUT', url: `/api/v1/contacts/${randomUUID()}`, payload: { name: 'Ghost' }, headers: headers.editor })).statusCode,
    ).toBe(404);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/contacts/${randomUUID()}`, headers: headers.editor })).statusCode).toBe(404);
    for (const query of ['pageSize=1000', 'page=0', `q=${'x'.repeat(201)}`])
      expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?${query}`, headers: headers.editor })).statusCode, query).toBe(400);
  });

  it('soft-deletes (204), lists deleted contacts by venue, restores (admin) and deletes permanently (admin); refuses the main contact', async () => {
    const venue = await createVenue({ name: `${token()} Lifecycle`, contactName: 'Mona Main' });
    const [main] = await venueContacts(venue.id);
    const refused = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/contacts/${main!.id}`, headers: headers.editor });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MAIN_CONTACT_REFUSED);

    const first = await addContact(venue.id, { name: 'First Gone' });
    const second = await addContact(venue.id, { name: 'Second Gone' });
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/contacts/${first.id}`, headers: headers.editor })).statusCode).toBe(204);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/contacts/${second.id}`, headers: headers.editor })).statusCode).toBe(204);
    expect((await venueContacts(venue.id)).map((contact) => contact.id)).toEqual([main!.id]);

    const deleted = await gateway.app.inject({ method: 'GET', url: '/api/v1/deleted-contacts', headers: headers.admin });
    expect(deleted.statusCode).toBe(200);
    const groups = deleted.json<{ groups: { venueId: string; venueName: string; contacts: ContactJson[] }[] }>().groups;
    const group = groups.find((candidate) => candidate.venueId === venue.id);
    expect(group?.venueName).toBe(venue.name);
    expect(group?.contacts.map((contact) => contact.id)).toEqual([second.id, first.id]);
    expect(group?.contacts.every((contact) => contact.deletedAt !== null)).toBe(true);
    // Groups by their newest deletion: before this venue's only groups with a deletion since (other files' on the shared services).
    const newest = (candidate: (typeof groups)[number]) =>
      candidate.contacts
        .map((contact) => String(contact.deletedAt))
        .sort()
        .at(-1) ?? '';
    const at = groups.findIndex((candidate) => candidate.venueId === venue.id);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(groups.slice(0, at).filter((candidate) => newest(candidate) < newest(groups[at]!))).toEqual([]);

    const restored = await gateway.app.inject({ method: 'POST', url: `/api/v1/contacts/${first.id}/restore`, headers: headers.admin });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: first.id, deletedAt: null });
    expect((await gateway.app.inject({ method: 'POST', url: `/api/v1/contacts/${first.id}/restore`, headers: headers.admin })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-contacts/${first.id}`, headers: headers.admin })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-contacts/${second.id}`, headers: headers.admin })).statusCode).toBe(204);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-contacts/${second.id}`, headers: headers.admin })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'POST', url: `/api/v1/contacts/${second.id}/restore`, headers: headers.admin })).statusCode).toBe(404);
    expect((await venueContacts(venue.id)).map((contact) => contact.id)).toEqual([main!.id, first.id]);
  });

  it('lists every active contact of active venues with its venue name, by last name, searchable and paged', async () => {
    const t = token();
    const venue = await createVenue({ name: `${t} Théâtre`, contactName: 'Zoe Adams' });
    await addContact(venue.id, { name: 'Émile Zola', tag: 'Tech' });
    await addContact(venue.id, { name: 'Aaron Miller', title: 'Rigger' });
    const list = await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${t}`, headers: headers.editor });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    const items = list.json<{ items: ContactJson[] }>().items;
    expect(items.map((contact) => contact.name)).toEqual(['Zoe Adams', 'Aaron Miller', 'Émile Zola']);
    expect(items.every((contact) => contact.venueName === venue.name)).toBe(true);
    expect(
      (await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${encodeURIComponent(`${t} EMILE`)}`, headers: headers.editor })).json().total,
    ).toBe(1);
    expect(
      (await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${encodeURIComponent(`theatre ${t} rig`)}`, headers: headers.editor })).json().total,
    ).toBe(1);
    const page = await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${t}&page=2&pageSize=2`, headers: headers.editor });
    expect(page.json()).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [expect.objectContaining({ name: 'Émile Zola' })] });

    // A deleted venue's contacts leave the list (and its contact list answers 404); a restore brings them back.
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${venue.id}`, headers: headers.admin })).statusCode).toBe(204);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${t}`, headers: headers.editor })).json().total).toBe(0);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/contacts`, headers: headers.editor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/restore`, headers: headers.admin })).statusCode).toBe(200);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${t}`, headers: headers.editor })).json().total).toBe(3);
  });

  it('serves the default tags plus those in use, and lets only admins and editors type a custom tag (403 otherwise)', async () => {
    const venue = await createVenue({ name: `${token()} Tags` });
    const custom = `Pyro ${token()}`;
    const refused = await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${venue.id}/contacts`,
      payload: { name: 'Sue', tag: custom },
      headers: headers.surveyor,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only admins and editors can add a custom tag');
    expect(
      (await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/contacts`, payload: { name: 'Olga', tag: custom }, headers: headers.owner }))
        .statusCode,
    ).toBe(403);
    await addContact(venue.id, { name: 'Sue', tag: 'Security' }, 'surveyor');
    await addContact(venue.id, { name: 'Ed', tag: custom }, 'editor');
    const tags = await gateway.app.inject({ method: 'GET', url: '/api/v1/contact-tags', headers: headers.viewer });
    expect(tags.statusCode).toBe(200);
    const list = tags.json<{ tags: string[] }>().tags;
    expect(list.slice(0, 11)).toEqual([...DEFAULT_CONTACT_TAGS]);
    expect(list).toContain(custom);
  });

  it('withholds contact details from viewers on venues and contacts (null), and does not search them', async () => {
    const t = token();
    const venue = await createVenue({
      name: `${t} Private`,
      contactName: 'Hidden Person',
      contactTitle: 'Boss',
      contactPhone: '555 1234',
      contactEmail: 'hidden@example.com',
    });
    await addContact(venue.id, { name: 'Quiet Quentin', tag: 'Legal' });
    const seen = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}`, headers: headers.viewer });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ name: venue.name, contactName: null, contactTitle: null, contactPhone: null, contactEmail: null });
    for (const contact of await venueContacts(venue.id, 'viewer'))
      expect(contact).toMatchObject({ name: null, title: null, phone: null, email: null, detailsHidden: true });
    const listed = await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${t}`, headers: headers.viewer });
    expect(listed.json().total).toBe(2);
    for (const contact of listed.json<{ items: ContactJson[] }>().items)
      expect(contact).toMatchObject({ name: null, email: null, venueName: venue.name, detailsHidden: true });
    expect(
      (await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${encodeURIComponent(`${t} quentin`)}`, headers: headers.viewer })).json().total,
    ).toBe(0);
    expect(
      (await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${encodeURIComponent(`${t} legal`)}`, headers: headers.viewer })).json().total,
    ).toBe(1);
    expect(
      (await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts?q=${encodeURIComponent(`${t} quentin`)}`, headers: headers.surveyor })).json().total,
    ).toBe(1);
    for (const role of ['surveyor', 'editor', 'admin', 'owner'] as const) {
      expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}`, headers: headers[role] })).json<VenueJson>().contactName, role).toBe(
        'Hidden Person',
      );
    }
  });
});

describe('contacts role × endpoint matrix', () => {
  it('enforces the permission table for every role and refuses anonymous callers', async () => {
    const venue = await createVenue({ name: `${token()} Matrix` });
    const endpoints: { name: string; action: Action; allowed: number; call: (auth: Record<string, string>) => Promise<InjectResponse> }[] = [
      {
        name: 'GET /venues/:id/contacts',
        action: 'venue.view',
        allowed: 200,
        call: (auth) => gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/contacts`, headers: auth }),
      },
      {
        name: 'POST /venues/:id/contacts',
        action: 'contact.create',
        allowed: 201,
        call: (auth) => gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/contacts`, payload: { name: 'Matrix Person' }, headers: auth }),
      },
      // Unknown contacts: 404 once permitted, 403 before.
      {
        name: 'PUT /contacts/:id',
        action: 'contact.edit',
        allowed: 404,
        call: (auth) => gateway.app.inject({ method: 'PUT', url: `/api/v1/contacts/${randomUUID()}`, payload: { name: 'Matrix' }, headers: auth }),
      },
      {
        name: 'DELETE /contacts/:id',
        action: 'contact.delete',
        allowed: 404,
        call: (auth) => gateway.app.inject({ method: 'DELETE', url: `/api/v1/contacts/${randomUUID()}`, headers: auth }),
      },
      {
        name: 'POST /contacts/:id/restore',
        action: 'contact.restore',
        allowed: 404,
        call: (auth) => gateway.app.inject({ method: 'POST', url: `/api/v1/contacts/${randomUUID()}/restore`, headers: auth }),
      },
      {
        name: 'GET /contacts',
        action: 'venue.view',
        allowed: 200,
        call: (auth) => gateway.app.inject({ method: 'GET', url: '/api/v1/contacts', headers: auth }),
      },
      {
        name: 'GET /deleted-contacts',
        action: 'contact.view_deleted',
        allowed: 200,
        call: (auth) => gateway.app.inject({ method: 'GET', url: '/api/v1/deleted-contacts', headers: auth }),
      },
      {
        name: 'DELETE /deleted-contacts/:id',
        action: 'contact.purge',
        allowed: 404,
        call: (auth) => gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-contacts/${randomUUID()}`, headers: auth }),
      },
      {
        name: 'GET /contact-tags',
        action: 'venue.view',
        allowed: 200,
        call: (auth) => gateway.app.inject({ method: 'GET', url: '/api/v1/contact-tags', headers: auth }),
      },
    ];
    const outcomes: string[] = [];
    for (const role of ROLES) {
      for (const endpoint of endpoints) {
        const response = await endpoint.call(headers[role]);
        outcomes.push(`${role} ${endpoint.name} ${response.statusCode}`);
        expect(response.statusCode, `${role} ${endpoint.name}: ${response.body}`).toBe(can(role, endpoint.action) ? endpoint.allowed : 403);
      }
    }
    for (const endpoint of endpoints) expect((await endpoint.call({})).statusCode, `anonymous ${endpoint.name}`).toBe(401);
    // Spot checks that do not lean on the table.
    expect(outcomes).toEqual(
      expect.arrayContaining([
        'viewer POST /venues/:id/contacts 403',
        'surveyor POST /venues/:id/contacts 201',
        'editor GET /deleted-contacts 403',
        'owner GET /deleted-contacts 200',
        'viewer GET /contacts 200',
      ]),
    );
  });
});
