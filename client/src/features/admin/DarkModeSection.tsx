import { useTranslation } from 'react-i18next';
import { darkModeEnabledAtom, setDarkMode } from '../../app/theme';
import { useAtomValue, useStore } from '../../lib/store';
import { Switch } from '../../ui';
import styles from './Admin.module.css';

/** Admin › Dark mode: the same stored preference the account menu toggles (SPEC §2, §4). */
export function DarkModeSection() {
  const { t } = useTranslation();
  const store = useStore();
  const dark = useAtomValue(darkModeEnabledAtom);
  return (
    <div className={styles.switches}>
      <Switch
        label={t('admin.darkMode.label')}
        description={t('admin.darkMode.description')}
        checked={dark}
        onChange={(checked) => setDarkMode(checked, store)}
      />
    </div>
  );
}
