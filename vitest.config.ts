import { homedir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Four projects, run by `npm test` (tests/runner/test.ts): unit, integration and e2e one after another, then
 * contract beside the benchmarks:
 * - unit: pure code, beside the sources (`*.test.ts`, `*.test.tsx`);
 * - integration: services and gateway against real MongoDB-compatible storage, MinIO and NATS
 *   (`*.int.test.ts`), provisioned once by tests/setup/infra.global.ts; the gateway's files share one set of
 *   services (gateway/src/testing/gateway-backend.global.ts), those of tests/integration one running product
 *   (tests/setup/product.global.ts);
 * - contract: schemathesis against the running product's OpenAPI document (tests/contract);
 * - e2e: the running product in Chromium (tests/e2e), one per worker, started by tests/setup/stack.global.ts.
 */
const IGNORED = ['**/node_modules/**', '**/dist/**', '**/gen/**', '.data/**', '.infra/**'];

export default defineConfig({
  // vitest keeps each file's last duration here and starts the slowest first (two workers finish together); per
  // machine, like turbo's cache, so that a fresh clone of the repository starts with them.
  cacheDir: process.env.VENUEBOOK_VITE_CACHE ?? join(homedir(), '.cache', 'venuebook', 'vite'),
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Beside the sources, plus the repository-wide checks: tests/structure (registries), tests/lint (arrows),
          // and the test runner's own (tests/runner).
          include: ['**/src/**/*.test.{ts,tsx}', 'tests/{structure,lint,runner}/**/*.test.ts'],
          exclude: [...IGNORED, '**/*.int.test.ts'],
          environment: 'node',
          // Pure code: two worker threads that keep their module cache between files (most of a unit file's time
          // was importing the same modules again). A test that changes shared state restores it.
          pool: 'threads',
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/src/**/*.int.test.ts', 'tests/integration/**/*.int.test.ts'],
          exclude: IGNORED,
          // The servers, then the gateway's services on them and a whole product for tests/integration (each started
          // only when a file asks for it).
          globalSetup: [
            'tests/setup/infra.global.ts',
            'tests/setup/stand-ins.global.ts',
            'gateway/src/testing/gateway-backend.global.ts',
            'tests/setup/product.global.ts',
          ],
          // Three files at a time on two cores: most of a file's time is waiting on processes and servers (two files
          // kept 1.6 cores busy). Each worker has a NATS of its own (testInfra()).
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The API contract: schemathesis against the running product (tests/contract); starts its own stack.
          name: 'contract',
          include: ['tests/contract/**/*.contract.test.ts'],
          exclude: IGNORED,
          testTimeout: 15 * 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: IGNORED,
          // One running product per worker (stack.global.ts), two files at a time: most of a file's time is the
          // browser and the product waiting on each other, so one file alone keeps about one core busy.
          globalSetup: ['tests/setup/stack.global.ts'],
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits up to 5 s, as Playwright's own expect does (vitest's 1 s was too short for a write and
          // the list read after it with two products busy on two cores).
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
