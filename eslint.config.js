// ESLint flat config: typescript-eslint (type-aware rules off for speed; tsc runs separately) + React hooks,
// plus the architecture's arrows (ARCHITECTURE.md, "Packages and arrows") as lint rules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------------------
// Arrows: which package may import which. Checked with ESLint's own `no-restricted-imports` (static imports,
// `import type`, re-exports) and `no-restricted-syntax` (`import()`; typescript-eslint already bans `require()`
// and `import('x').T` types), on the import specifier as written, so no resolver is needed:
// - a package is matched by its name (`@venuebook/<name>`, with or without a subpath);
// - a relative import that climbs out of its package is matched by the repository folder it climbs into
//   (`../../mfe-cards/src/x.ts`, `../../../services/identity/src/x.ts`, `../../identity/src/x.ts`).
// Each part of the repository is one zone below; zones never overlap, because a file takes its rule options
// from the last config object that matches it, so every zone lists all the arrows it must not break.
// The lists of remotes and services are read from the folders, so a new `mfe-<name>/` or `services/<name>/`
// is covered without touching this file. tests/lint/arrows.test.ts proves each arrow fires.
// ---------------------------------------------------------------------------------------------------------

const ROOT = dirname(fileURLToPath(import.meta.url));
const SEE = 'See ARCHITECTURE.md, "Packages and arrows".';

