import { useTranslation } from 'react-i18next';
import { singleKeyShortcutsAtom } from '../../lib/shortcutPreference';
import { useAtom } from '../../lib/store';
import { Button, Dialog, Switch } from '../../ui';
import { shortcutList } from './keyboardNav';
import styles from './Dialogs.module.css';
import { shortcutsHelpOpenAtom } from './viewAtoms';

/** `?`: every shortcut of the tasks area, the keys that move between regions, and the switch for single-key shortcuts. */
export function ShortcutsHelpDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(shortcutsHelpOpenAtom);
  const [singleKey, setSingleKey] = useAtom(singleKeyShortcutsAtom);
  if (!open) return null;
  return (
    <Dialog
      open
      onOpenChange={setOpen}
      title={t('tasks.shortcuts.title')}
      footer={
        <Button variant="secondary" onClick={() => setOpen(false)} data-autofocus>
          {t('tasks.done')}
        </Button>
      }
    >
      <dl className={styles.shortcutList}>
        {shortcutList.map(({ keys, label }) => (
          <div key={label} className={styles.shortcutRow}>
            <dt>{t(`tasks.shortcuts.${label}`)}</dt>
            <dd>
              {keys.map((key) => (
                <kbd key={key} className={styles.kbd}>
                  {key}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
        <div className={styles.shortcutRow}>
          <dt>{t('a11y.regionsKey')}</dt>
          <dd>
            <kbd className={styles.kbd}>F6</kbd>
            <kbd className={styles.kbd}>Shift+F6</kbd>
          </dd>
        </div>
      </dl>
      <Switch
        label={t('a11y.singleKeyShortcuts')}
        description={t('a11y.singleKeyShortcutsHint')}
        checked={singleKey}
        onChange={setSingleKey}
      />
    </Dialog>
  );
}
