// The architecture's arrows (ARCHITECTURE.md, "Packages and arrows") are lint rules in eslint.config.js.
// This proves each one fires: every fixture under fixtures/bad breaks one arrow and is linted as if it sat
// in the folder the arrow covers; every fixture under fixtures/good shows imports that must stay allowed.
// The fixtures themselves are excluded from `eslint .` and from tsc.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import type { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(ROOT, 'tests', 'lint', 'fixtures');
const SEE = 'See ARCHITECTURE.md, "Packages and arrows".';

/** A static import (`no-restricted-imports`, names its source) or an `import()` (`no-restricted-syntax`). */
type Hit = { line: number; arrow: string; source: string } | { line: number; arrow: string; dynamic: true };

/** fixture file → where it is linted as if it lived, and the arrows it must break (in order). */
const BAD: Record<string, { lintAs: string; hits: Hit[] }> = {
  'browser-imports-grpc.ts': {
    lintAs: 'shell/sdk/src/api/fixture.ts',
    hits: [
      { line: 2, arrow: 'browser-imports-grpc', source: '@venuebook/grpc' },
      { line: 3, arrow: 'browser-imports-grpc', source: '@grpc/grpc-js' },
      { line: 4, arrow: 'browser-imports-grpc', source: '../../../../proto/grpc/src/grpc-error.ts' },
    ],
  },
  'browser-imports-proto-beyond-domain.ts': {
    lintAs: 'mfe-venues/src/home/fixture.tsx',
    hits: [
      { line: 2, arrow: 'browser-imports-proto-beyond-domain', source: '@venuebook/contracts/venues/v1' },
      { line: 3, arrow: 'browser-imports-proto-beyond-domain', source: '@venuebook/contracts/codecs/venues' },
      { line: 4, arrow: 'browser-imports-proto-beyond-domain', source: '../../../proto/domain/src/index.ts' },
      { line: 5, arrow: 'browser-imports-proto-beyond-domain', source: '@venuebook/domain/testing' },
    ],
  },
  'browser-imports-service-kit.ts': {
    lintAs: 'shell/src/auth/fixture.ts',
    hits: [
      { line: 2, arrow: 'browser-imports-service-kit', source: '@venuebook/service-kit' },
      { line: 3, arrow: 'browser-imports-service-kit', source: '@venuebook/service-kit/testing' },
      { line: 5, arrow: 'browser-imports-service-kit', source: '../../../services/kit/src/shutdown.ts' },
    ],
  },
  'browser-imports-server-code.ts': {
    lintAs: 'mfe-admin/src/fixture.ts',
    hits: [
      { line: 2, arrow: 'browser-imports-server-code', source: '@venuebook/local' },
      { line: 3, arrow: 'browser-imports-server-code', source: '../../gateway/src/app.ts' },
      { line: 4, arrow: 'browser-imports-server-code', source: '../../services/identity/src/main.ts' },
      { line: 7, arrow: 'browser-imports-server-code', dynamic: true },
    ],
  },
  'browser-imports-node-builtin.ts': {
    lintAs: 'mfe-cards/src/cards/fixture.ts',
    hits: [
      { line: 2, arrow: 'browser-imports-node-builtin', source: 'node:fs' },
      { line: 3, arrow: 'browser-imports-node-builtin', source: 'path' },
      { line: 4, arrow: 'browser-imports-node-builtin', source: 'fs/promises' },
      { line: 7, arrow: 'browser-imports-node-builtin', dynamic: true },
    ],
  },
  'browser-imports-sdk-by-path.ts': {
    lintAs: 'mfe-media/src/fixture.ts',
    hits: [{ line: 2, arrow: 'browser-imports-sdk-by-path', source: '../../shell/sdk/src/index.ts' }],
  },
  'remote-imports-remote.ts': {
    lintAs: 'mfe-venues/src/venue-detail/fixture.tsx',
    hits: [
      { line: 2, arrow: 'remote-imports-remote', source: '@venuebook/mfe-cards' },
      { line: 3, arrow: 'remote-imports-remote', source: '../../../mfe-media/src/routes.ts' },
      { line: 6, arrow: 'remote-imports-remote', dynamic: true },
    ],
  },
  'remote-imports-shell.ts': {
    lintAs: 'mfe-cards/src/fixture.ts',
    hits: [
      { line: 2, arrow: 'remote-imports-shell', source: '../../shell/src/routes/route-table.ts' },
      { line: 3, arrow: 'remote-imports-shell', source: '@venuebook/shell/src/layout/app-layout.tsx' },
    ],
  },
  'shell-imports-remote.ts': {
    lintAs: 'shell/src/routes/fixture.ts',
    hits: [
      { line: 2, arrow: 'shell-imports-remote', source: '../../../mfe-venues/src/routes.ts' },
      { line: 5, arrow: 'shell-imports-remote', dynamic: true },
    ],
  },
  'sdk-imports-shell-or-remote.ts': {
    lintAs: 'shell/sdk/src/federation/fixture.ts',
    hits: [
      { line: 2, arrow: 'sdk-imports-shell-or-remote', source: '@venuebook/shell/src/routes/route-table.ts' },
      { line: 3, arrow: 'sdk-imports-shell-or-remote', source: '../../../../mfe-venues/src/routes.ts' },
    ],
  },
  'domain-imports-our-packages.ts': {
    lintAs: 'proto/domain/src/venues/fixture.ts',
    hits: [
      { line: 2, arrow: 'domain-imports-our-packages', source: '@venuebook/contracts/services' },
      { line: 3, arrow: 'domain-imports-our-packages', source: '@venuebook/service-kit' },
      { line: 4, arrow: 'domain-imports-our-packages', source: '../../../grpc/src/grpc-error.ts' },
    ],
  },
  'contracts-import-beyond-domain.ts': {
    lintAs: 'proto/contracts/src/codecs/fixture.ts',
    hits: [
      { line: 2, arrow: 'contracts-import-beyond-domain', source: '@venuebook/grpc' },
      { line: 3, arrow: 'contracts-import-beyond-domain', source: '@venuebook/service-kit' },
      { line: 4, arrow: 'contracts-import-beyond-domain', source: '../../../../gateway/src/config.ts' },
    ],
  },
  'grpc-adapter-imports-our-packages.ts': {
    lintAs: 'proto/grpc/src/fixture.ts',
    hits: [
      { line: 2, arrow: 'grpc-adapter-imports-our-packages', source: '@venuebook/domain' },
      { line: 3, arrow: 'grpc-adapter-imports-our-packages', source: '../../contracts/src/services.ts' },
    ],
  },
  'grpc-js-outside-adapter.ts': {
    lintAs: 'proto/domain/src/shared/fixture.ts',
    hits: [{ line: 2, arrow: 'grpc-js-outside-adapter', source: '@grpc/grpc-js' }],
  },
  'kit-imports-service-or-gateway.ts': {
    lintAs: 'services/kit/src/fixture.ts',
    hits: [
      { line: 2, arrow: 'kit-imports-service-or-gateway', source: '../../venues/src/domain/venue-rules.ts' },
      { line: 3, arrow: 'kit-imports-service-or-gateway', source: '@venuebook/local' },
      { line: 4, arrow: 'kit-imports-service-or-gateway', source: '../../../gateway/src/config.ts' },
      { line: 5, arrow: 'kit-imports-service-or-gateway', source: '../../../tests/setup/context.ts' },
    ],
  },
  'service-imports-deploy-or-tests.ts': {
    lintAs: 'services/identity/src/testing/fixture.ts',
    hits: [
      { line: 2, arrow: 'service-imports-deploy-or-tests', source: '@venuebook/local' },
      { line: 3, arrow: 'service-imports-deploy-or-tests', source: '@venuebook/stand-ins' },
      { line: 4, arrow: 'service-imports-deploy-or-tests', source: '../../../../tests/setup/context.ts' },
    ],
  },
  'service-imports-service.ts': {
    lintAs: 'services/venues/src/use-cases/fixture.ts',
    hits: [
      { line: 2, arrow: 'service-imports-service', source: '../../../identity/src/domain/password.ts' },
      { line: 3, arrow: 'service-imports-service', source: '../../../../services/identity/src/domain/tokens.ts' },
      { line: 6, arrow: 'service-imports-service', dynamic: true },
    ],
  },
  'service-imports-gateway-or-browser.ts': {
    lintAs: 'services/identity/src/fixture.ts',
    hits: [
      { line: 2, arrow: 'service-imports-gateway-or-browser', source: '@venuebook/gateway/src/config.ts' },
      { line: 3, arrow: 'service-imports-gateway-or-browser', source: '@venuebook/sdk' },
    ],
  },
  'production-code-imports-launcher.ts': {
    lintAs: 'gateway/src/plugins/app/fixture.ts',
    hits: [
      { line: 2, arrow: 'production-code-imports-launcher', source: '@venuebook/local' },
      { line: 3, arrow: 'production-code-imports-launcher', source: '../../../../deploy/local/src/index.ts' },
      { line: 4, arrow: 'production-code-imports-launcher', source: '@venuebook/stand-ins' },
    ],
  },
  'gateway-imports-tests.ts': {
    lintAs: 'gateway/src/testing/fixture.ts',
    hits: [
      { line: 2, arrow: 'gateway-imports-tests', source: '../../../tests/e2e/browser.ts' },
      { line: 3, arrow: 'gateway-imports-tests', source: '@venuebook/tests/bench/support.ts' },
    ],
  },
  'gateway-imports-service.ts': {
    lintAs: 'gateway/src/routes/api/v1/venues/fixture.ts',
    hits: [
      { line: 2, arrow: 'gateway-imports-service', source: '../../../../../../services/venues/src/use-cases/venues.ts' },
      { line: 3, arrow: 'gateway-imports-service', source: '@venuebook/identity-service/src/config.ts' },
      { line: 7, arrow: 'gateway-imports-service', dynamic: true },
    ],
  },
  'gateway-imports-browser-code.ts': {
    lintAs: 'gateway/src/plugins/app/fixture.ts',
    hits: [
      { line: 2, arrow: 'gateway-imports-browser-code', source: '@venuebook/sdk' },
      { line: 3, arrow: 'gateway-imports-browser-code', source: '../../../../mfe-venues/src/routes.ts' },
    ],
  },
  'deploy-imports-service-or-gateway.ts': {
    lintAs: 'deploy/local/src/fixture.ts',
    hits: [
      { line: 2, arrow: 'deploy-imports-service-or-gateway', source: '../../../services/venues/src/main.ts' },
      { line: 3, arrow: 'deploy-imports-service-or-gateway', source: '@venuebook/gateway/src/app.ts' },
    ],
  },
  'deploy-imports-tests.ts': {
    lintAs: 'deploy/local/src/fixture.ts',
    hits: [
      { line: 2, arrow: 'deploy-imports-tests', source: '../../../tests/setup/context.ts' },
      { line: 3, arrow: 'deploy-imports-tests', source: '@venuebook/tests/bench/support.ts' },
    ],
  },
  'tests-import-service-or-gateway.ts': {
    lintAs: 'tests/integration/fixture.int.test.ts',
    hits: [
      { line: 2, arrow: 'tests-import-service-or-gateway', source: '../../services/venues/src/use-cases/venues.ts' },
      { line: 3, arrow: 'tests-import-service-or-gateway', source: '../../gateway/src/app.ts' },
    ],
  },
};

