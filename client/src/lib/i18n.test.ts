import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessages, messageParameters, type ErrorCode } from '#shared/errors';
import { i18nOptions, resolveLanguage, supportedLanguages, toSupportedLanguage } from './i18n';

const localesDirectory = resolve(import.meta.dirname, '../../../locales');

type Tree = { [key: string]: string | Tree };

function load(language: string): Tree {
  return JSON.parse(readFileSync(join(localesDirectory, language, 'translation.json'), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value !== null && typeof value === 'object')
      for (const [nested, leaf] of flatten(value, `${prefix}${key}.`)) entries.set(nested, leaf);
    else entries.set(`${prefix}${key}`, value);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = flatten(load('en'));

describe('translations (SPEC §1, STYLE i18n)', () => {
  it('SPEC §1: has exactly one folder per supported language', () => {
    expect(readdirSync(localesDirectory).sort()).toEqual([...supportedLanguages].sort());
  });

  it.each(supportedLanguages.filter((language) => language !== 'en'))('%s has every English key and no other', (language) => {
    const keys = [...flatten(load(language)).keys()];
    const missing = [...english.keys()].filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(supportedLanguages)('%s has a non-empty string for every key', (language) => {
    const empty = [...flatten(load(language))].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(supportedLanguages.filter((language) => language !== 'en'))('%s keeps the same {{placeholders}} as English', (language) => {
    const mismatched = [...flatten(load(language))].filter(
      ([key, value]) => placeholders(String(value)).join() !== placeholders(String(english.get(key))).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('SPEC §2: the English error screen texts are exact', () => {
    expect(english.get('errors.boundary.prefix')).toBe('An error occurred: ');
    expect(english.get('errors.boundary.unknown')).toBe('Unknown error');
    expect(english.get('errors.boundary.reload')).toBe('Reload');
    expect(english.get('errors.boundary.tryAgain')).toBe('Try again');
  });

  it.each(supportedLanguages)('%s translates every shared error code, with exactly the parameters of its message', (language) => {
    const translations = flatten(load(language));
    const problems = (Object.keys(errorMessages) as ErrorCode[]).flatMap((code) => {
      const text = translations.get(`errors.codes.${code}`);
      if (typeof text !== 'string') return [`${code}: missing`];
      const expected = [...new Set(messageParameters(errorMessages[code]))].sort().join();
      const found = [...new Set(placeholders(text))].sort().join();
      return found === expected ? [] : [`${code}: {{${found}}} instead of {{${expected}}}`];
    });
    expect(problems).toEqual([]);
  });

  it('English error-code texts are the shared messages, and name no code that does not exist', () => {
    const codes = [...english].filter(([key]) => key.startsWith('errors.codes.'));
    for (const [key, value] of codes) {
      const code = key.slice('errors.codes.'.length);
      expect(Object.hasOwn(errorMessages, code), `${code} is not in shared/src/errors.ts`).toBe(true);
      expect(value).toBe(errorMessages[code as keyof typeof errorMessages]);
    }
  });
});

describe('language choice', () => {
  it('SPEC §1: offers en, es, fr, it, pt and de, English being the default', () => {
    expect([...supportedLanguages]).toEqual(['en', 'es', 'fr', 'it', 'pt', 'de']);
    expect(resolveLanguage({})).toBe('en');
  });

  it("prefers the user's profile, then the stored choice, then the browser", () => {
    expect(resolveLanguage({ profile: 'de', stored: 'fr', browser: ['es-ES'] })).toBe('de');
    expect(resolveLanguage({ profile: null, stored: 'fr', browser: ['es-ES'] })).toBe('fr');
    expect(resolveLanguage({ stored: null, browser: ['zh-CN', 'pt-BR', 'it'] })).toBe('pt');
    expect(resolveLanguage({ profile: 'ja', stored: 'xx', browser: ['ko'] })).toBe('en');
  });

  it('reduces regional codes to the language', () => {
    expect(toSupportedLanguage('FR-ca')).toBe('fr');
    expect(toSupportedLanguage('pt_BR')).toBe('pt');
    expect(toSupportedLanguage('nl')).toBeUndefined();
    expect(toSupportedLanguage(undefined)).toBeUndefined();
  });

  it('SPEC §9: loads /locales/<lng>/<ns>.json with 5 retries from 350 ms and 10 parallel reads, English as fallback', () => {
    const options = i18nOptions('it');
    expect(options).toMatchObject({ lng: 'it', fallbackLng: 'en', maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
    expect(options.backend).toEqual({ loadPath: '/locales/{{lng}}/{{ns}}.json' });
  });
});
