import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, setLanguage, toSupportedLanguage } from '../../lib/i18n';
import { Button, Menu, MenuContent, MenuTrigger } from '../../ui';
import { LanguageRadioGroup } from '../shell/LanguageRadioGroup';

/** A compact language picker for signed-out pages; the choice is stored on this device. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const language = toSupportedLanguage(i18n.language) ?? defaultLanguage;
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          icon={<Languages aria-hidden />}
          aria-label={`${t('userMenu.language')}: ${t(`languages.${language}`)}`}
        >
          {t(`languages.${language}`)}
        </Button>
      </MenuTrigger>
      <MenuContent align="center" side="top">
        <LanguageRadioGroup value={language} onChange={(next) => void setLanguage(next)} />
      </MenuContent>
    </Menu>
  );
}
