import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../ui';
import type { EditScope } from './calendarModel';
import styles from './Calendar.module.css';

type Purpose = 'edit' | 'move' | 'delete';

const scopes: readonly EditScope[] = ['this', 'following', 'all'];

/**
 * "This event / this and following / all events" for a change to one occurrence of a series. `ask` resolves with the
 * chosen scope, or null when the person closes the question (then nothing changes).
 */
export function useScopeQuestion(): { ask: (purpose: Purpose) => Promise<EditScope | null>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Purpose | null>(null);
  const [choice, setChoice] = useState<EditScope>('this');
  const settle = useRef<((scope: EditScope | null) => void) | null>(null);

  const ask = useCallback((purpose: Purpose) => {
    settle.current?.(null);
    setChoice('this');
    setOpen(purpose);
    return new Promise<EditScope | null>((resolve) => {
      settle.current = resolve;
    });
  }, []);

  const finish = (scope: EditScope | null) => {
    settle.current?.(scope);
    settle.current = null;
    setOpen(null);
  };

  const dialog = (
    <Dialog
      open={open !== null}
      onOpenChange={(isOpen) => !isOpen && finish(null)}
      title={t(open === 'delete' ? 'calendar.scope.deleteTitle' : 'calendar.scope.editTitle')}
      footer={
        <>
          <Button onClick={() => finish(null)}>{t('calendar.dialog.cancel')}</Button>
          <Button variant={open === 'delete' ? 'danger' : 'primary'} onClick={() => finish(choice)} data-autofocus>
            {t(open === 'delete' ? 'calendar.dialog.delete' : 'calendar.scope.apply')}
          </Button>
        </>
      }
    >
      <fieldset className={styles.scopeChoices}>
        <legend className="visually-hidden">{t('calendar.scope.legend')}</legend>
        {scopes.map((scope) => (
          <label key={scope} className={styles.scopeChoice}>
            <input type="radio" name="calendar-scope" value={scope} checked={choice === scope} onChange={() => setChoice(scope)} />
            {t(`calendar.scope.${scope}`)}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
  return { ask, dialog };
}
