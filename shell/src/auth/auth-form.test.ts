import { ApiRequestError } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import { authErrorToast, googleSignInErrorText, hasErrors, validateAuthForm } from './auth-form.ts';

const DOMAIN = '@example.com';

describe('validateAuthForm (spec §5)', () => {
  it('accepts a company address and any password on sign-in', () => {
    const errors = validateAuthForm('sign-in', { email: ' Jane.Doe@Example.com ', password: 'x' }, DOMAIN);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('rejects other domains with the spec text, look-alike domains included', () => {
    for (const email of ['jane@gmail.com', 'jane@notexample.com', 'jane@example.com.evil.io']) {
      expect(validateAuthForm('sign-in', { email, password: 'x' }, DOMAIN).email, email).toBe(
        'Only @example.com email addresses are allowed',
      );
    }
    expect(validateAuthForm('sign-up', { email: 'jane@gmail.com', password: 'long-enough-1' }, 'example.com').email).toBe(
      'Only @example.com email addresses are allowed',
    );
  });

  it('requires both fields', () => {
    expect(validateAuthForm('sign-in', { email: '  ', password: '' }, DOMAIN)).toEqual({
      email: 'Email is required',
      password: ['Password is required'],
    });
  });

  it('applies the password rules on sign-up only', () => {
    expect(validateAuthForm('sign-in', { email: 'jane@example.com', password: 'short' }, DOMAIN)).toEqual({});
    expect(validateAuthForm('sign-up', { email: 'jane@example.com', password: 'short' }, DOMAIN).password).toEqual([
      'Password should be at least 8 characters.',
      'Password should contain letters and digits.',
    ]);
    expect(validateAuthForm('sign-up', { email: 'jane@example.com', password: 'long-enough-1' }, DOMAIN)).toEqual({});
  });

  it('checks only the address shape when the domain is unknown', () => {
    expect(validateAuthForm('sign-in', { email: 'jane@gmail.com', password: 'x' }, null)).toEqual({});
    expect(validateAuthForm('sign-in', { email: 'jane', password: 'x' }, null).email).toBe('Invalid email address');
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
