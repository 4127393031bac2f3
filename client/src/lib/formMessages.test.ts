import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { setupAppI18n } from '../test/i18n';
import { RequestError } from './graphql';
import { describeRequestError, emailError, newPasswordError, waitDescription } from './formMessages';

let t: TFunction;

beforeAll(async () => {
  t = (await setupAppI18n()).t;
});

describe('form messages', () => {
  it('SPEC §5: checks e-mail addresses with the shared rule, trimming first', () => {
    expect(emailError('', t)).toBe('Enter your email address.');
    expect(emailError('ada@', t)).toBe('Enter a valid email address.');
    expect(emailError('  Ada@Example.com ', t)).toBeUndefined();
  });

  it('checks new passwords with the shared rule', () => {
    expect(newPasswordError('', t)).toBe('Enter your password.');
    expect(newPasswordError('short1', t)).toBe('Use at least 8 characters.');
    expect(newPasswordError('12345678', t)).toBe('Include at least one letter.');
    expect(newPasswordError('password', t)).toBe('Include at least one digit.');
    expect(newPasswordError('password1', t)).toBeUndefined();
  });

  it('places a BAD_USER_INPUT message on the field it names, translated when the text is known', () => {
    const error = new RequestError('graphql', 'email: Enter a valid e-mail address.', 'setUserBasic', 'BAD_USER_INPUT');
    expect(describeRequestError(error, t, 'en')).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'email',
      message: 'Enter a valid email address.',
    });
    const unknown = new RequestError('graphql', 'rate: Use a whole number.', 'ediUser', 'BAD_USER_INPUT');
    expect(describeRequestError(unknown, t, 'en')).toEqual({ code: 'BAD_USER_INPUT', field: 'rate', message: 'Use a whole number.' });
  });

  it('says how long to wait when rate-limited', () => {
    const error = new RequestError('graphql', 'Too many attempts.', 'login', 'RATE_LIMITED', { retryAfterSeconds: 150 });
    expect(describeRequestError(error, t, 'en').message).toBe('Too many attempts. Try again in 3 minutes.');
    expect(waitDescription(1, 'fr')).toBe('dans 1 seconde');
  });

  it('keeps the message of any other failure, and has a generic one for non-request errors', () => {
    expect(describeRequestError(new RequestError('network', "Can't reach the server.", 'login'), t, 'en')).toEqual({
      message: "Can't reach the server.",
    });
    expect(describeRequestError(new Error('boom'), t, 'en')).toEqual({ message: 'Something went wrong. Try again.' });
  });
});