/** fixture file → where it is linted; it must come out with no problem at all. */
const GOOD: Record<string, string> = {
  'remote-uses-sdk-and-domain.ts': 'mfe-venues/src/home/fixture.tsx',
  'shell-uses-sdk-and-registry.ts': 'shell/src/routes/fixture.ts',
  'sdk-uses-domain.ts': 'shell/sdk/src/session/fixture.ts',
  'gateway-uses-kit-and-proto.ts': 'gateway/src/routes/api/v1/venues/fixture.ts',
  'gateway-test-uses-launcher.ts': 'gateway/src/fixture.int.test.ts',
  'service-uses-kit-and-proto.ts': 'services/venues/src/use-cases/fixture.ts',
  'service-testing-uses-kit-testing.ts': 'services/identity/src/testing/fixture.ts',
  'deploy-launches-by-path.ts': 'deploy/local/src/fixture.ts',
  'tests-reach-sdk-by-path.ts': 'tests/integration/fixture.int.test.ts',
  'grpc-adapter-uses-grpc-js.ts': 'proto/grpc/src/fixture.ts',
  'grpc-adapter-test-uses-contracts.ts': 'proto/grpc/src/fixture.test.ts',
  'contracts-use-domain.ts': 'proto/contracts/src/codecs/fixture.ts',
  'kit-uses-proto.ts': 'services/kit/src/fixture.ts',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = ` .+ ${escapeRegExp(SEE)}$`;

/** The message ESLint must report for one hit: the arrow's id, the import (when static) and the pointer to the docs. */
const expected = (hit: Hit) =>
  'source' in hit
    ? {
        ruleId: 'no-restricted-imports',
        severity: 2,
        line: hit.line,
        message: expect.stringMatching(
          new RegExp(`^'${escapeRegExp(hit.source)}' import is restricted from being used by a pattern\\. \\[arrows/${hit.arrow}\\]${pointer}`),
        ),
      }
    : {
        ruleId: 'no-restricted-syntax',
        severity: 2,
        line: hit.line,
        message: expect.stringMatching(new RegExp(`^\\[arrows/${hit.arrow}\\]${pointer}`)),
      };

const summary = ({ ruleId, severity, line, message }: Linter.LintMessage) => ({ ruleId, severity, line, message });

describe('architecture arrows as lint rules', () => {
  let eslint: ESLint;

  const lint = async (folder: 'bad' | 'good', fixture: string, lintAs: string) => {
    const code = readFileSync(join(FIXTURES, folder, fixture), 'utf8');
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, lintAs) });
    return (result?.messages ?? []).map(summary);
  };

  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it.each(Object.entries(BAD))('%s breaks its arrow', async (fixture, { lintAs, hits }) => {
    expect(await lint('bad', fixture, lintAs)).toEqual(hits.map(expected));
  });

  it.each(Object.entries(GOOD))('%s stays clean', async (fixture, lintAs) => {
    expect(await lint('good', fixture, lintAs)).toEqual([]);
  });

  it('has a table entry for every fixture, and only for fixtures that exist', () => {
    expect(readdirSync(join(FIXTURES, 'bad')).sort()).toEqual(Object.keys(BAD).sort());
    expect(readdirSync(join(FIXTURES, 'good')).sort()).toEqual(Object.keys(GOOD).sort());
  });

  it('proves every arrow in eslint.config.js with a bad fixture', async () => {
    const { default: config } = (await import(pathToFileURL(join(ROOT, 'eslint.config.js')).href)) as { default: Linter.Config[] };
    const zones = config.filter(({ name }) => name?.startsWith('venuebook/arrows/'));
    const arrows = new Set([...JSON.stringify(zones.map(({ rules }) => rules)).matchAll(/\[arrows\/([a-z-]+)\]/g)].map((match) => match[1]));
    const proven = new Set(Object.values(BAD).flatMap(({ hits }) => hits.map((hit) => hit.arrow)));
    expect(arrows.size).toBeGreaterThan(0);
    expect([...arrows].sort()).toEqual([...proven].sort());
  });

  it('points to a section that exists', () => {
    expect(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8')).toMatch(/^## Packages and arrows$/m);
  });
});
