import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isErrorCode } from '#shared/errors';
import { ArrowLeft, Plus, RefreshCw } from 'lucide-react';
import { request } from '../../lib/graphql';
import { Button, EmptyState, Notice, Spinner } from '../../ui';
import { AccountCard } from './AccountCard';
import { ConnectAccountDialog } from './ConnectAccountDialog';
import { FeedSection } from './FeedSection';
import { getCalendarAccountsDocument, type CalendarAccount } from './operations';
import styles from './Calendar.module.css';

type Accounts = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; accounts: readonly CalendarAccount[] };

/** The Google consent's result, which the server's callback puts in the query string (?calendarConnected= / ?calendarError=). */
function useGoogleResult(): { tone: 'success' | 'error'; message: string } | null {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [result] = useState(() => {
    const error = searchParams.get('calendarError');
    if (error !== null) {
      return { tone: 'error' as const, message: isErrorCode(error) ? t(`errors.codes.${error}`) : t('calendar.sync.googleFailed') };
    }
    return searchParams.has('calendarConnected') ? { tone: 'success' as const, message: t('calendar.sync.googleConnected') } : null;
  });
  useEffect(() => {
    // Said once: a reload or a shared address does not repeat it.
    if (!searchParams.has('calendarError') && !searchParams.has('calendarConnected')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('calendarError');
    rest.delete('calendarConnected');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);
  return result;
}

/** The calendar sync page (SPEC §2): connected CalDAV accounts and their calendars, and the private ICS feed. */
export default function CalendarSyncPage() {
  const { t } = useTranslation();
  const { project } = useParams();
  const [accounts, setAccounts] = useState<Accounts>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [connecting, setConnecting] = useState<{ account: CalendarAccount | null } | null>(null);
  const googleResult = useGoogleResult();

  useEffect(() => {
    let stopped = false;
    request(getCalendarAccountsDocument, {}, { silent: true })
      .then(({ getCalendarAccounts }) => !stopped && setAccounts({ kind: 'ready', accounts: getCalendarAccounts }))
      .catch(() => !stopped && setAccounts((current) => (current.kind === 'ready' ? current : { kind: 'failed' })));
    return () => {
      stopped = true;
    };
  }, [attempt]);
  const reload = () => setAttempt((count) => count + 1);

  const list = accounts.kind === 'ready' ? accounts.accounts : [];
  const put = (account: CalendarAccount) =>
    setAccounts({
      kind: 'ready',
      accounts: list.some((other) => other.id === account.id)
        ? list.map((other) => (other.id === account.id ? account : other))
        : [...list, account],
    });
  const drop = (id: string) => setAccounts({ kind: 'ready', accounts: list.filter((account) => account.id !== id) });

  return (
    <div className={styles.syncPage}>
      <Link className={styles.backLink} to={`/${project ?? 'overview'}/calendar`}>
        <ArrowLeft size={14} aria-hidden />
        {t('calendar.sync.back')}
      </Link>
      <header className={styles.syncHeader}>
        <h1 className={styles.pageTitle} tabIndex={-1}>
          {t('calendar.sync.title')}
        </h1>
        <Button variant="primary" icon={<Plus size={16} aria-hidden />} onClick={() => setConnecting({ account: null })}>
          {t('calendar.sync.connect')}
        </Button>
      </header>
      <p className={styles.muted}>{t('calendar.sync.description')}</p>
      {googleResult && <Notice tone={googleResult.tone}>{googleResult.message}</Notice>}
      <section aria-labelledby="calendar-accounts-title" className={styles.syncSection}>
        <h2 id="calendar-accounts-title" className={styles.sectionTitle}>
          {t('calendar.sync.accounts')}
        </h2>
        {accounts.kind === 'loading' && <Spinner />}
        {accounts.kind === 'failed' && (
          <Notice tone="error" title={t('calendar.sync.loadFailed')}>
            <Button size="sm" onClick={reload}>
              {t('calendar.retry')}
            </Button>
          </Notice>
        )}
        {accounts.kind === 'ready' && list.length === 0 && (
          <EmptyState icon={RefreshCw} title={t('calendar.sync.emptyTitle')} description={t('calendar.sync.empty')} />
        )}
        {list.length > 0 && (
          <ul className={styles.accountList}>
            {list.map((account) => (
              <AccountCard
                key={account.id}
                account={account}
                onChange={put}
                onRemoved={drop}
                onEditConnection={(chosen) => setConnecting({ account: chosen })}
                onReload={reload}
              />
            ))}
          </ul>
        )}
      </section>
      <FeedSection />
      {connecting && (
        <ConnectAccountDialog
          account={connecting.account}
          onClose={() => setConnecting(null)}
          onConnected={(account) => {
            put(account);
            setConnecting(null);
          }}
        />
      )}
    </div>
  );
}
