import type { QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import { createAdminSettingQueries, createUserQueries } from './user-queries.ts';

/** A client whose calls are recorded (method and URL, body) and answered with `answer`. */
function recordingClient(answer: unknown) {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://gateway.invalid/api/v1',
    fetch: async (input, init) => {
      asked.push(`${init?.method ?? 'GET'} ${String(input)}${init?.body ? ` ${String(init.body)}` : ''}`);
      return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : Response.json(answer);
    },
  });
  return { client, asked };
}

const context = { signal: new AbortController().signal } as QueryFunctionContext<readonly unknown[]>;

describe('userQueries.list', () => {
  it('asks for one page of a search, trimmed, and keys it by search and page', async () => {
    const page = { users: [], total: 0, page: 2, pageSize: 50 };
    const { client, asked } = recordingClient(page);
    const options = createUserQueries(client).list({ q: '  Ample.COM ', page: 2, pageSize: 50 });
    expect(options.queryKey).toEqual(['users', 'list', { q: 'Ample.COM', page: 2, pageSize: 50 }]);
    await expect((options.queryFn as (c: typeof context) => Promise<unknown>)(context)).resolves.toEqual(page);
    expect(asked).toEqual(['GET http://gateway.invalid/api/v1/users?q=Ample.COM&page=2&pageSize=50']);
  });

  it('leaves a blank search out of the request and the key', async () => {
    const { client, asked } = recordingClient({ users: [], total: 0, page: 1, pageSize: 50 });
    const options = createUserQueries(client).list({ q: '   ', page: 1 });
    expect(options.queryKey).toEqual(['users', 'list', { q: '', page: 1, pageSize: null }]);
    await (options.queryFn as (c: typeof context) => Promise<unknown>)(context);
    expect(asked).toEqual(['GET http://gateway.invalid/api/v1/users?page=1']);
  });
});

describe('the users api', () => {
  it('assigns a role and removes a user by id, percent-encoded', async () => {
    const { client, asked } = recordingClient({ id: 'a b', email: 'x@example.com', role: 'editor', createdAt: '', lastSignInAt: null });
    await client.users.assignRole('a b', 'editor');
    await client.users.remove('a b');
    expect(asked).toEqual(['PUT http://gateway.invalid/api/v1/users/a%20b/role {"role":"editor"}', 'DELETE http://gateway.invalid/api/v1/users/a%20b']);
  });
});

describe('adminSettingQueries.setting', () => {
  it('reads one setting by key; set writes its value', async () => {
    const setting = { key: 'first_login_zapier_webhook_url', value: '', updatedAt: null, updatedBy: null };
    const { client, asked } = recordingClient(setting);
    const options = createAdminSettingQueries(client).setting('first_login_zapier_webhook_url');
    expect(options.queryKey).toEqual(['admin-settings', 'first_login_zapier_webhook_url']);
    await expect((options.queryFn as (c: typeof context) => Promise<unknown>)(context)).resolves.toEqual(setting);
    await client.adminSettings.set('first_login_zapier_webhook_url', 'https://hooks.zapier.com/hooks/catch/1/a/');
    expect(asked).toEqual([
      'GET http://gateway.invalid/api/v1/admin/settings/first_login_zapier_webhook_url',
      'PUT http://gateway.invalid/api/v1/admin/settings/first_login_zapier_webhook_url {"value":"https://hooks.zapier.com/hooks/catch/1/a/"}',
    ]);
  });
});
