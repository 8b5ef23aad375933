import type { AdminSettingKey } from '@venuebook/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ApiClient, type UserListParams } from '../api/api-client.ts';

/**
 * Query keys and options of `/users` reads (User Management), bound to an api client (the app's `api` in
 * `userQueries`). `invalidateQueries({ queryKey: userQueries.all })` refreshes every page and search after a role
 * change or a removal.
 */
export function createUserQueries(client: ApiClient) {
  const all = ['users'] as const;
  return {
    all,
    /**
     * One page of the users for a search (`q`) and page: a table's page, not an endless list. The page shown stays
     * while the next page or search loads (`placeholderData`), so paging and typing never empty the table.
     */
    list: (params: UserListParams) =>
      queryOptions({
        queryKey: [...all, 'list', { q: params.q?.trim() ?? '', page: params.page ?? 1, pageSize: params.pageSize ?? null }] as const,
        queryFn: ({ signal }) => client.users.list(params, { signal }),
        placeholderData: keepPreviousData,
      }),
  };
}

export const userQueries = createUserQueries(api);

/** Query keys and options of `/admin/settings` reads (admins and owners), bound to an api client. */
export function createAdminSettingQueries(client: ApiClient) {
  const all = ['admin-settings'] as const;
  return {
    all,
    /** One setting ('' when not set). */
    setting: (key: AdminSettingKey) =>
      queryOptions({
        queryKey: [...all, key] as const,
        queryFn: ({ signal }) => client.adminSettings.get(key, { signal }),
      }),
  };
}

export const adminSettingQueries = createAdminSettingQueries(api);

/** Query keys and options of the first-login webhook's reads (admins and owners), bound to an api client. */
export function createWebhookQueries(client: ApiClient) {
  const all = ['webhook'] as const;
  return {
    all,
    overview: () =>
      queryOptions({
        queryKey: [...all, 'overview'] as const,
        queryFn: ({ signal }) => client.webhook.overview({ signal }),
        // New deliveries arrive as people sign in; not while the endpoint fails (its error stays on the card).
        refetchInterval: (query) => (query.state.status === 'error' ? false : 15_000),
      }),
  };
}

export const webhookQueries = createWebhookQueries(api);
