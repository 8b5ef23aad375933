// Test fixture (integration tests only): the gateway under test for one test file, built in the file's beforeAll
// on the run's shared services (or, with `ownServices`, on services of the file's own) with a fresh session of
// the demo account of each of `roles`, and closed in its afterAll.
import { testInfra } from '@venuebook/service-kit/testing';
import type { RunningServices } from '@venuebook/local';
import type { Role } from '@venuebook/domain';
import { afterAll, beforeAll } from 'vitest';
import type { GatewayApp } from '../app.ts';
import { sharedGatewayUnderTest, startGatewayUnderTest } from './gateway-under-test.ts';
import type { GatewayUnderTest } from './gateway-under-test.ts';

export interface GatewayFixture<Under extends GatewayUnderTest = GatewayUnderTest> {
  /** The gateway and the services behind it (set once beforeAll has run). */
  readonly under: Under;
  /** `under.app`. */
  readonly app: GatewayApp;
  /**
   * The Authorization header of each of `roles`: these objects exist from the start and get their value in
   * beforeAll, so `const { editor } = gateway.headers` may stand at the top of a file.
   */
  readonly headers: Readonly<Record<Role, { authorization: string }>>;
}

/** With `ownServices`, services of the file's own (their processes: `under.venues`, ...) instead of the run's shared ones; say why where it is set. */
export function gatewayFixture(roles: readonly Role[], options: { ownServices: true }): GatewayFixture<GatewayUnderTest & RunningServices>;
export function gatewayFixture(roles: readonly Role[], options?: { ownServices?: false }): GatewayFixture;
export function gatewayFixture(roles: readonly Role[], options: { ownServices?: boolean } = {}): GatewayFixture<GatewayUnderTest & Partial<RunningServices>> {
  let under: (GatewayUnderTest & Partial<RunningServices>) | undefined;
  const headers = Object.fromEntries(roles.map((role) => [role, { authorization: '' }])) as Record<Role, { authorization: string }>;
  beforeAll(async () => {
    under = options.ownServices ? await startGatewayUnderTest(testInfra()) : await sharedGatewayUnderTest();
    for (const role of roles) headers[role].authorization = (await under.as(role)).authorization;
  }, 180_000);
  afterAll(async () => {
    await under?.stop();
  });
  const started = (): GatewayUnderTest & Partial<RunningServices> => {
    if (!under) throw new Error('the gateway under test starts in beforeAll');
    return under;
  };
  return {
    get under() {
      return started();
    },
    get app() {
      return started().app;
    },
    headers,
  };
}
