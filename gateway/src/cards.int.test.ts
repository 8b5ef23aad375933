// The cards API (master templates, a venue's cards per department, order, deleted cards) through the gateway on
// the real services: bodies, answers and errors of every endpoint.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, SELECT_CARDS_REQUIRED, SELECT_OPTION_REQUIRED, CARD_PROTECTED } from '@venuebook/domain';
import type { DataCard } from '@venuebook/domain';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { gatewayFixture } from './testing/gateway-fixture.ts';

const gateway = gatewayFixture(['viewer', 'editor', 'admin']);
const { viewer, editor, admin } = gateway.headers;

type List = { items: DataCard[] };
const IT = encodeURIComponent('IT');
const titles = (response: InjectResponse) => response.json<List>().items.map((card) => card.title);

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown): Promise<InjectResponse> {
  return gateway.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

function expectStatus(response: InjectResponse, status: number): InjectResponse {
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

async function createVenue(): Promise<string> {
  return expectStatus(await inject('POST', '/venues', editor, { name: `Cards ${randomUUID().slice(0, 6)} Hall` }), 201).json<{ id: string }>().id;
}

async function templateId(title: string): Promise<string> {
  const card = (await inject('GET', '/card-templates', viewer)).json<List>().items.find((each) => each.title === title);
  if (!card) throw new Error(`no template ${title}`);
  return card.id;
}

describe('card templates through the gateway', () => {
  it("GET /card-templates lists a department's templates, General Notes first; every template without a department; 400 for an unknown one", async () => {
    const items = expectStatus(await inject('GET', `/card-templates?department=${encodeURIComponent('Production/Broadcast')}`, viewer), 200).json<List>().items;
    expect(items[0]).toMatchObject({ title: 'General Notes', isSystemProtected: true, isTemplate: true, venueId: null, deletedAt: null, templateId: null });
    expect(items.length).toBeGreaterThan(1);
    const all = expectStatus(await inject('GET', '/card-templates', viewer), 200);
    const primaries = all.json<List>().items.map((card) => DEPARTMENTS.indexOf(card.primaryDepartment));
    expect(primaries).toEqual([...primaries].sort((a, b) => a - b));
    const bad = expectStatus(await inject('GET', '/card-templates?department=Kitchen', viewer), 400);
    expect(bad.json().error.details[0].field).toContain('department');
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/card-templates' })).statusCode).toBe(401);
  });

  it('POST, PUT, order, move and DELETE a template (admins); 400 for bad bodies and protected cards, 403 for editors, 404 for unknown ids', async () => {
    const created = expectStatus(
      await inject('POST', '/card-templates', admin, { title: ' Stage Power ', departments: ['IT'], fields: [{ label: 'Amps', type: 'number' }] }),
      201,
    );
    const card = created.json<DataCard>();
    expect(created.headers.location).toBe(`/api/v1/cards/${card.id}`);
    expect(card).toMatchObject({ title: 'Stage Power', departments: ['IT'], primaryDepartment: 'IT', deletedAt: null });
    expect(card.fields.map((field) => field.key)).toEqual(['amps', 'notes']);
    expectStatus(await inject('POST', '/card-templates', editor, { title: 'x', departments: ['IT'] }), 403);
    const select = expectStatus(
      await inject('POST', '/card-templates', admin, { title: 'S', departments: ['IT'], fields: [{ label: 'Kind', type: 'select', options: [] }] }),
      400,
    );
    expect(select.json().error.details).toEqual([{ field: 'fields.0.options', message: SELECT_OPTION_REQUIRED }]);
    expectStatus(await inject('POST', '/card-templates', admin, { title: '', departments: ['IT'] }), 400);

    expect(
      expectStatus(await inject('PUT', `/card-templates/${card.id}`, admin, { title: 'Stage Power 2', departments: ['IT'] }), 200).json<DataCard>().title,
    ).toBe('Stage Power 2');
    expectStatus(await inject('PUT', `/card-templates/${randomUUID()}`, admin, { title: 'x' }), 404);

    const ordered = expectStatus(await inject('PUT', '/card-templates/order', admin, { department: 'IT', cardIds: [card.id] }), 200);
    expect(titles(ordered).slice(0, 2)).toEqual(['General Notes', 'Stage Power 2']);
    expectStatus(await inject('PUT', '/card-templates/order', admin, { department: 'Nope', cardIds: [] }), 400);

    expect(expectStatus(await inject('POST', `/card-templates/${card.id}/move`, admin, { department: 'Events' }), 200).json<DataCard>().primaryDepartment).toBe(
      'Events',
    );
    const general = await templateId('General Notes');
    expect(expectStatus(await inject('POST', `/card-templates/${general}/move`, admin, { department: 'Events' }), 400).json().error.message).toBe(
      CARD_PROTECTED,
    );
    expect(expectStatus(await inject('DELETE', `/card-templates/${general}`, admin), 400).json().error.message).toBe(CARD_PROTECTED);

    expect(expectStatus(await inject('DELETE', `/card-templates/${card.id}`, admin), 200).json<DataCard>().deletedAt).not.toBeNull();
    expectStatus(await inject('DELETE', `/card-templates/${card.id}`, admin), 404);
    // A deleted card is shown only to those who may see deleted cards.
    expectStatus(await inject('GET', `/cards/${card.id}`, viewer), 404);
    expect(expectStatus(await inject('GET', `/cards/${card.id}`, admin), 200).json<DataCard>().deletedAt).not.toBeNull();
  });
});

describe("a venue's cards through the gateway", () => {
  it('lists, adds templates, creates, updates, orders, customises and removes cards, with the spec messages for bad input', async () => {
    const venueId = await createVenue();
    expect(expectStatus(await inject('GET', `/venues/${venueId}/cards?department=${IT}`, viewer), 200).json<List>().items).toEqual([]);
    expectStatus(await inject('GET', `/venues/${venueId}/cards`, viewer), 400);
    expect(expectStatus(await inject('GET', `/venues/${randomUUID()}/cards?department=${IT}`, viewer), 404).json().error.message).toBe('Venue not found');

    const network = await templateId('Network');
    const phones = await templateId('Phones and Radios');
    expect(
      expectStatus(await inject('POST', `/venues/${venueId}/cards/templates`, editor, { department: 'IT', templateIds: [] }), 400).json().error.message,
    ).toBe(SELECT_CARDS_REQUIRED);
    expectStatus(await inject('POST', `/venues/${venueId}/cards/templates`, editor, { department: 'IT', templateIds: [randomUUID()] }), 400);
    // An unknown id of any text is named in the field details (guards against a non-ASCII id crashing the service while it answers).
    const odd = expectStatus(await inject('POST', `/venues/${venueId}/cards/templates`, editor, { department: 'IT', templateIds: ['é\u0002😀'] }), 400);
    expect(odd.json().error.details).toEqual([{ field: 'templateIds.0', message: 'Card not found: é\u0002😀' }]);
    const added = expectStatus(
      await inject('POST', `/venues/${venueId}/cards/templates`, editor, { department: 'IT', templateIds: [network, phones] }),
      200,
    ).json<List & { added: number }>();
    expect(added.added).toBe(2);
    expect(added.items.map((card) => card.title)).toEqual(['Network', 'Phones and Radios']);

    const created = expectStatus(
      await inject('POST', `/venues/${venueId}/cards`, editor, {
        department: 'IT',
        title: '  Server Room ',
        fields: [{ label: 'Rack Count', type: 'number' }, { label: 'rack count' }],
      }),
      201,
    );
    const custom = created.json<DataCard>();
    expect(custom).toMatchObject({ title: 'Server Room', venueId, isTemplate: false, departments: ['IT'] });
    expect(custom.fields.map((field) => field.key)).toEqual(['rack_count', 'notes']);
    expectStatus(await inject('POST', `/venues/${venueId}/cards`, editor, { department: 'IT', title: '   ' }), 400);
    expectStatus(await inject('POST', `/venues/${venueId}/cards`, viewer, { department: 'IT', title: 'No' }), 403);

    expect(expectStatus(await inject('PUT', `/cards/${custom.id}`, editor, { title: 'Server Room B' }), 200).json<DataCard>().title).toBe('Server Room B');
    expectStatus(await inject('PUT', `/cards/${custom.id}`, editor, { title: 'x', fields: [{ label: 'K', type: 'select' }] }), 400);
    expectStatus(await inject('PUT', `/cards/${randomUUID()}`, editor, { title: 'x' }), 404);

    const ordered = expectStatus(await inject('PUT', `/venues/${venueId}/cards/order`, editor, { department: 'IT', cardIds: [custom.id, phones] }), 200);
    expect(titles(ordered)).toEqual(['Server Room B', 'Phones and Radios', 'Network']);
    expectStatus(await inject('PUT', `/venues/${venueId}/cards/order`, editor, { department: 'IT', cardIds: 'x' }), 400);

    const customised = expectStatus(
      await inject('POST', `/venues/${venueId}/cards/templates/${network}/customize`, editor, { department: 'IT' }),
      201,
    ).json<DataCard>();
    expect(customised).toMatchObject({ title: 'Network', templateId: network, venueId });
    expect(titles(expectStatus(await inject('GET', `/venues/${venueId}/cards?department=${IT}`, viewer), 200))).toEqual([
      'Server Room B',
      'Phones and Radios',
      'Network',
    ]);
    expectStatus(await inject('POST', `/venues/${venueId}/cards/templates/${randomUUID()}/customize`, editor, { department: 'IT' }), 404);

    expectStatus(await inject('DELETE', `/venues/${venueId}/cards/templates/${phones}?department=IT`, editor), 204);
    expectStatus(await inject('DELETE', `/venues/${venueId}/cards/templates/${phones}?department=IT`, editor), 404);
    expectStatus(await inject('DELETE', `/venues/${venueId}/cards/templates/${phones}`, editor), 400);
    expect(titles(expectStatus(await inject('GET', `/venues/${venueId}/cards?department=${IT}`, viewer), 200))).toEqual(['Server Room B', 'Network']);
  });

  it('soft delete → deleted list (admins, with deletedAt) → restore → delete again → purge; department removal', async () => {
    const venueId = await createVenue();
    const card = expectStatus(
      await inject('POST', `/venues/${venueId}/cards`, editor, { department: 'Events', title: 'Green Room', departments: ['Events', 'IT'] }),
      201,
    ).json<DataCard>();
    expectStatus(await inject('DELETE', `/deleted-cards/${card.id}`, admin), 400);
    const deleted = expectStatus(await inject('DELETE', `/cards/${card.id}`, editor), 200).json<DataCard>();
    expect(deleted.deletedAt).not.toBeNull();
    expectStatus(await inject('DELETE', `/cards/${card.id}`, editor), 404);
    expectStatus(await inject('GET', '/deleted-cards', editor), 403);
    const list = expectStatus(await inject('GET', '/deleted-cards', admin), 200).json<List>().items;
    // Newest deletion first: before it only cards deleted since (other files' on the shared services).
    const at = list.findIndex((each) => each.id === card.id);
    expect(list[at]).toMatchObject({ id: card.id, deletedAt: deleted.deletedAt });
    expect(list.slice(0, at).filter((each) => String(each.deletedAt) < String(deleted.deletedAt))).toEqual([]);
    expectStatus(await inject('POST', `/cards/${card.id}/restore`, editor), 403);
    expect(expectStatus(await inject('POST', `/cards/${card.id}/restore`, admin), 200).json<DataCard>().deletedAt).toBeNull();
    expectStatus(await inject('POST', `/cards/${card.id}/restore`, admin), 404);
    expect(titles(expectStatus(await inject('GET', `/venues/${venueId}/cards?department=Events`, viewer), 200))).toEqual(['Green Room']);

    expectStatus(await inject('POST', `/cards/${card.id}/remove-department`, editor, { department: 'Events' }), 400);
    expectStatus(await inject('POST', `/cards/${randomUUID()}/remove-department`, editor, { department: 'Events' }), 404);

    expectStatus(await inject('DELETE', `/cards/${card.id}`, editor), 200);
    expectStatus(await inject('DELETE', `/deleted-cards/${card.id}`, editor), 403);
    expectStatus(await inject('DELETE', `/deleted-cards/${card.id}`, admin), 204);
    expectStatus(await inject('DELETE', `/deleted-cards/${card.id}`, admin), 404);
    expectStatus(await inject('GET', `/cards/${card.id}`, viewer), 404);
  });
});
