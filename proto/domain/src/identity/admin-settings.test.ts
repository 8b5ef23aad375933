import { describe, expect, it } from 'vitest';
import { LOOPBACK_WEBHOOK_URL_MESSAGE, validateAdminSetting, WEBHOOK_URL_MESSAGE } from './admin-settings.ts';

const KEY = 'first_login_zapier_webhook_url';

describe('the first-login webhook URL', () => {
  it('accepts https URLs on public host names, and the empty value (cleared)', () => {
    for (const url of ['https://hooks.zapier.com/hooks/catch/123/abc/', 'https://example.com', 'https://a-b.example.co.uk/x?y=1', '']) {
      expect(validateAdminSetting(KEY, url), url).toEqual({ ok: true, value: url });
    }
  });

  it('refuses IP addresses in any spelling, ports, user info, internal names and plain http (server-side request forgery)', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5',
      'https://0x7f.0x0.0x0.0x1/',
      'https://2130706433.0/',
      'https://[::1]/',
      'https://localhost/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://printer.local/',
      'https://app.localhost/',
      'https://hooks.zapier.com:8443/x',
      'https://user:pass@hooks.zapier.com/x',
      'http://hooks.zapier.com/x',
      'javascript://hooks.zapier.com/%0aalert(1)',
    ]) {
      const loopback = /^https:\/\/(127\.0\.0\.1|\[::1\]|localhost)\//.test(url);
      expect(validateAdminSetting(KEY, url), url).toEqual({
        ok: false,
        field: 'value',
        messages: [loopback ? LOOPBACK_WEBHOOK_URL_MESSAGE : WEBHOOK_URL_MESSAGE],
      });
    }
  });

  it('accepts a receiver on this machine only where the deployment allows it, and never a private or metadata address', () => {
    const allowed = { allowLoopbackWebhook: true };
    for (const url of ['http://127.0.0.1:4567/hooks/first-login', 'https://localhost:8443/x', 'http://[::1]:9000/']) {
      expect(validateAdminSetting(KEY, url), url).toEqual({ ok: false, field: 'value', messages: [LOOPBACK_WEBHOOK_URL_MESSAGE] });
      expect(validateAdminSetting(KEY, url, allowed), url).toEqual({ ok: true, value: url });
    }
    for (const url of [
      'http://10.0.0.5:80/',
      'https://169.254.169.254/latest/meta-data/',
      'http://127.0.0.2/',
      'http://127.0.0.1.nip.io/',
      'http://user@127.0.0.1/',
    ]) {
      expect(validateAdminSetting(KEY, url, allowed).ok, url).toBe(false);
    }
  });
});
