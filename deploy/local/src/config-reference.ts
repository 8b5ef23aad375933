// `npm run docs:config`: writes docs/configuration.md, the configuration reference, from the processes themselves:
// the gateway and every service of the registry print what they read (`--config-reference`: their zod schema's
// variables, defaults, accepted values and descriptions), and `npm start`'s own settings are listed below.
// `npm run docs:config -- --check` only compares (exit 1 when the file is stale); a unit test does the same.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ConfigVariable } from '@venuebook/service-kit';
import { SERVICE_NAMES, SERVICES, serviceEntry } from '@venuebook/contracts/services';
import { REPO_ROOT } from './infra-servers.ts';
import { MAX_REPLICAS } from './replicas.ts';

export const CONFIG_REFERENCE_FILE = join(REPO_ROOT, 'docs', 'configuration.md');

/** The processes that read the environment, by the name the reference shows, and their entry points. */
const PROCESSES: readonly { name: string; entry: string }[] = [
  { name: 'gateway', entry: 'gateway/src/main.ts' },
  ...SERVICE_NAMES.map((name) => ({ name, entry: serviceEntry(name) })),
];

/** What `npm start` itself reads (it passes the rest on to the processes it starts). */
const LAUNCHER: readonly ConfigVariable[] = [
  {
    name: '<NAME>_REPLICAS',
    default: '1',
    required: false,
    accepts: `a whole number from 1 to ${MAX_REPLICAS}`,
    description: `how many processes of a service to run (${SERVICE_NAMES.map((name) => `\`${name.toUpperCase()}_REPLICAS\``).join(', ')}); each has its own port and log (\`.data/logs/venues-1.log\`, …), and the gateway balances over them. Anything else stops the start`,
  },
  {
    name: 'MONGODB_URI, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, NATS_URL',
    required: false,
    accepts: 'URLs and keys',
    description:
      'servers to use instead of starting them: without them `npm start` runs the server binaries on `PATH` or in `.infra/bin/` (`mongod` before `ferretdb`, `minio`, `nats-server`), else Docker through testcontainers',
  },
  {
    name: 'VENUEBOOK_INFRA_CACHE',
    default: '~/.cache/venuebook/infra',
    required: false,
    accepts: 'a folder',
    description: 'where the server binaries built by `npm run infra:install` (and schemathesis) are kept, shared by every clone on the machine',
  },
  {
    name: 'TURBO_CACHE_DIR',
    default: '~/.cache/venuebook/turbo',
    required: false,
    accepts: 'a folder',
    description: "turbo's cache of the generated code and the built front ends, shared by every clone on the machine",
  },
  {
    name: 'NODE_COMPILE_CACHE',
    default: '~/.cache/venuebook/node-compile-cache',
    required: false,
    accepts: 'a folder',
    description: "Node's cache of compiled code for the processes `npm start`, `npm test` and `npm run bench` start, shared by every clone on the machine",
  },
];

/** What one process prints for `--config-reference` (with nothing of this environment: only the defaults count). */
async function readProcess(entry: string): Promise<ConfigVariable[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(REPO_ROOT, entry), '--config-reference'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '' },
  });
  return JSON.parse(stdout) as ConfigVariable[];
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** One table of variables: a variable read the same way by several processes is one row naming them. */
function table(rows: readonly { variable: ConfigVariable; readBy: string[] }[], withReaders: boolean): string[] {
  const head = withReaders
    ? ['| variable | read by | default | accepts | what it does |', '|---|---|---|---|---|']
    : ['| variable | default | accepts | what it does |', '|---|---|---|---|'];
  return [
    ...head,
    ...rows.map(({ variable, readBy }) => {
      const fallback = variable.required
        ? '**required**'
        : variable.default === undefined
          ? 'unset'
          : variable.default === ''
            ? 'empty'
            : `\`${cell(variable.default)}\``;
      const name = variable.name
        .split(', ')
        .map((part) => `\`${part}\``)
        .join(', ');
      return `| ${[name, ...(withReaders ? [readBy.join(', ')] : []), fallback, cell(variable.accepts), cell(variable.description)].join(' | ')} |`;
    }),
  ];
}

/** docs/configuration.md as the processes describe themselves now. */
export async function configReferenceMarkdown(): Promise<string> {
  const rows = new Map<string, { variable: ConfigVariable; readBy: string[] }>();
  const read = await Promise.all(PROCESSES.map(async ({ name, entry }) => ({ name, variables: await readProcess(entry) })));
  for (const { name, variables } of read) {
    for (const variable of variables) {
      // The repository's own path is where this clone happens to be.
      const shown = { ...variable, ...(variable.default === REPO_ROOT ? { default: '<repository>' } : {}) };
      const key = JSON.stringify(shown);
      const row = rows.get(key) ?? { variable: shown, readBy: [] };
      row.readBy.push(name);
      rows.set(key, row);
    }
  }
  const sorted = [...rows.values()].sort((a, b) => a.variable.name.localeCompare(b.variable.name) || a.readBy[0]!.localeCompare(b.readBy[0]!));
  return [
    '# Configuration reference',
    '',
    '<!-- Generated by `npm run docs:config` from the processes themselves (their zod schemas); do not edit by hand. -->',
    '',
    'Every process reads its settings from the environment and refuses to start, naming each bad variable, when one is',
    'invalid. `npm start` sets what a one-machine run needs (servers, keys, addresses; the demo domain) and passes',
    'anything set in its own environment on. An empty value counts as unset.',
    '',
    '## The processes',
    '',
    `The gateway and the services (${SERVICE_NAMES.join(', ')}); where a variable is read the same way by several, its row names them.`,
    `The gateway finds each service by its \`*_GRPC_URL\` (${SERVICE_NAMES.map((name) => `\`${SERVICES[name].urlEnv}\``).join(', ')}).`,
    '',
    ...table(sorted, true),
    '',
    '## `npm start`',
    '',
    ...table(
      LAUNCHER.map((variable) => ({ variable, readBy: [] })),
      false,
    ),
    '',
  ].join('\n');
}

if (import.meta.main) {
  const markdown = await configReferenceMarkdown();
  if (process.argv.includes('--check')) {
    const current = readFileSync(CONFIG_REFERENCE_FILE, 'utf8');
    if (current !== markdown) {
      console.error('docs/configuration.md is stale: run `npm run docs:config`');
      process.exit(1);
    }
    console.log('docs/configuration.md is up to date');
  } else {
    writeFileSync(CONFIG_REFERENCE_FILE, markdown);
    console.log(`wrote ${CONFIG_REFERENCE_FILE.replace(`${REPO_ROOT}/`, '')}`);
  }
}
