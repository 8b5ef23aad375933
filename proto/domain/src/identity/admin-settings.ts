import { z } from 'zod';

/**
 * The admin settings (spec §3 admin_settings: key → value) and how each value is validated. '' clears a
 * setting. Known key: first_login_zapier_webhook_url (the server posts a new user's info to it; https only,
 * since the body carries an e-mail address).
 */
/**
 * An https URL on a public-looking host name: at least two labels, the last one letters only (so no IP
 * address in any spelling: 127.0.0.1, 0x7f.0x0.0x0.0x1, 2130706433.0), no port or user info, and not a
 * name that only resolves inside a network (localhost, *.internal, *.local, *.localhost). A pattern, so the
 * API document states it exactly. A name can still resolve to a private address (127.0.0.1.nip.io): the
 * sender must check the resolved address before it connects (and not follow redirects).
 */
export const WEBHOOK_URL_PATTERN =
  /^https:\/\/(?![^/]*\.(?:[Ii][Nn][Tt][Ee][Rr][Nn][Aa][Ll]|[Ll][Oo][Cc][Aa][Ll]|[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt])(?:\/|$))(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,63}(?:\/[^\s]*)?$/;
export const WEBHOOK_URL_MESSAGE = 'must be an https:// URL on a public host name (no IP address, port or internal name)';

const webhookUrlSchema = z.union([z.literal(''), z.string().max(2048, 'must be at most 2048 characters').regex(WEBHOOK_URL_PATTERN, WEBHOOK_URL_MESSAGE)]);

/**
 * A receiver on this machine (http or https on 127.0.0.1, [::1] or localhost, any port): accepted only where the
 * deployment allows it explicitly (local mode and tests: WEBHOOK_ALLOW_LOOPBACK), never on a real deployment.
 */
export const LOOPBACK_WEBHOOK_URL_PATTERN = /^https?:\/\/(?:127\.0\.0\.1|\[::1\]|localhost)(?::\d{1,5})?(?:\/[^\s]*)?$/;
export const LOOPBACK_WEBHOOK_URL_MESSAGE = 'a receiver on this machine (127.0.0.1, localhost) is allowed only in local mode';

/** What the API accepts as a webhook URL before the service decides: '', a public https URL, or a loopback one (local mode only). */
export const webhookUrlInputSchema = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .regex(new RegExp(`^$|${WEBHOOK_URL_PATTERN.source}|${LOOPBACK_WEBHOOK_URL_PATTERN.source}`), WEBHOOK_URL_MESSAGE);

/** Whether `url` is a webhook receiver on this machine (see LOOPBACK_WEBHOOK_URL_PATTERN). */
export function isLoopbackWebhookUrl(url: string): boolean {
  return LOOPBACK_WEBHOOK_URL_PATTERN.test(url.trim());
}

export const ADMIN_SETTING_VALUE_SCHEMAS = {
  first_login_zapier_webhook_url: webhookUrlSchema,
} as const satisfies Record<string, z.ZodType<string>>;

export type AdminSettingKey = keyof typeof ADMIN_SETTING_VALUE_SCHEMAS;
export const ADMIN_SETTING_KEYS = Object.keys(ADMIN_SETTING_VALUE_SCHEMAS) as AdminSettingKey[];

export const adminSettingKeySchema = z
  .enum(ADMIN_SETTING_KEYS as [AdminSettingKey, ...AdminSettingKey[]])
  .meta({ id: 'AdminSettingKey', description: 'A known admin setting' });

export function isAdminSettingKey(key: unknown): key is AdminSettingKey {
  return typeof key === 'string' && Object.hasOwn(ADMIN_SETTING_VALUE_SCHEMAS, key);
}

/**
 * Validates `value` for `key`: the normalised value, or the reasons it is refused. `allowLoopbackWebhook`: the
 * deployment's explicit allowance of a webhook receiver on this machine (local mode, tests).
 */
export function validateAdminSetting(
  key: string,
  value: unknown,
  options: { allowLoopbackWebhook?: boolean } = {},
): { ok: true; value: string } | { ok: false; field: 'key' | 'value'; messages: string[] } {
  if (!isAdminSettingKey(key)) return { ok: false, field: 'key', messages: [`Unknown setting '${key.slice(0, 100)}'`] };
  if (key === 'first_login_zapier_webhook_url' && typeof value === 'string' && isLoopbackWebhookUrl(value)) {
    return options.allowLoopbackWebhook && value.trim().length <= 2048
      ? { ok: true, value: value.trim() }
      : { ok: false, field: 'value', messages: [LOOPBACK_WEBHOOK_URL_MESSAGE] };
  }
  const parsed = ADMIN_SETTING_VALUE_SCHEMAS[key].safeParse(typeof value === 'string' ? value.trim() : value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, field: 'value', messages: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
}

export const adminSettingSchema = z
  .object({
    key: adminSettingKeySchema,
    value: z.string().describe("'' when not set"),
    updatedAt: z.string().nullable().describe('When it was last changed (RFC 3339)'),
    updatedBy: z.string().nullable().describe('E-mail of who changed it last'),
  })
  .meta({ id: 'AdminSetting', description: 'One admin setting' });

export type AdminSetting = z.infer<typeof adminSettingSchema>;

export const adminSettingsSchema = z
  .object({ settings: z.array(adminSettingSchema) })
  .meta({ id: 'AdminSettings', description: 'Every known admin setting, set or not' });

/**
 * PUT body: the new value ('' clears it). Its rules depend on the key; with one known key they are that
 * key's (a second key makes this the union of the value schemas, and the server checks the value by key).
 */
export const adminSettingUpdateSchema = z
  .object({ value: webhookUrlInputSchema })
  .meta({ id: 'AdminSettingUpdate', description: "A setting's new value ('' clears it)" });