const folders = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, dir, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort();
const manifest = (dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
const packageName = (dir) => manifest(dir).name;

/**
 * Every workspace package (the root package.json's `workspaces`) with the role its package.json declares
 * (`"venuebook": { "role": … }`): the zones below are made per role, so a new package is covered by declaring its
 * role, and a package without one fails here.
 */
const WORKSPACES = manifest('.').workspaces.flatMap((pattern) =>
  pattern.endsWith('/*') ? folders(pattern.slice(0, -2)).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
);
const ROLES = [
  'domain',
  'contracts',
  'grpc-adapter',
  'service-kit',
  'service',
  'gateway',
  'launcher',
  'stand-ins',
  'tests',
  'browser-sdk',
  'browser-shell',
  'browser-remote',
];
const PACKAGES = WORKSPACES.map((dir) => {
  const role = manifest(dir).venuebook?.role;
  if (!ROLES.includes(role)) throw new Error(`${dir}/package.json declares no known "venuebook": { "role" } (one of ${ROLES.join(', ')})`);
  return { dir, name: packageName(dir), folder: dir.split('/').at(-1), role };
});
const withRole = (role) => PACKAGES.filter((entry) => entry.role === role);

/** Remote folders (`mfe-venues`, …) and their federation container names (`mfe_venues`, …). */
const REMOTES = withRole('browser-remote').map((entry) => entry.dir);
/** Domain service folders (`venues`, `identity`, …). */
const SERVICES = withRole('service').map((entry) => entry.folder);
const SERVICE_PACKAGES = withRole('service').map((entry) => entry.name);

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (names) => `(?:${names.map(escapeRegExp).join('|')})`;
/** `@venuebook/<name>` or a subpath of it. */
const pkg = (...names) => `^@venuebook/${anyOf(names)}(?:/|$)`;
/** A package by its full name (`@venuebook/venues-service`). */
const named = (names) => `^${anyOf(names)}(?:/|$)`;
/** A relative import that climbs (`../`) into `folder` (a regex source, e.g. `services/kit`). */
const climbsInto = (folder) => `^(?:\\.\\./)+${folder}(?:/|$)`;
/** A service's code, by path: `../../services/<name>/…`, or `../../<name>/src/…` from a sibling service. */
const serviceCode = (names) => [climbsInto(`services/${anyOf(names)}`), climbsInto(`${anyOf(names)}/src`)];

/** Node's built-in modules by bare name (`fs`, `fs/promises`, …); `node:`-only ones (`node:test`) match `^node:`. */
const NODE_BUILTINS = [...new Set(builtinModules.filter((name) => !name.startsWith('_') && !name.startsWith('node:')).map((name) => name.split('/')[0]))];

/**
 * One arrow: an id (in every message, so a failure names the arrow it broke), what the rule says, and the
 * import specifiers that break it (regex sources, any of which matches).
 */
const arrow = (id, text, patterns) => ({
  id,
  message: `[arrows/${id}] ${text} ${SEE}`,
  regex: patterns.map((pattern) => `(?:${pattern})`).join('|'),
});

const ARROWS = {
  // Browser code: shell/src, shell/sdk/src, mfe-*/src.
  browserGrpc: arrow(
    'browser-imports-grpc',
    'Browser code never imports gRPC (`@venuebook/grpc`, `@grpc/grpc-js`): it is Node-only; the browser reaches services through the gateway’s HTTP API with the sdk’s client.',
    [pkg('grpc'), named(['@grpc/grpc-js']), climbsInto('proto/grpc')],
  ),
  browserProto: arrow(
    'browser-imports-proto-beyond-domain',
    'Browser code imports only `@venuebook/domain` (and `@venuebook/domain/remotes`) of the contract packages, by package name: generated messages, codecs, events and test fixtures are server code.',
    [pkg('contracts'), '^@venuebook/domain/testing(?:/|$)', climbsInto('proto(?!/grpc(?:/|$))')],
  ),
  browserKit: arrow('browser-imports-service-kit', 'Browser code never imports the service kit (`@venuebook/service-kit`): it is Node-only server code.', [
    pkg('service-kit'),
    climbsInto('services/kit'),
  ]),
  browserServer: arrow(
    'browser-imports-server-code',
    'Browser code never imports a service, the gateway or the launcher (`@venuebook/*-service`, `@venuebook/gateway`, `@venuebook/local`): it talks to them over HTTP through the sdk.',
    [named(SERVICE_PACKAGES), pkg('gateway', 'local'), ...serviceCode(SERVICES), climbsInto('(?:gateway|deploy)')],
  ),
  browserNode: arrow(
    'browser-imports-node-builtin',
    'Browser code never imports a Node built-in module (`node:*`, `fs`, `path`, …): webpack ships no polyfills and the browser has none.',
    ['^node:', `^${anyOf(NODE_BUILTINS)}(?:/|$)`],
  ),
  browserSdkByPath: arrow(
    'browser-imports-sdk-by-path',
    'Browser code imports the sdk as `@venuebook/sdk`, never its files by path: the package is a federation singleton, and a path import bundles a second copy (a second session store, a second query cache).',
    [climbsInto('(?:shell/)?sdk')],
  ),
  // Remotes (mfe-*/src).
  /** @param {string[]} others the other remotes' folders */
  remoteToRemote: (others) =>
    arrow(
      'remote-imports-remote',
      'A remote never imports another remote (its package, its files or its federation container): remotes share only the sdk, and the shell composes them through the route table.',
      [pkg(...others), climbsInto(anyOf(others)), named(others.map((name) => name.replaceAll('-', '_')))],
    ),
  remoteToShell: arrow(
    'remote-imports-shell',
    'A remote never imports the shell (`@venuebook/shell`, `shell/src`): the shell loads the remote, not the other way round; what both need lives in the sdk.',
    [pkg('shell'), climbsInto('shell/src')],
  ),
  // The shell (shell/src) and the sdk (shell/sdk/src).
  shellToRemote: arrow(
    'shell-imports-remote',
    'The shell never imports a remote’s source: it loads remotes at run time (`registerRemotes`, `loadRemote`) from the remote registry.',
    [pkg(...REMOTES), climbsInto(anyOf(REMOTES))],
  ),
  sdkToApp: arrow('sdk-imports-shell-or-remote', 'The sdk never imports the shell or a remote: they depend on it.', [
    pkg('shell', ...REMOTES),
    climbsInto(`(?:shell/src|${anyOf(REMOTES)})`),
  ]),
  // The contract packages under proto/: domain ← contracts; the gRPC adapter beside them.
  domainToOurs: arrow(
    'domain-imports-our-packages',
    'The domain package is the bottom layer: it imports no other package of ours (contracts, the gRPC adapter, the kit, services, gateway, launcher, browser code).',
    [`^@venuebook/(?!domain(?:/|$))`, climbsInto('(?:proto|services|gateway|deploy|shell|tests|mfe-[^/]+)'), climbsInto('(?:contracts|grpc)/src')],
  ),
  contractsToOurs: arrow(
    'contracts-import-beyond-domain',
    'The contracts (generated code, codecs, events, the service registry) import only the domain package of ours, by name: never the gRPC adapter, the kit, a service or browser code.',
    [`^@venuebook/(?!(?:domain|contracts)(?:/|$))`, climbsInto('(?:proto|services|gateway|deploy|shell|tests|mfe-[^/]+)'), climbsInto('(?:domain|grpc)/src')],
  ),
  grpcAdapterToOurs: arrow(
    'grpc-adapter-imports-our-packages',
    'The gRPC adapter imports no package of ours (its tests use the contracts): it runs any protobuf-es service on grpc-js.',
    [`^@venuebook/(?!grpc(?:/|$))`, climbsInto('(?:proto|services|gateway|deploy|shell|tests|mfe-[^/]+)'), climbsInto('(?:domain|contracts)/src')],
  ),
  grpcJsOutsideAdapter: arrow(
    'grpc-js-outside-adapter',
    'Of the contract packages only the gRPC adapter (`@venuebook/grpc`) imports `@grpc/grpc-js`, so that `@venuebook/domain` stays browser-safe and the contracts stay transport-free.',
    [named(['@grpc/grpc-js'])],
  ),
  // Services (services/<name>), the kit, the gateway, deploy/ and tests/.
  kitToServices: arrow(
    'kit-imports-service-or-gateway',
    'The service kit imports only proto: never a service, the gateway, deploy/ (`@venuebook/local` and `@venuebook/stand-ins` depend on the kit), tests/ or browser code.',
    [
      named(SERVICE_PACKAGES),
      ...serviceCode(SERVICES),
      pkg('gateway', 'local', 'stand-ins', 'tests', 'sdk', 'shell', ...REMOTES),
      climbsInto('(?:gateway|deploy|tests|shell|mfe-[^/]+)'),
    ],
  ),
  /** @param {string[]} others the other services' folders */
  serviceToService: (others) =>
    arrow(
      'service-imports-service',
      'A service never imports another service’s code: services talk through gRPC contracts (`@venuebook/proto`) and domain events; shared code belongs in the kit or proto.',
      [named(others.map((other) => packageName(`services/${other}`))), ...serviceCode(others)],
    ),
  serviceToApp: arrow(
    'service-imports-gateway-or-browser',
    'A service imports only the service kit and proto: never the gateway, the sdk, the shell or a remote.',
    [pkg('gateway', 'sdk', 'shell', ...REMOTES), climbsInto('(?:gateway|shell|mfe-[^/]+)')],
  ),
  serviceToDeployOrTests: arrow(
    'service-imports-deploy-or-tests',
    'A service, its tests included, never imports deploy/ or tests/ (`@venuebook/local`, `@venuebook/stand-ins`): its harnesses start other services through `@venuebook/service-kit/processes` and reach the run’s stand-ins through `sharedStandIns()` of `@venuebook/service-kit/testing`.',
    [pkg('local', 'stand-ins', 'tests'), climbsInto('(?:deploy|tests)')],
  ),
  launcherInProduction: arrow(
    'production-code-imports-launcher',
    'Only tests (`*.test.ts`, `src/testing/`) import `@venuebook/local` or `@venuebook/stand-ins`: production code never depends on the launcher.',
    [pkg('local', 'stand-ins'), climbsInto('deploy')],
  ),
  gatewayToTests: arrow(
    'gateway-imports-tests',
    'The gateway, its tests included, never imports tests/: what its tests share with them lives in `@venuebook/service-kit/testing` or the launcher.',
    [pkg('tests'), climbsInto('tests')],
  ),
  deployToTests: arrow(
    'deploy-imports-tests',
    'deploy/ never imports tests/ (nor runs their files): the stand-ins it runs live in `deploy/stand-ins`, and the test and bench runners in tests/ use deploy/, not the other way round.',
    [pkg('tests'), climbsInto('tests')],
  ),
  gatewayToService: arrow(
    'gateway-imports-service',
    'The gateway never imports a service’s code: it calls services over gRPC through `@venuebook/grpc`, and its tests start them as processes through `@venuebook/local`.',
    [named(SERVICE_PACKAGES), ...serviceCode(SERVICES)],
  ),
  gatewayToBrowser: arrow(
    'gateway-imports-browser-code',
    'The gateway never imports browser code (sdk, shell, remotes): it serves their built files from the remote registry’s folders.',
    [pkg('sdk', 'shell', ...REMOTES), climbsInto('(?:shell|mfe-[^/]+)')],
  ),
  deployToService: arrow(
    'deploy-imports-service-or-gateway',
    'deploy/ never imports a service’s or the gateway’s code: it launches each one as its own process by path, exactly as a container would run it.',
    [named(SERVICE_PACKAGES), ...serviceCode(SERVICES), pkg('gateway'), climbsInto('gateway')],
  ),
  testsToService: arrow(
    'tests-import-service-or-gateway',
    'tests/ never import a service’s or the gateway’s code: they drive the running stack (started through `@venuebook/local`) over HTTP and gRPC.',
    [named(SERVICE_PACKAGES), ...serviceCode(SERVICES), pkg('gateway'), climbsInto('gateway')],
  ),
};

const SOURCES = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const TESTS = ['**/*.test.{ts,tsx}', '**/src/testing/**'];
const under = (...dirs) => dirs.map((dir) => `${dir}/${SOURCES}`);

/** One zone: a set of files and every arrow they must not break (regexes are case-sensitive). */
const zone = (name, files, arrows, ignores = []) => {
  const selectors = arrows.flatMap(({ regex, message }) => {
    const re = `/${regex.replaceAll('/', '\\/')}/u`;
    return [{ selector: `ImportExpression[source.value=${re}]`, message }];
  });
  return {
    name: `venuebook/arrows/${name}`,
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: arrows.map(({ regex, message }) => ({ regex, message, caseSensitive: true })) }],
      'no-restricted-syntax': ['error', ...selectors],
    },
  };
};

