import { zodResolver } from '@hookform/resolvers/zod';
import { ApiRequestError, fieldErrorMessages } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import { authFormSchema } from './auth-form-schema.ts';
import { authErrorToast, googleSignInErrorText, type AuthFormValues, type AuthMode } from './auth-form.ts';

const DOMAIN = '@example.com';

/** The form's errors as the page shows them: the schema through react-hook-form's zodResolver, criteriaMode 'all'. */
async function validate(mode: AuthMode, values: AuthFormValues, domain: string | null): Promise<{ email?: string[]; password?: string[] }> {
  const result = await zodResolver(authFormSchema(mode, domain))(values, undefined, { criteriaMode: 'all', fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, fieldErrorMessages(error)]));
}

describe('authFormSchema (spec §5)', () => {
  it('accepts a company address and any password on sign-in, and sends it trimmed', async () => {
    expect(await validate('sign-in', { email: ' Jane.Doe@Example.com ', password: 'x' }, DOMAIN)).toEqual({});
    expect(authFormSchema('sign-in', DOMAIN).parse({ email: ' Jane.Doe@Example.com ', password: 'x' })).toEqual({
      email: 'jane.doe@example.com',
      password: 'x',
    });
  });

  it('rejects other domains with the spec text only, look-alike domains included', async () => {
    for (const email of ['jane@gmail.com', 'jane@notexample.com', 'jane@example.com.evil.io', 'jane']) {
      expect((await validate('sign-in', { email, password: 'x' }, DOMAIN)).email, email).toEqual(['Only @example.com email addresses are allowed']);
    }
    expect((await validate('sign-up', { email: 'jane@gmail.com', password: 'long-enough-1' }, 'example.com')).email).toEqual([
      'Only @example.com email addresses are allowed',
    ]);
  });

  it('requires both fields', async () => {
    for (const mode of ['sign-in', 'sign-up'] as const) {
      expect(await validate(mode, { email: '  ', password: '' }, DOMAIN)).toEqual({
        email: ['Email is required'],
        password: ['Password is required'],
      });
    }
  });

  it('applies the password rules on sign-up only, every reason at once, whatever the address', async () => {
    expect(await validate('sign-in', { email: 'jane@example.com', password: 'short' }, DOMAIN)).toEqual({});
    const reasons = ['Password should be at least 8 characters.', 'Password should contain letters and digits.'];
    expect((await validate('sign-up', { email: 'jane@example.com', password: 'short' }, DOMAIN)).password).toEqual(reasons);
    expect(await validate('sign-up', { email: 'jane@gmail.com', password: 'short' }, DOMAIN)).toEqual({
      email: ['Only @example.com email addresses are allowed'],
      password: reasons,
    });
    expect((await validate('sign-up', { email: 'janedoe@example.com', password: 'JaneDoe-2024' }, DOMAIN)).password).toEqual([
      'Password should not contain your e-mail name.',
    ]);
    expect(await validate('sign-up', { email: 'jane@example.com', password: 'long-enough-1' }, DOMAIN)).toEqual({});
  });

  it('checks only the address shape when the domain is unknown', async () => {
    expect(await validate('sign-in', { email: 'jane@gmail.com', password: 'x' }, null)).toEqual({});
    expect((await validate('sign-in', { email: 'jane', password: 'x' }, null)).email).toEqual(['Invalid email address']);
  });
});

describe('authErrorToast (spec §8: the server message)', () => {
  it('shows the server message', () => {
    const error = new ApiRequestError({ status: 400, code: 'invalid_grant', message: 'Invalid login credentials' });
    expect(authErrorToast(error)).toEqual({ title: 'Invalid login credentials' });
  });

  it('adds weak-password reasons the message does not already contain', () => {
    const error = new ApiRequestError({
      status: 400,
      code: 'weak_password',
      message: 'Password is too weak',
      details: [{ field: 'password', message: 'Password should be at least 8 characters.' }, 'Password should contain letters and digits.'],
    });
    expect(authErrorToast(error)).toEqual({
      title: 'Password is too weak',
      description: 'Password should be at least 8 characters. Password should contain letters and digits.',
    });
    const same = new ApiRequestError({ status: 400, code: 'weak_password', message: 'Too short.', details: ['Too short.'] });
    expect(authErrorToast(same)).toEqual({ title: 'Too short.' });
  });

  it('falls back to a generic text', () => {
    expect(authErrorToast('boom')).toEqual({ title: 'Something went wrong.' });
  });
});

describe('googleSignInErrorText', () => {
  it('shows nothing without an error', () => {
    expect(googleSignInErrorText(null, DOMAIN)).toBeNull();
    expect(googleSignInErrorText('', DOMAIN)).toBeNull();
  });

  it('maps known codes and never echoes free text', () => {
    expect(googleSignInErrorText('access_denied', DOMAIN)).toBe('Google sign-in was cancelled.');
    expect(googleSignInErrorText('domain_not_allowed', DOMAIN)).toBe('Only @example.com email addresses are allowed');
    expect(googleSignInErrorText('Call 555-0100 to unlock your account', DOMAIN)).toBe('Google sign-in failed. Please try again.');
  });
});
