import { useTranslation } from 'react-i18next';
import { supportedLanguages, toSupportedLanguage, type Language } from '../../lib/i18n';
import { MenuRadioGroup, MenuRadioItem } from '../../ui';

/** The six interface languages as menu radio items, each named in its own language. */
export function LanguageRadioGroup({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <MenuRadioGroup
      value={value}
      onValueChange={(next) => {
        const language = toSupportedLanguage(next);
        if (language) onChange(language);
      }}
    >
      {supportedLanguages.map((code) => (
        <MenuRadioItem key={code} value={code} lang={code}>
          {t(`languages.${code}`)}
        </MenuRadioItem>
      ))}
    </MenuRadioGroup>
  );
}
