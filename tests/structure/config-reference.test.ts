// docs/configuration.md is what the processes say they read: a variable added, removed or described anew in a
// config schema without `npm run docs:config` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_REFERENCE_FILE, configReferenceMarkdown } from '@venuebook/local';

describe('the configuration reference', () => {
  it('is the one the gateway and the services describe (npm run docs:config)', async () => {
    const generated = await configReferenceMarkdown();
    expect(generated).toContain('| `JWT_SECRET` | gateway | **required** |');
    expect(readFileSync(CONFIG_REFERENCE_FILE, 'utf8')).toBe(generated);
  }, 60_000);
});
