import { useTranslation } from 'react-i18next';
import { useAtom } from '../../lib/store';
import { Button, Dialog } from '../../ui';
import { shortcutList } from './keyboardNav';
import styles from './Dialogs.module.css';
import { shortcutsHelpOpenAtom } from './viewAtoms';

/** `?`: every shortcut of the tasks area. */
export function ShortcutsHelpDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(shortcutsHelpOpenAtom);
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
      </dl>
    </Dialog>
  );
}
