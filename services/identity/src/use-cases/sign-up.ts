import { AUTH_MESSAGES, weakPasswordReasons } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import { confirmationToken, hashSecret, newSecret } from '../domain/tokens.ts';
import type { UserRecord } from '../domain/user.ts';
import type { IdentityDeps } from './context.ts';
import { invalidCredentials, parseEmail, requireCompanyEmail } from './errors.ts';

export const signUpMailCooldownMessage = (seconds: number): string =>
  `A confirmation e-mail was just sent to this address. Check your inbox (and spam folder), or try again in ${seconds} seconds.`;
export const signUpMailCapMessage = (seconds: number): string =>
  `Too many confirmation e-mails were sent to this address. Try again in ${Math.ceil(seconds / 60)} minutes.`;

/** Sign-up with a password and its confirmation by the mailed link (spec §5). */
export function signUpUseCases({ users, confirmationMails, mailer, passwords, settings, logger, now }: IdentityDeps) {
  return {
    /**
     * Creates an unconfirmed account and mails the confirmation link, which opens the app's sign-in page
     * with the token. A repeated sign-up while the link lives mails the same link again (the password stays);
     * after it expired the sign-up starts over. Mails per address: one per cooldown, a few per hour.
     */
    async signUp(input: { email: string; password: string; appUrl: string }): Promise<UserRecord> {
      const email = parseEmail(input.email);
      requireCompanyEmail(email, settings.companyDomain);
      const reasons = weakPasswordReasons(input.password, email);
      if (reasons.length > 0)
        throw GrpcError.invalidArgument(
          reasons.join(' '),
          reasons.map((message) => ({ field: 'password', message })),
        );
      let appUrl: URL;
      try {
        appUrl = new URL(input.appUrl);
      } catch {
        throw GrpcError.invalidArgument('Invalid app URL', [{ field: 'appUrl', message: 'must be an absolute URL' }]);
      }
      const at = now();
      const existing = await users.findSignUpState(email);
      if (existing?.confirmed) throw new GrpcError(GrpcStatus.ALREADY_EXISTS, AUTH_MESSAGES.alreadyRegistered);
      const claim = await confirmationMails.claim(email, at);
      if (claim.kind === 'cooldown') throw new GrpcError(GrpcStatus.RESOURCE_EXHAUSTED, signUpMailCooldownMessage(claim.retryAfterSeconds));
      if (claim.kind === 'hourly_cap') throw new GrpcError(GrpcStatus.RESOURCE_EXHAUSTED, signUpMailCapMessage(claim.retryAfterSeconds));
      // Every sign-up that gets this far runs the same scrypt, also one that keeps the first password (the new
      // hash is then thrown away): timing does not tell whether the address was pending already.
      let passwordHash: string;
      try {
        passwordHash = await passwords.hash(input.password);
      } catch (error) {
        await confirmationMails.release(email, at);
        throw error;
      }

      let user: UserRecord | null;
      let token: string;
      if (existing && existing.linkExpiresAt && existing.linkExpiresAt.getTime() > at.getTime()) {
        // Still pending with a live link: mail that same link again. The password chosen at that sign-up
        // stays (whoever typed the address again cannot replace it, nor make the link they never saw void).
        token = existing.linkNonce ? confirmationToken(settings.confirmationLinkKey, existing.linkNonce) : '';
        if (existing.linkNonce && hashSecret(token) === existing.linkTokenHash) {
          user = await users.findById(existing.id);
        } else {
          const nonce = newSecret();
          token = confirmationToken(settings.confirmationLinkKey, nonce);
          user = await users.renewLink(existing.id, { confirmationNonce: nonce, confirmationTokenHash: hashSecret(token) });
        }
      } else {
        const nonce = newSecret();
        token = confirmationToken(settings.confirmationLinkKey, nonce);
        const pending = {
          passwordHash,
          confirmationTokenHash: hashSecret(token),
          confirmationExpiresAt: new Date(at.getTime() + settings.confirmationTtlMs),
          confirmationNonce: nonce,
        };
        // A new address, or one whose link expired unconfirmed: a fresh start.
        user = existing ? await users.resetPending(existing.id, pending) : await users.createPending({ email, ...pending });
      }
      if (!user) {
        await confirmationMails.release(email, at);
        throw new GrpcError(GrpcStatus.ALREADY_EXISTS, AUTH_MESSAGES.alreadyRegistered);
      }
      const link = new URL('/api/v1/auth/confirm', appUrl);
      link.searchParams.set('token', token);
      try {
        await mailer.sendConfirmation(email, link.toString());
      } catch (error) {
        logger.error({ err: error }, 'confirmation mail failed');
        await confirmationMails.release(email, at);
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
      const { valid } = await passwords.verify(input.password, pending.passwordHash);
      if (!valid || pending.email !== input.email.trim().toLowerCase()) throw invalidCredentials();
      const user = await users.confirm(pending.id, tokenHash, now());
      if (!user) throw invalid();
      return user;
    },
  };
}
