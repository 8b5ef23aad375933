import { GrpcError } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';

/** The most user ids one MarkFirstLoginsNotified takes. */
export const MAX_MARKED = 1000;
import type { UserReadModel } from '../read-model/user-read-model.ts';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';

export interface FirstLoginDeps {
  users: UserRepository;
  userList: UserReadModel;
  settings: SettingsRepository;
}

/** A first login the notifier has still to deliver. */
export interface PendingFirstLogin {
  userId: string;
  email: string;
  at: Date;
}

/**
 * First-login notifications (spec §3 user_first_logins, §4 'First-login check'): identity keeps the truth of
 * which first logins are not notified; the notifier worker asks for them, delivers them to the webhook and marks
 * each notified after a 2xx. Only the notifier calls these (checked by the handlers).
 */
export function firstLoginUseCases({ users, userList, settings }: FirstLoginDeps) {
  return {
    /**
     * Every first login not yet notified (or only `userId`'s), with the user's e-mail (users removed since are left
     * out): the notifier's sweep, and its check before each delivery.
     */
    async listPendingFirstLogins(_caller: Caller, onlyUserId = ''): Promise<PendingFirstLogin[]> {
      const pending: PendingFirstLogin[] = [];
      const only = onlyUserId ? await users.pendingFirstLogin(onlyUserId) : undefined;
      for (const { userId, at } of onlyUserId ? (only ? [only] : []) : await users.pendingFirstLogins()) {
        const email = userList.get(userId)?.email ?? (await users.findById(userId))?.email;
        if (email) pending.push({ userId, email, at });
      }
      return pending;
    },

    /** Marks them notified (once: a repeat changes nothing; a user removed meanwhile leaves an unused mark). */
    async markFirstLoginsNotified(_caller: Caller, userIds: readonly string[]): Promise<void> {
      if (userIds.length > MAX_MARKED || userIds.some((userId) => userId === '' || userId.length > 100)) {
        throw GrpcError.invalidArgument(`At most ${MAX_MARKED} user ids, none empty`);
      }
      await users.markFirstLoginsNotified([...new Set(userIds)], new Date());
    },

    /** The webhook URL of the admin settings; '' when none. */
    async firstLoginWebhookUrl(_caller: Caller): Promise<string> {
      return (await settings.get('first_login_zapier_webhook_url'))?.value ?? '';
    },
  };
}

export type FirstLoginUseCases = ReturnType<typeof firstLoginUseCases>;
