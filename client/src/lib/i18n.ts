/**
 * Translations (SPEC §1, §9): six languages loaded over HTTP from /locales/<lng>/<ns>.json,
 * English being the default and the fallback. The language comes from the user's profile when
 * known, else the stored preference, else the browser.
 */
import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from './browser';
import { defaultLanguage, fallbackLanguage, supportedLanguages, translationLoading, type Language } from '#shared/constants';

export { defaultLanguage, supportedLanguages, type Language };

export const languageStorageKey = 'language';

export const i18n: I18n = i18next.createInstance();

/** "pt-BR" -> "pt"; undefined when the language is not one the product speaks. */
export function toSupportedLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return supportedLanguages.find((language) => language === base);
}

export interface LanguageSources {
  profile?: string | null;
  stored?: string | null;
  browser?: readonly string[];
}

/** Profile first, then the stored preference, then the browser's languages in order, then English. */
export function resolveLanguage({ profile, stored, browser = [] }: LanguageSources): Language {
  for (const candidate of [profile, stored, ...browser]) {
    const language = toSupportedLanguage(candidate);
    if (language) return language;
  }
  return defaultLanguage;
}

export function storedLanguage(): string | null {
  return readStored(languageStorageKey);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function reflectLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** SPEC §9: locale files load with up to 5 retries starting at 350 ms (i18next doubles it), 10 reads in parallel. */
export function i18nOptions(language: Language): InitOptions<HttpBackendOptions> {
  return {
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: supportedLanguages,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    maxRetries: translationLoading.maximumRetries,
    retryTimeout: translationLoading.initialRetryDelayMs,
    maxParallelReads: translationLoading.parallelReads,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
}

export async function initI18n(language: Language): Promise<I18n> {
  i18n.on('languageChanged', reflectLanguage);
  await i18n.use(HttpBackend).use(initReactI18next).init<HttpBackendOptions>(i18nOptions(language));
  return i18n;
}

/** Switches the interface language and remembers it on this device. */
export async function setLanguage(language: Language): Promise<void> {
  writeStored(languageStorageKey, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