const BROWSER = [ARROWS.browserGrpc, ARROWS.browserProto, ARROWS.browserKit, ARROWS.browserServer, ARROWS.browserNode, ARROWS.browserSdkByPath];

/** The zones of each role, for one package of it (`dir`: its folder). */
const ZONES_OF = {
  domain: ({ dir }) => [zone(dir, under(`${dir}/src`), [ARROWS.domainToOurs, ARROWS.grpcJsOutsideAdapter])],
  contracts: ({ dir }) => [zone(dir, under(`${dir}/src`), [ARROWS.contractsToOurs, ARROWS.grpcJsOutsideAdapter])],
  'grpc-adapter': ({ dir }) => [
    zone(
      dir,
      under(`${dir}/src`),
      [ARROWS.grpcAdapterToOurs],
      TESTS.map((glob) => `${dir}/${glob}`),
    ),
  ],
  'service-kit': ({ dir }) => [zone(dir, under(dir), [ARROWS.kitToServices])],
  service: ({ dir, folder }) => {
    const others = SERVICES.filter((other) => other !== folder);
    const arrows = [...(others.length > 0 ? [ARROWS.serviceToService(others)] : []), ARROWS.serviceToApp, ARROWS.serviceToDeployOrTests];
    const tests = TESTS.map((glob) => `${dir}/${glob}`);
    return [zone(dir, under(dir), arrows, tests), zone(`${dir} tests`, tests, arrows)];
  },
  gateway: ({ dir }) => {
    const tests = TESTS.map((glob) => `${dir}/${glob}`);
    return [
      zone(dir, under(dir), [ARROWS.gatewayToService, ARROWS.gatewayToBrowser, ARROWS.launcherInProduction, ARROWS.gatewayToTests], tests),
      zone(`${dir} tests`, tests, [ARROWS.gatewayToService, ARROWS.gatewayToBrowser, ARROWS.gatewayToTests]),
    ];
  },
  launcher: ({ dir }) => [zone(dir, under(dir), [ARROWS.deployToService, ARROWS.deployToTests])],
  'stand-ins': ({ dir }) => [zone(dir, under(dir), [ARROWS.deployToService, ARROWS.deployToTests])],
  tests: ({ dir }) => [zone(dir, under(dir), [ARROWS.testsToService])],
  'browser-sdk': ({ dir }) => [zone(`${dir}/src`, under(`${dir}/src`), [...BROWSER, ARROWS.sdkToApp])],
  'browser-shell': ({ dir }) => [zone(`${dir}/src`, under(`${dir}/src`), [...BROWSER, ARROWS.shellToRemote])],
  'browser-remote': ({ dir }) => {
    const others = REMOTES.filter((other) => other !== dir);
    const toOthers = others.length > 0 ? [ARROWS.remoteToRemote(others)] : [];
    return [zone(`${dir}/src`, under(`${dir}/src`), [...BROWSER, ...toOthers, ARROWS.remoteToShell])];
  },
};

/** Every package's zones, by its declared role. */
const arrowZones = PACKAGES.flatMap((entry) => ZONES_OF[entry.role](entry));

export default tseslint.config(
  {
    // tests/lint/fixtures: deliberately bad imports, linted by tests/lint/arrows.test.ts under other names.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/gen/**',
      '**/.turbo/**',
      '.infra/**',
      '.data/**',
      'artifacts/**',
      'coverage/**',
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  ...arrowZones,
);
