import { listedUser } from '../domain/user.ts';
import type { UserRecord } from '../domain/user.ts';
import type { UserReadModel } from '../read-model/user-read-model.ts';

/**
 * What follows a write of a listed user field (the user repository's `written`, called while the user's lock is
 * held): this process's user list shows it at once, then the other replicas are told (`changed`: they re-read the
 * user into theirs).
 */
export function userListWrites(userList: UserReadModel, changed: (userId: string) => Promise<void>) {
  return async (userId: string, record: UserRecord | null): Promise<void> => {
    if (record) userList.upsert(listedUser({ user: { ...record, _id: record.id }, profile: record }));
    else userList.remove(userId);
    await changed(userId);
  };
}
