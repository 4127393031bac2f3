import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { singleKeyShortcutsAtom } from '../../lib/shortcutPreference';
import { useAtom } from '../../lib/store';
import { Switch } from '../../ui';
import styles from './Profile.module.css';

/** My account › Keyboard: single-key shortcuts on or off (WCAG 2.1.4), and where F6 goes. Kept in this browser. */
export function KeyboardPreferences() {
  const { t } = useTranslation();
  const [singleKey, setSingleKey] = useAtom(singleKeyShortcutsAtom);
  const titleId = useId();
  return (
    <section className={styles.keyboard} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {t('a11y.keyboard')}
      </h3>
      <Switch
        label={t('a11y.singleKeyShortcuts')}
        description={t('a11y.singleKeyShortcutsHint')}
        checked={singleKey}
        onChange={setSingleKey}
      />
      <p className={styles.keyboardNote}>{t('a11y.regionsKey')}</p>
    </section>
  );
}
