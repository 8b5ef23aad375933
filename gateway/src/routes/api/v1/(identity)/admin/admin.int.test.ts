// The audit log and the admin settings through the gateway, on the real services: a venue created by an
// editor reaches the owner's audit log (venues → audit stream → identity), only owners read it, and admins
// read and change the settings with validation.
import { testInfra } from '@venuebook/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_URL_MESSAGE } from '@venuebook/domain';
import type { AdminSetting, AuditLogPage } from '@venuebook/domain';
import { startGatewayUnderTest } from '../../../../../testing/gateway-under-test.ts';
import type { GatewayUnderTest } from '../../../../../testing/gateway-under-test.ts';

/** Retries `check` until it stops throwing (10 s): the audit log is written by a consumer, a moment later. */
// The audit entry travels: the service's event, identity's durable consumer, its store, identity's list (seconds on a busy machine).
const waitFor = <T>(check: () => Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 30_000, interval: 100 });

let under: GatewayUnderTest;
const headers: Partial<Record<'owner' | 'admin' | 'editor' | 'viewer', { authorization: string }>> = {};

// Services of its own: it reads the settings before anyone wrote them and sets the company-wide first-login webhook.
beforeAll(async () => {
  under = await startGatewayUnderTest(testInfra());
  for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) headers[role] = await under.as(role);
});

afterAll(async () => {
  await under?.stop();
});

const get = (url: string, role: keyof typeof headers) => under.app.inject({ method: 'GET', url, headers: headers[role] });

describe('GET /api/v1/audit-logs', () => {
  it("shows the owner an editor's venue creation once, with who, action, table, record and values", async () => {
    const created = await under.app.inject({
      method: 'POST',
      url: '/api/v1/venues',
      payload: { name: 'Audited Hall', leagues: ['OTX'] },
      headers: headers.editor,
    });
    expect(created.statusCode, created.body).toBe(201);
    const venue = created.json<{ id: string }>();

    const page = await waitFor(async () => {
      const response = await get(`/api/v1/audit-logs?table=venues&recordId=${venue.id}`, 'owner');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<AuditLogPage>();
      expect(body.total).toBe(1);
      return body;
    });
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.entries[0]).toMatchObject({
      userEmail: under.accounts.editor.email,
      action: 'create',
      tableName: 'venues',
      recordId: venue.id,
      oldValues: null,
      service: 'venues',
    });
    expect(page.entries[0]?.newValues).toMatchObject({ name: 'Audited Hall', leagues: ['OTX'] });
  });

  it('is for owners only: 403 for admin, editor and viewer, 401 without a session', async () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const response = await get('/api/v1/audit-logs', role);
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'permission_denied' } });
    }
    expect((await under.app.inject({ method: 'GET', url: '/api/v1/audit-logs' })).statusCode).toBe(401);
  });

  it('answers 400 with the field for bounds and malformed filters', async () => {
    for (const [query, field] of [
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
      ['page=99999999999999', 'page'],
      ['from=yesterday', 'from'],
      ['table=Venues', 'table'],
    ] as const) {
      const response = await get(`/api/v1/audit-logs?${query}`, 'owner');
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(field);
    }
  });
});

describe('/api/v1/admin/settings', () => {
  const KEY = 'first_login_zapier_webhook_url';
  const HOOK = 'https://hooks.zapier.com/hooks/catch/123/abc/';

  it('lets an admin read every setting, set one and read it back; the change is in the audit log', async () => {
    const all = await get('/api/v1/admin/settings', 'admin');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<{ settings: AdminSetting[] }>().settings).toEqual([{ key: KEY, value: '', updatedAt: null, updatedBy: null }]);

    const put = await under.app.inject({ method: 'PUT', url: `/api/v1/admin/settings/${KEY}`, payload: { value: HOOK }, headers: headers.admin });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ key: KEY, value: HOOK, updatedBy: under.accounts.admin.email });

    const one = await get(`/api/v1/admin/settings/${KEY}`, 'owner');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ key: KEY, value: HOOK });

    await waitFor(async () => {
      const audit = (await get(`/api/v1/audit-logs?table=admin_settings&recordId=${KEY}`, 'owner')).json<AuditLogPage>();
      expect(audit.entries[0]).toMatchObject({ action: 'create', userEmail: under.accounts.admin.email, newValues: { setting_value: HOOK }, oldValues: null });
    });
  });

  it('refuses a value that is no https URL and an unknown key (400 with the field and the reason)', async () => {
    for (const value of ['http://hooks.zapier.com/x', 'javascript:alert(1)', 'not a url', 'https://169.254.169.254/latest/meta-data/']) {
      const response = await under.app.inject({ method: 'PUT', url: `/api/v1/admin/settings/${KEY}`, payload: { value }, headers: headers.admin });
      expect(response.statusCode, value).toBe(400);
      expect(response.json(), value).toMatchObject({ error: { details: [{ field: 'value', message: WEBHOOK_URL_MESSAGE }] } });
    }
    const unknown = await under.app.inject({ method: 'PUT', url: '/api/v1/admin/settings/no_such_key', payload: { value: '' }, headers: headers.admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { details: [{ field: 'key' }] } });
    expect((await get('/api/v1/admin/settings/no_such_key', 'admin')).statusCode).toBe(400);
  });

  it('is for admins and owners: 403 for editor and viewer', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      expect((await get('/api/v1/admin/settings', role)).statusCode, role).toBe(403);
      const put = await under.app.inject({ method: 'PUT', url: `/api/v1/admin/settings/${KEY}`, payload: { value: '' }, headers: headers[role] });
      expect(put.statusCode, role).toBe(403);
    }
  });
});
