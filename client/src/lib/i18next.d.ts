import 'i18next';
import type translation from '../../../locales/en/translation.json';

/** Keys are checked against the English file: a missing key is a type error. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof translation };
  }
}
