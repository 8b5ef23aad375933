// `npm run generate:api`: the gateway's OpenAPI document, built from its routes without any server (no services, no
// NATS), written to gateway/openapi.json, and the browser's types of it (openapi-typescript) written to
// shell/sdk/src/api/openapi.gen.ts, which the sdk's api client is typed by. `npm run generate:api -- --check` only
// compares (exit 1 when either file is stale); gateway/src/openapi-document.test.ts does the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import { createLogger, loadConfig } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { buildApp } from './app.ts';
import { gatewayConfigSchema, REPO_ROOT } from './config.ts';

export const OPENAPI_DOCUMENT_FILE = join(REPO_ROOT, 'gateway', 'openapi.json');
export const OPENAPI_TYPES_FILE = join(REPO_ROOT, 'shell', 'sdk', 'src', 'api', 'openapi.gen.ts');
export const GENERATE_API_COMMAND = 'npm run generate:api';

/**
 * The NATS connection of a build that serves nothing: its subscriptions never receive, nothing is published, and
 * draining it (on close) has nothing to wait for. Only the calls the plugins make while they register and close.
 */
function unconnectedNats(): Promise<NatsConnection> {
  const subscription = { unsubscribe: () => undefined };
  const connection: Pick<NatsConnection, 'subscribe' | 'publish' | 'drain'> = {
    subscribe: () => subscription as unknown as ReturnType<NatsConnection['subscribe']>,
    publish: () => undefined,
    drain: async () => undefined,
  };
  return Promise.resolve(connection as NatsConnection);
}

/**
 * The document as the gateway serves it at /api/docs/json. Its settings are the defaults: the placeholders below
 * (secrets, addresses) are never used, since the app only registers its routes and is closed again.
 */
export async function openApiDocument(): Promise<OpenAPI3> {
  const config = loadConfig(gatewayConfigSchema, {
    NATS_URL: 'nats://127.0.0.1:1',
    USER_CONTEXT_KEY: 'k'.repeat(32),
    JWT_SECRET: 'j'.repeat(32),
    COMPANY_DOMAIN: 'example.com',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    API_DOCS: 'off',
  });
  const app = await buildApp(config, { logger: createLogger('openapi-document', { level: 'silent' }), connectNats: unconnectedNats });
  try {
    return app.swagger() as OpenAPI3;
  } finally {
    await app.close();
  }
}

/** gateway/openapi.json's text. */
export function documentJson(document: OpenAPI3): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** shell/sdk/src/api/openapi.gen.ts's text: `paths`, `components` and `operations` of the document, types only. */
export async function documentTypes(document: OpenAPI3): Promise<string> {
  // openapi-typescript resolves the document's $refs in place: it is given a copy. A property with a default is
  // optional, as the document says (by default openapi-typescript makes it required, right for answers only; the
  // gateway's answers carry no defaults).
  const nodes = await openapiTS(structuredClone(document), { silent: true, defaultNonNullable: false });
  return `${COMMENT_HEADER.replace(' */', ` * Regenerate it with \`${GENERATE_API_COMMAND}\` (gateway/src/openapi-document.ts).\n */`)}${astToString(nodes)}`;
}

/** The two files as the gateway's routes make them now, by path. */
export async function generatedApiFiles(): Promise<Map<string, string>> {
  const document = await openApiDocument();
  return new Map([
    [OPENAPI_DOCUMENT_FILE, documentJson(document)],
    [OPENAPI_TYPES_FILE, await documentTypes(document)],
  ]);
}

if (import.meta.main) {
  const files = await generatedApiFiles();
  const relative = (file: string): string => file.replace(`${REPO_ROOT}/`, '');
  if (process.argv.includes('--check')) {
    const stale = [...files].filter(([file, text]) => readFileSync(file, 'utf8') !== text).map(([file]) => relative(file));
    if (stale.length > 0) {
      console.error(`${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} stale: run \`${GENERATE_API_COMMAND}\``);
      process.exit(1);
    }
    console.log('gateway/openapi.json and the sdk types are up to date');
  } else {
    for (const [file, text] of files) {
      writeFileSync(file, text);
      console.log(`wrote ${relative(file)}`);
    }
  }
}
