import type { IdentityDeps } from './context.ts';
import { sessionUseCases } from './sessions.ts';
import { signUpUseCases } from './sign-up.ts';
import { userUseCases } from './users.ts';

export type { IdentityDeps, IdentitySettings } from './context.ts';

/** Every use case of the identity service, on one set of dependencies. The gRPC handlers call these. */
export function createIdentityUseCases(deps: IdentityDeps) {
  return { ...signUpUseCases(deps), ...sessionUseCases(deps), ...userUseCases(deps) };
}

export type IdentityUseCases = ReturnType<typeof createIdentityUseCases>;
