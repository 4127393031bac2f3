import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import fr from '../../../locales/fr/translation.json';
import { setupAppI18n } from '../test/i18n';
import { RequestError } from './graphql';
import { describeRequestError, emailError, newPasswordError, waitDescription } from './formMessages';

let t: TFunction;

beforeAll(async () => {
  t = (await setupAppI18n()).t;
});

async function frenchT(): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'fr', resources: { fr: { translation: fr } }, interpolation: { escapeValue: false } });
  return instance.t;
}

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

  it('describes an input error by its code and params, on the field the server named, in the user’s language', async () => {
    const error = new RequestError('graphql', 'Use at most 100 characters.', 'setTeam', 'TEXT_TOO_LONG', {
      category: 'BAD_USER_INPUT',
      params: { maximum: 100 },
      field: 'name',
    });
    expect(describeRequestError(error, t, 'en')).toEqual({ code: 'TEXT_TOO_LONG', field: 'name', message: 'Use at most 100 characters.' });
    const french = await frenchT();
    expect(describeRequestError(error, french, 'fr')).toEqual({
      code: 'TEXT_TOO_LONG',
      field: 'name',
      message: 'Utilisez au plus 100 caractères.',
    });
    const url = new RequestError('graphql', 'Use 3 to 48 characters for the team URL.', 'ediTeam', 'TEAM_URL_LENGTH', {
      params: { minimum: 3, maximum: 48 },
      field: 'url',
    });
    expect(describeRequestError(url, french, 'fr')).toMatchObject({
      field: 'url',
      message: 'Utilisez de 3 à 48 caractères pour l’URL de l’équipe.',
    });
  });

  it('never reads the English text: a code with params is translated whatever the text says, one without is shown as sent', async () => {
    const french = await frenchT();
    const coded = new RequestError('graphql', 'some other words', 'signUp', 'EMAIL_INVALID', { params: {}, field: 'email' });
    expect(describeRequestError(coded, t, 'en')).toEqual({
      code: 'EMAIL_INVALID',
      field: 'email',
      message: 'Enter a valid e-mail address.',
    });
    const reason = new RequestError('graphql', 'This section does not exist or you cannot see it.', 'ediTask', 'NOT_FOUND', {
      reason: 'SECTION_NOT_FOUND',
      params: {},
    });
    expect(describeRequestError(reason, t, 'en')).toEqual({
      code: 'NOT_FOUND',
      message: 'This section does not exist or you cannot see it.',
    });
    expect(describeRequestError(reason, french, 'fr').message).toBe('Cette section n’existe pas ou vous ne pouvez pas la voir.');
    const ownText = new RequestError('graphql', 'This section does not exist or you cannot see it.', 'ediTask', 'NOT_FOUND');
    expect(describeRequestError(ownText, t, 'en')).toEqual({
      code: 'NOT_FOUND',
      message: 'This section does not exist or you cannot see it.',
    });
    const unknown = new RequestError('graphql', 'Something new.', 'ediUser', 'SOMETHING_NEW', { params: {}, field: 'rate' });
    expect(describeRequestError(unknown, t, 'en')).toEqual({ code: 'SOMETHING_NEW', field: 'rate', message: 'Something new.' });
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
