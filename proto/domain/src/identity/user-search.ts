// The user list's search (User Management, beyond spec §2): an e-mail substring, ignoring case. Free of zod: the
// identity service, the gateway's schema and the page share these.

/** The longest search text: the longest e-mail address a mail path carries (RFC 5321), so any whole address fits. */
export const USER_SEARCH_MAX_LENGTH = 254;

/** Users per page of the User Management table. */
export const USER_PAGE_SIZE = 50;

/** The text a search looks for: trimmed and lower-cased ('' = every user). */
export function userSearchNeedle(query: string): string {
  return query.trim().toLowerCase();
}

/** Whether `email` contains the needle (from `userSearchNeedle`), ignoring case; every address contains ''. */
export function emailMatchesSearch(email: string, needle: string): boolean {
  return needle === '' || email.toLowerCase().includes(needle);
}
