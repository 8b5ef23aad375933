import { AUTH_MESSAGES, weakPasswordReasons } from '@venuebook/proto/domain';
import { GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import { hashPassword, verifyPassword } from '../domain/password.ts';
import { hashSecret, newSecret } from '../domain/tokens.ts';
import type { UserRecord } from '../domain/user.ts';
import type { IdentityDeps } from './context.ts';
import { invalidCredentials, parseEmail, requireCompanyEmail } from './errors.ts';

/** Sign-up with a password and its confirmation by the mailed link (spec §5). */
export function signUpUseCases({ users, mailer, settings, logger, now }: IdentityDeps) {
  return {
    /**
     * Creates an unconfirmed account (or renews a still-unconfirmed one: new password, new link) and mails
     * the confirmation link, which opens the app's sign-in page with the token.
     */
    async signUp(input: { email: string; password: string; appUrl: string }): Promise<UserRecord> {
      const email = parseEmail(input.email);
      requireCompanyEmail(email, settings.companyDomain);
      const reasons = weakPasswordReasons(input.password, email);
      if (reasons.length > 0) throw GrpcError.invalidArgument(reasons.join(' '), reasons.map((message) => ({ field: 'password', message })));
      let appUrl: URL;
      try {
        appUrl = new URL(input.appUrl);
      } catch {
        throw GrpcError.invalidArgument('Invalid app URL', [{ field: 'appUrl', message: 'must be an absolute URL' }]);
      }
      const token = newSecret();
      const pending = {
        passwordHash: await hashPassword(input.password),
        confirmationTokenHash: hashSecret(token),
        confirmationExpiresAt: new Date(now().getTime() + settings.confirmationTtlMs),
      };
      let user = await users.createPending({ email, ...pending });
      if (!user) {
        const existing = await users.findByEmail(email);
        if (existing?.emailConfirmedAt) throw new GrpcError(GrpcStatus.ALREADY_EXISTS, AUTH_MESSAGES.alreadyRegistered);
        user = existing ? await users.resetPending(existing.id, pending) : null;
        if (!user) throw new GrpcError(GrpcStatus.ALREADY_EXISTS, AUTH_MESSAGES.alreadyRegistered);
      }
      const link = new URL('/api/v1/auth/confirm', appUrl);
      link.searchParams.set('token', token);
      try {
        await mailer.sendConfirmation(email, link.toString());
      } catch (error) {
        logger.error({ err: error }, 'confirmation mail failed');
        throw new GrpcError(GrpcStatus.UNAVAILABLE, 'The confirmation e-mail could not be sent. Please try again.');
      }
      return user;
    },

    /**
     * Confirms the address of the link's token. The password chosen at sign-up proves the person confirming
     * is the one who signed up (a mail scanner opening the link, or someone who signed up with another's
     * address, confirms nothing).
     */
    async confirmEmail(input: { token: string; email: string; password: string }): Promise<UserRecord> {
      const invalid = () => GrpcError.invalidArgument(AUTH_MESSAGES.invalidConfirmation, [{ field: 'token', message: AUTH_MESSAGES.invalidConfirmation }]);
      if (!input.token) throw invalid();
      const tokenHash = hashSecret(input.token);
      const pending = await users.findPending(tokenHash, now());
      if (!pending) throw invalid();
      const valid = await verifyPassword(input.password, pending.passwordHash);
      if (!valid || pending.email !== input.email.trim().toLowerCase()) throw invalidCredentials();
      const user = await users.confirm(tokenHash, now());
      if (!user) throw invalid();
      return user;
    },
  };
}
