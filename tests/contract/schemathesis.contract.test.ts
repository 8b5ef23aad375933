// The API contract: schemathesis (every check, phases examples, coverage, fuzzing and stateful) against the
// OpenAPI document the gateway serves, on the running product (own data folder, the demo accounts), signed
// in through the public API. Any failure fails the test, printed; reports under artifacts/contract/.
//
//   CONTRACT_MAX_EXAMPLES=25   test cases per operation and phase (default 25)
//   CONTRACT_SEED=1            the generation seed (default fixed, so that a run is reproducible)
//
// Two runs, so that user management cannot take the other operations' users away: every operation but
// those of admins and owners as an editor (POST /auth/logout with a session of its own, schemathesis.toml),
// then /api/v1/users, /api/v1/audit-logs and /api/v1/admin as the owner (the last owner can neither be
// removed nor demoted).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installedSchemathesisVersion,
  REPO_ROOT,
  SCHEMATHESIS_BIN,
  SCHEMATHESIS_VENV,
  SCHEMATHESIS_VERSION,
  startStack,
  TEST_PASSWORD_HASH_LOG2_N,
} from '@venuebook/local';
import type { RunningStack } from '@venuebook/local';
import type { Role } from '@venuebook/domain';

const ARTIFACTS = join(REPO_ROOT, 'artifacts', 'contract');
const CONFIG = join(REPO_ROOT, 'tests', 'contract', 'schemathesis.toml');
const MAX_EXAMPLES = Number(process.env.CONTRACT_MAX_EXAMPLES ?? 25);
const SEED = process.env.CONTRACT_SEED ?? '20260901';
/** One run's wall-clock limit; the whole run takes a few minutes on two cores. */
const RUN_TIMEOUT_MS = 12 * 60_000;

interface RunSpec {
  name: string;
  role: Role;
  /** Which operations the run covers (schemathesis filters). */
  filter: string[];
}

/** User management, the audit log and admin settings: the owner's run. */
const ADMIN_PATHS = '^/api/v1/(users|audit-logs|admin)(/|$)';

const RUNS: RunSpec[] = [
  { name: 'api', role: 'editor', filter: ['--exclude-path-regex', ADMIN_PATHS] },
  { name: 'admin', role: 'owner', filter: ['--include-path-regex', ADMIN_PATHS] },
];

let stack: RunningStack;
let dataDir: string;
let documentPath: string;
const tokens = new Map<Role, string>();

async function signIn(role: Role): Promise<string> {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo account with the role ${role}`);
  const response = await fetch(`${stack.url}/api/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${account.email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

interface RunResult {
  exitCode: number | null;
  output: string;
  seconds: number;
}

function runSchemathesis(spec: RunSpec, env: Record<string, string>): Promise<RunResult> {
  const reportDir = join(ARTIFACTS, spec.name);
  rmSync(reportDir, { recursive: true, force: true });
  const args = [
    '--config-file',
    CONFIG,
    'run',
    documentPath,
    '--url',
    stack.url,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    String(MAX_EXAMPLES),
    '--seed',
    SEED,
    // One worker: Hypothesis is not thread-safe, and with two, POST and PUT /venues (one body schema) generated
    // at once can make schemathesis's coverage phase fail with 'Inconsistent results'.
    '--workers',
    '1',
    '--generation-database',
    'none',
    '--report',
    'junit,ndjson',
    '--report-dir',
    reportDir,
    '--no-color',
    ...spec.filter,
  ];
  const started = performance.now();
  return new Promise((resolveRun, reject) => {
    const child = spawn(SCHEMATHESIS_BIN, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      writeFileSync(join(ARTIFACTS, `${spec.name}.txt`), `$ st ${args.join(' ')}\n\n${output}`);
      resolveRun({ exitCode, output, seconds });
    });
  });
}

/** The figures of schemathesis's summary. */
function summaryOf(output: string): { generated: number; selected: number; tested: number; failures: number } {
  const number = (pattern: RegExp): number => Number(pattern.exec(output)?.[1] ?? Number.NaN);
  return {
    generated: number(/(\d+) generated/),
    selected: number(/Selected: (\d+)\//),
    tested: number(/Tested: (\d+)/),
    failures: /(\d+) failures?\b/.test(output) ? number(/(\d+) failures?\b/) : 0,
  };
}

/** What to print when a run fails: its failures section (else the end of its output). */
function failuresOf(output: string): string {
  const start = output.indexOf('FAILURES');
  const text = start >= 0 ? output.slice(start) : output.slice(-20_000);
  return text.length > 60_000 ? `${text.slice(0, 60_000)}\n… (the whole output is in artifacts/contract/)` : text;
}

beforeAll(async () => {
  const installed = installedSchemathesisVersion();
  if (installed !== SCHEMATHESIS_VERSION) {
    throw new Error(
      `schemathesis ${SCHEMATHESIS_VERSION} is not installed in ${SCHEMATHESIS_VENV} (found ${installed ?? 'none'}): run 'npm run infra:install'`,
    );
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'venuebook-contract-'));
  stack = await startStack({
    dataDir,
    port: 0,
    seed: 'accounts',
    env: {},
    logLevel: 'warn',
    passwordHashLog2N: TEST_PASSWORD_HASH_LOG2_N,
    // The run signs in and signs up hundreds of times from one address, and lasts longer than the default
    // access token; both limits are tested on their own (gateway integration tests).
    gatewayEnv: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', AUTH_ACCOUNT_MAX_FAILURES: '100000', ACCESS_TOKEN_TTL_SECONDS: '3600' },
  });
  for (const role of ['editor', 'owner', 'viewer'] as const) tokens.set(role, await signIn(role));
  // The document as a signed-in user reads it (the API docs may be behind sign-in).
  const response = await fetch(`${stack.url}/api/docs/json`, { headers: { authorization: `Bearer ${tokens.get('editor')}` } });
  expect(response.status, 'GET /api/docs/json').toBe(200);
  documentPath = join(ARTIFACTS, 'openapi.json');
  writeFileSync(documentPath, JSON.stringify(await response.json(), null, 2));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the OpenAPI document and the gateway agree (schemathesis, every check and phase)', () => {
  for (const spec of RUNS) {
    it(
      `${spec.name}: ${spec.filter.join(' ')} as ${spec.role}, 0 failures`,
      async () => {
        const result = await runSchemathesis(spec, {
          VB_CONTRACT_TOKEN: tokens.get(spec.role)!,
          VB_CONTRACT_LOGOUT_TOKEN: tokens.get('viewer')!,
        });
        const summary = summaryOf(result.output);
        console.log(
          `[contract] ${spec.name}: ${summary.generated} test cases over ${summary.tested} operations in ${result.seconds} s (seed ${SEED}, ${MAX_EXAMPLES} examples per operation); report: artifacts/contract/${spec.name}.txt`,
        );
        if (result.exitCode !== 0) console.log(failuresOf(result.output));
        expect(result.exitCode, `schemathesis failed (exit ${result.exitCode}); see above and artifacts/contract/${spec.name}.txt`).toBe(0);
        expect(summary.failures).toBe(0);
        expect(summary.tested).toBeGreaterThan(0);
        expect(summary.tested).toBe(summary.selected);
        expect(summary.generated).toBeGreaterThan(0);
      },
      RUN_TIMEOUT_MS + 60_000,
    );
  }
});
