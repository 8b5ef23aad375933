// Test fixture (integration tests only): the gateway under test for one test file, started in the file's
// beforeAll (startGatewayUnderTest on the test's servers) with a fresh session of the demo account of each of
// `roles`, and stopped in its afterAll.
import { testInfra } from '@venuebook/service-kit/testing';
import type { Role } from '@venuebook/proto/domain';
import { afterAll, beforeAll } from 'vitest';
import type { GatewayApp } from '../app.ts';
import { startGatewayUnderTest } from './gateway-under-test.ts';
import type { GatewayUnderTest } from './gateway-under-test.ts';

export interface GatewayFixture {
  /** The gateway and the services behind it (set once beforeAll has run). */
  readonly under: GatewayUnderTest;
  /** `under.app`. */
  readonly app: GatewayApp;
  /**
   * The Authorization header of each of `roles`: these objects exist from the start and get their value in
   * beforeAll, so `const { editor } = gateway.headers` may stand at the top of a file.
   */
  readonly headers: Readonly<Record<Role, { authorization: string }>>;
}

export function gatewayFixture(roles: readonly Role[]): GatewayFixture {
  let under: GatewayUnderTest | undefined;
  const headers = Object.fromEntries(roles.map((role) => [role, { authorization: '' }])) as Record<Role, { authorization: string }>;
  beforeAll(async () => {
    under = await startGatewayUnderTest(testInfra());
    for (const role of roles) headers[role].authorization = (await under.as(role)).authorization;
  });
  afterAll(async () => {
    await under?.stop();
  });
  const started = (): GatewayUnderTest => {
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
