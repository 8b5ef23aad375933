// The user list's read model: every user as User Management lists it (never the password hash or the link
// fields), in sign-up order, in memory (the kit's ReadModel). ListUsers is answered from it; the database
// stays the source of truth and the path of every check (sign-in, owner count, roles lock).
import type { IdentityUser } from '@venuebook/contracts/codecs/identity';
import { SUBJECTS } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import type { Model } from 'mongoose';
import type { ProfileDocument } from '../repositories/profile.model.ts';
import type { UserDocument } from '../repositories/user.model.ts';
import { listedUser } from '../domain/user.ts';
import { othersEvents } from './others-events.ts';

/** A user document (the listed fields) with its profile. */
export interface UserListSource {
  user: Pick<UserDocument, '_id' | 'email' | 'role' | 'emailConfirmedAt' | 'createdAt'>;
  profile: Pick<ProfileDocument, 'welcomeShown' | 'lastSignInAt'> | null;
}

export type UserListEntry = IdentityUser;

const USER_FIELDS = '_id email role emailConfirmedAt createdAt';
const PROFILE_FIELDS = '_id welcomeShown lastSignInAt';

/** Sign-up order, ties by id (the order of the former `sort({createdAt: 1, _id: 1})`). */
const signUpOrder = (a: UserListEntry, b: UserListEntry): number => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export type UserReadModel = ReadModel<UserListSource, UserListEntry, 'signUp'>;

/**
 * `instanceId`: this process; the `identity.user.changed` events it published itself are skipped (it applied
 * the change when it wrote it), those of other replicas re-read the user and its profile by `_id`.
 */
export function createUserReadModel(
  models: { users: Model<UserDocument>; profiles: Model<ProfileDocument> },
  options: { logger: Logger; nc?: NatsConnection; instanceId: string },
): UserReadModel {
  return new ReadModel<UserListSource, UserListEntry, 'signUp'>({
    name: 'users',
    logger: options.logger,
    source: {
      // Two scans (profiles, then users), each one cursor: no per-user query, no $in (a scan per page on FerretDB v1).
      async *scan() {
        const profiles = new Map<string, UserListSource['profile']>();
        for await (const profile of models.profiles.find({}).select(PROFILE_FIELDS).lean<ProfileDocument[]>().cursor({ batchSize: 1000 })) {
          profiles.set(profile._id, { welcomeShown: profile.welcomeShown, lastSignInAt: profile.lastSignInAt });
        }
        for await (const user of models.users.find({}).select(USER_FIELDS).lean<UserListSource['user'][]>().cursor({ batchSize: 1000 })) {
          yield { user, profile: profiles.get(user._id) ?? null };
        }
      },
      async byId(id) {
        const [user, profile] = await Promise.all([
          models.users.findById(id).select(USER_FIELDS).lean<UserListSource['user']>().exec(),
          models.profiles.findById(id).select(PROFILE_FIELDS).lean<ProfileDocument>().exec(),
        ]);
        return user ? { user, profile } : null;
      },
    },
    toRecord: listedUser,
    searchText: () => '',
    tagValues: [],
    tagsOf: () => [],
    sorts: { signUp: signUpOrder },
    ...othersEvents(options, SUBJECTS.userChanged, (data) => data.userId),
  });
}
