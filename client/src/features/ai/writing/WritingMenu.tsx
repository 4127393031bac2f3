/**
 * The writing tools' menu (Radix: arrow keys move, typeahead jumps, Escape closes): the SPEC §9 actions, with
 * translate's twelve languages and change tone's tones in submenus. The trigger is the caller's button.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { aiWritingLanguages, aiWritingTones } from '#shared/ai';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuSub, MenuSubContent, MenuSubTrigger, MenuTrigger } from '../../../ui';
import type { WritingChoice } from './writingRequest';
import styles from './Writing.module.css';

const simpleActions = ['improveWriting', 'fixSpelling', 'shorter', 'longer', 'simplify', 'summarize'] as const;

export interface WritingMenuProps {
  /** The button that opens the menu (rendered as the Radix trigger). */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Says what the tool will work on: the selection or the whole text. */
  scope: 'selection' | 'wholeText';
  onChoose: (choice: WritingChoice) => void;
  /** Where the focus goes when the menu closes without a choice (default: back to the trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function WritingMenu({ trigger, open, onOpenChange, scope, onChoose, onCloseAutoFocus }: WritingMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu open={open} onOpenChange={onOpenChange}>
      <MenuTrigger asChild>{trigger}</MenuTrigger>
      <MenuContent align="start" className={styles.menu} aria-label={t('ai.writing.button')} onCloseAutoFocus={onCloseAutoFocus}>
        <MenuLabel>{t(`ai.writing.${scope}`)}</MenuLabel>
        {simpleActions.map((action) => (
          <MenuItem key={action} onSelect={() => onChoose({ action })}>
            {t(`ai.writing.actions.${action}`)}
          </MenuItem>
        ))}
        <MenuSub>
          <MenuSubTrigger>{t('ai.writing.actions.translate')}</MenuSubTrigger>
          <MenuSubContent className={styles.menu}>
            {aiWritingLanguages.map((language) => (
              <MenuItem key={language} onSelect={() => onChoose({ action: 'translate', language })}>
                {t(`ai.writing.languages.${language}`)}
              </MenuItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>{t('ai.writing.actions.changeTone')}</MenuSubTrigger>
          <MenuSubContent className={styles.menu}>
            {aiWritingTones.map((tone) => (
              <MenuItem key={tone} onSelect={() => onChoose({ action: 'changeTone', tone })}>
                {t(`ai.writing.tones.${tone}`)}
              </MenuItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSeparator />
        <MenuItem onSelect={() => onChoose({ action: 'continue' })}>{t('ai.writing.actions.continue')}</MenuItem>
      </MenuContent>
    </Menu>
  );
}
