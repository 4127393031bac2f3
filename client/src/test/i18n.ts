/** Test helper: i18next with the English file loaded synchronously, wired into react-i18next. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en/translation.json';

export async function setupTestI18n() {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
