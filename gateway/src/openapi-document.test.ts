// gateway/openapi.json and the sdk's types of it (shell/sdk/src/api/openapi.gen.ts) are what the gateway's routes make
// now: a route, schema or tag changed without `npm run generate:api` fails here, before the browser's api client is
// type-checked against a stale document.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { GENERATE_API_COMMAND, generatedApiFiles, OPENAPI_DOCUMENT_FILE, OPENAPI_TYPES_FILE } from './openapi-document.ts';

/** Where two texts part: the first differing line, as `line N: committed … / generated …`. */
function firstDifference(committed: string, generated: string): string {
  const [a, b] = [committed.split('\n'), generated.split('\n')];
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end)')}, generated ${JSON.stringify(b[at] ?? '(end)')}`;
}

describe('the committed OpenAPI document and the browser types of it', () => {
  it(`are what the gateway's routes make now (${GENERATE_API_COMMAND})`, async () => {
    const files = await generatedApiFiles();
    expect([...files.keys()]).toEqual([OPENAPI_DOCUMENT_FILE, OPENAPI_TYPES_FILE]);
    const stale = [...files]
      .map(([file, generated]) => ({ file: relative(REPO_ROOT, file), committed: readFileSync(file, 'utf8'), generated }))
      .filter(({ committed, generated }) => committed !== generated)
      .map(({ file, committed, generated }) => `${file} (${firstDifference(committed, generated)})`);
    expect(stale, `stale, run \`${GENERATE_API_COMMAND}\``).toEqual([]);
  }, 60_000);
});
