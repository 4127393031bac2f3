/** Test helpers: i18next with the English file loaded synchronously, wired into react-i18next. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en/translation.json';
import { i18n as appI18n } from '../lib/i18n';

const englishOptions = {
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export async function setupTestI18n() {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init(englishOptions);
  return instance;
}

/** Initialises the app's own instance (the one the data client translates error codes with) in English, and makes it react-i18next's. */
export async function setupAppI18n() {
  if (!appI18n.isInitialized) await appI18n.use(initReactI18next).init(englishOptions);
  return appI18n;
}
