import type { MessageShape } from '@bufbuild/protobuf';
import { resolveRole } from '@venuebook/proto/domain';
import type { AuthUser } from '@venuebook/proto/domain';
import type { UserSchema } from '@venuebook/proto/identity/v1';

export function authUserFromProto(user: MessageShape<typeof UserSchema>): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: resolveRole(user.role),
    welcomeShown: user.welcomeShown,
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt || null,
  };
}
