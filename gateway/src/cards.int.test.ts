// The cards API (master templates, a venue's cards per department, order, deleted cards) through the gateway on
// the real services: bodies, answers and errors of every endpoint.
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '@venuebook/proto/domain';
import type { DataCard } from '@venuebook/proto/domain';
import { gatewayFixture } from './testing/gateway-fixture.ts';

const gateway = gatewayFixture(['viewer', 'editor', 'admin']);
const { viewer } = gateway.headers;

type List = { items: DataCard[] };

describe('card templates through the gateway', () => {
  it('GET /card-templates lists a department\'s templates, General Notes first; every template without a department; 400 for an unknown one', async () => {
    const facilities = await gateway.app.inject({ method: 'GET', url: `/api/v1/card-templates?department=${encodeURIComponent('Production/Broadcast')}`, headers: viewer });
    expect(facilities.statusCode, facilities.body).toBe(200);
    const items = facilities.json<List>().items;
    expect(items[0]).toMatchObject({ title: 'General Notes', isSystemProtected: true, isTemplate: true, venueId: null, deletedAt: null });
    expect(items.length).toBeGreaterThan(1);
    const all = await gateway.app.inject({ method: 'GET', url: '/api/v1/card-templates', headers: viewer });
    expect(all.statusCode).toBe(200);
    const primaries = all.json<List>().items.map((card) => DEPARTMENTS.indexOf(card.primaryDepartment));
    expect(primaries).toEqual([...primaries].sort((a, b) => a - b));
    const bad = await gateway.app.inject({ method: 'GET', url: '/api/v1/card-templates?department=Kitchen', headers: viewer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toContain('department');
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/card-templates' })).statusCode).toBe(401);
  });
});
