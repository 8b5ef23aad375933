// The one service shape (ARCHITECTURE.md, "Service shape"), checked for every registered domain service: the same
// folders under src/, each holding what it is for, and the layers importing only downwards. A new service, or a
// file put where the shape has no place for it, fails here with the rule it breaks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '@venuebook/local';
import { filesUnder } from './repo-files.ts';
import { SERVICE_NAMES } from '@venuebook/contracts/services';
import { describe, expect, it } from 'vitest';

/** What every service has under src/. */
const REQUIRED = ['main.ts', 'config.ts', 'domain', 'events', 'grpc', 'read-model', 'repositories', 'testing', 'use-cases'] as const;
/**
 * What a service may have besides: `adapters/`, its clients of systems outside Venue Book (mail, an OpenID
 * provider, object storage); `consumers/`, its durable consumers of other streams (inbound, like grpc/).
 */
const OPTIONAL = ['adapters', 'consumers'] as const;

/**
 * Which folders a folder's files may import from (relative imports within the service; `config.ts`, the service's
 * settings, from anywhere but domain/). Pure rules import nothing of the service; storage knows nothing of lists,
 * behaviour or transport; the behaviour knows nothing of its callers (gRPC handlers, durable consumers).
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  domain: ['domain'],
  repositories: ['domain', 'repositories', 'config.ts'],
  'read-model': ['domain', 'repositories', 'read-model', 'config.ts'],
  events: ['domain', 'repositories', 'events', 'config.ts'],
  adapters: ['domain', 'adapters', 'config.ts'],
  'use-cases': ['domain', 'repositories', 'read-model', 'events', 'adapters', 'use-cases', 'config.ts'],
  grpc: ['domain', 'use-cases', 'grpc', 'config.ts'],
  consumers: ['domain', 'use-cases', 'events', 'consumers', 'config.ts'],
};

const srcOf = (service: string): string => join(REPO_ROOT, 'services', service, 'src');

/** The relative import specifiers of a file (static, re-exports and dynamic imports). */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
}

const isTest = (file: string): boolean => /\.test\.tsx?$/.test(file);

describe.each(SERVICE_NAMES.map((name) => ({ name })))('services/$name follows the service shape', ({ name }) => {
  const src = srcOf(name);

  it('has every folder and file of the shape under src/, and nothing else but integration tests and adapters', () => {
    const entries = readdirSync(src);
    for (const required of REQUIRED) expect(existsSync(join(src, required)), `services/${name}/src/${required}`).toBe(true);
    const unexpected = entries.filter(
      (entry) => !(REQUIRED as readonly string[]).includes(entry) && !(OPTIONAL as readonly string[]).includes(entry) && !entry.endsWith('.int.test.ts'),
    );
    expect(unexpected, `services/${name}/src: only ${[...REQUIRED, ...OPTIONAL].join(', ')} and *.int.test.ts`).toEqual([]);
    for (const folder of [...REQUIRED, ...OPTIONAL].filter((entry) => !entry.endsWith('.ts') && existsSync(join(src, entry)))) {
      expect(statSync(join(src, folder)).isDirectory(), `services/${name}/src/${folder} is a folder`).toBe(true);
    }
  });

  it('keeps integration tests beside main.ts, mongoose models (through the kit) and repositories in repositories/, codecs in proto, handlers in grpc/', () => {
    const files = filesUnder(src).map((file) => relative(src, file));
    expect(
      files.filter((file) => file.endsWith('.int.test.ts') && file.includes('/')),
      'integration tests sit in src/ itself',
    ).toEqual([]);
    expect(
      files.filter((file) => file.startsWith('repositories/') && !isTest(file) && !/\.(model|repository)\.ts$/.test(file)),
      'repositories/ holds *.model.ts (schemas and models) and *.repository.ts',
    ).toEqual([]);
    expect(
      files.filter(
        (file) =>
          !/^repositories\/[^/]+\.model\.ts$/.test(file) && !isTest(file) && /(new Schema\b|connection\.model\b)/.test(readFileSync(join(src, file), 'utf8')),
      ),
      'mongoose schemas and models are declared in repositories/*.model.ts',
    ).toEqual([]);
    expect(
      files.filter((file) => !isTest(file) && /connection\.models?\b/.test(readFileSync(join(src, file), 'utf8'))),
      "models are registered through the kit's registeredModel (or lockModel), never on the connection by hand",
    ).toEqual([]);
    expect(
      files.filter((file) => !isTest(file) && !file.startsWith('testing/') && /\bcreateClient\(/.test(readFileSync(join(src, file), 'utf8'))),
      "calls to another service go through the kit's clients module (createServiceClient, the venue directory, the venue links)",
    ).toEqual([]);
    expect(
      files.filter((file) => /\.codec\.ts$/.test(file)),
      'codecs live once, in proto/contracts/src/codecs',
    ).toEqual([]);
    expect(files.filter((file) => file.startsWith('grpc/') && file.endsWith('.handlers.ts')).length, 'grpc/ has the handlers (*.handlers.ts)').toBeGreaterThan(
      0,
    );
  });

  it('keeps config.ts to its settings: it imports nothing else of the service', () => {
    const inside = relativeImports(join(src, 'config.ts')).filter((specifier) => !relative(src, join(src, specifier)).startsWith('..'));
    expect(inside).toEqual([]);
  });

  it('wires itself in main.ts through the kit (startDomainService, runServiceMain)', () => {
    const main = readFileSync(join(src, 'main.ts'), 'utf8');
    expect(main).toMatch(/\bstartDomainService\(/);
    expect(main).toMatch(/\brunServiceMain\(/);
  });

  it('imports only downwards: domain ← repositories ← read-model ← use-cases ← grpc and consumers', () => {
    const broken: string[] = [];
    for (const file of filesUnder(src)) {
      const path = relative(src, file);
      const folder = path.split('/')[0]!;
      const allowed = MAY_IMPORT[folder];
      if (!allowed || isTest(path) || !path.includes('/')) continue;
      for (const specifier of relativeImports(file)) {
        const target = relative(src, join(file, '..', specifier));
        if (target.startsWith('..')) continue;
        const targetFolder = target.includes('/') ? target.split('/')[0]! : target;
        if (!allowed.includes(targetFolder)) broken.push(`${path} imports ${target} (${folder}/ may import ${allowed.join(', ')})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
