import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Loader } from 'lucide-react';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { Button, Notice, Switch, openDialog, showToast } from '../../ui';
import {
  removeCalendarAccountDocument,
  selectCalendarDocument,
  syncCalendarAccountDocument,
  syncFeatureCalendarDocument,
  type CalendarAccount,
  type CalendarOfAccount,
} from './operations';
import styles from './Calendar.module.css';

interface Props {
  account: CalendarAccount;
  onChange: (account: CalendarAccount) => void;
  onRemoved: (id: string) => void;
  onEditConnection: (account: CalendarAccount) => void;
  /** Reads every account again (choosing a calendar may change which one is the default). */
  onReload: () => void;
}

/** The account's state as shown: paused wins over the last sync's outcome. */
export function accountState(account: Pick<CalendarAccount, 'active' | 'status'>): 'paused' | 'ok' | 'error' | 'syncing' {
  if (!account.active) return 'paused';
  return account.status === 'error' || account.status === 'syncing' ? account.status : 'ok';
}

const stateIcons = {
  ok: <CircleCheck size={14} aria-hidden />,
  error: <CircleAlert size={14} aria-hidden />,
  syncing: <Loader size={14} aria-hidden />,
  paused: null,
};

/** One connected account: its state and last error, pause and resume, its calendars to choose, sync now, remove. */
export function AccountCard({ account, onChange, onRemoved, onEditConnection, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const action = useAction();
  const state = accountState(account);
  const name = account.email || account.username;

  const setActive = (active: boolean) =>
    action.run('active', async () => {
      const { syncFeatureCalendar } = await request(
        syncFeatureCalendarDocument,
        { sync: { account: account.id }, feature: 'calendar', active },
        { handledByCaller: true },
      );
      onChange(syncFeatureCalendar);
    });

  const syncNow = () =>
    action.run('sync', async () => {
      const { syncCalendarAccount } = await request(syncCalendarAccountDocument, { account: account.id }, { handledByCaller: true });
      onChange(syncCalendarAccount);
      if (syncCalendarAccount.status !== 'error') showToast({ message: t('calendar.sync.synced', { name }), icon: 'success' });
    });

  const select = (calendar: CalendarOfAccount, selected: boolean) =>
    action.run(`calendar:${calendar.id}`, async () => {
      const { selectCalendar } = await request(
        selectCalendarDocument,
        { calendar: calendar.calendarId, selected },
        { handledByCaller: true },
      );
      onChange({ ...account, calendars: account.calendars.map((other) => (other.id === selectCalendar.id ? selectCalendar : other)) });
      onReload();
    });

  const remove = async () => {
    const answer = await openDialog({
      title: t('calendar.sync.removeTitle', { name }),
      description: t('calendar.sync.removeDescription'),
      primaryLabel: t('calendar.sync.remove'),
      tone: 'danger',
    });
    if (!answer.confirmed) return;
    const outcome = await action.run('remove', () =>
      request(removeCalendarAccountDocument, { account: account.id }, { handledByCaller: true }),
    );
    if (outcome.ok) onRemoved(account.id);
  };

  const lastSynced = account.lastSyncedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(account.lastSyncedAt))
    : null;

  return (
    <li className={styles.card} aria-labelledby={`account-${account.id}`}>
      <div className={styles.accountHeader}>
        <div className={styles.accountText}>
          <h3 id={`account-${account.id}`} className={styles.cardTitle}>
            {name}
          </h3>
          <p className={styles.muted}>
            {t(`calendar.sync.types.${account.type === 'google' ? 'google' : 'caldav'}`)}
            {account.serverUrl ? ` · ${account.serverUrl}` : ''}
          </p>
        </div>
        <span className={styles.status} data-state={state}>
          {stateIcons[state]}
          {t(`calendar.sync.state.${state}`)}
        </span>
      </div>
      <p className={styles.muted}>{lastSynced ? t('calendar.sync.lastSynced', { date: lastSynced }) : t('calendar.sync.neverSynced')}</p>
      {account.error && (
        <Notice tone="error" title={t('calendar.sync.accountError')}>
          <p>{account.error}</p>
          <Button size="sm" onClick={() => onEditConnection(account)}>
            {t('calendar.sync.updateConnection')}
          </Button>
        </Notice>
      )}
      {action.error && <Notice tone="error">{action.error}</Notice>}
      <Switch
        label={t('calendar.sync.active')}
        description={t('calendar.sync.activeDescription')}
        checked={account.active}
        disabled={action.pending !== null}
        onChange={(active) => void setActive(active)}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('calendar.sync.calendars')}</legend>
        {account.calendars.length === 0 ? (
          <p className={styles.muted}>{t('calendar.sync.noCalendars')}</p>
        ) : (
          <ul className={styles.calendarList}>
            {account.calendars.map((calendar) => (
              <li key={calendar.id}>
                <label className={styles.calendarRow}>
                  <input
                    type="checkbox"
                    checked={calendar.selected}
                    disabled={action.pending === `calendar:${calendar.id}`}
                    onChange={(event) => void select(calendar, event.target.checked)}
                  />
                  <span className={styles.swatch} style={{ background: calendar.backgroundColor ?? 'var(--color-accent)' }} aria-hidden />
                  <span className={styles.calendarText}>
                    <span>{calendar.summary}</span>
                    {calendar.description && <span className={styles.muted}>{calendar.description}</span>}
                  </span>
                  {calendar.default && <span className={styles.guestTag}>{t('calendar.sync.default')}</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className={styles.buttonRow}>
        <Button size="sm" variant="primary" loading={action.pending === 'sync'} disabled={!account.active} onClick={() => void syncNow()}>
          {t('calendar.sync.syncNow')}
        </Button>
        <Button size="sm" onClick={() => onEditConnection(account)}>
          {t('calendar.sync.updateConnection')}
        </Button>
        <Button size="sm" variant="danger" loading={action.pending === 'remove'} onClick={() => void remove()}>
          {t('calendar.sync.remove')}
        </Button>
      </div>
    </li>
  );
}
