import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { request } from '../../lib/graphql';
import { socialProvidersDocument } from '../auth/operations';
import { useAction } from '../../lib/useAction';
import { Button, Dialog, Notice, PasswordInput, Select, TextInput } from '../../ui';
import { syncFeatureCalendarDocument, type CalendarAccount } from './operations';
import styles from './Calendar.module.css';

interface Props {
  /** An account whose connection changes (a new password after it stopped working); absent to connect a new one. */
  account: CalendarAccount | null;
  onClose: () => void;
  onConnected: (account: CalendarAccount) => void;
}

/** The server route that sends the member to Google's consent and back to `returnPath` with the result. */
export const googleConsentUrl = (returnPath: string) => `/calendar/google/start?next=${encodeURIComponent(returnPath)}`;

/** Whether the server has Google sign-in (the consent uses its client): null while asking. */
function useGoogleAvailable(asked: boolean): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!asked || available !== null) return;
    let stopped = false;
    request(socialProvidersDocument, {}, { handledByCaller: true })
      .then(({ socialProviders }) => !stopped && setAvailable(socialProviders.includes('google')))
      .catch(() => !stopped && setAvailable(false));
    return () => {
      stopped = true;
    };
  }, [asked, available]);
  return available;
}

/**
 * Mounted while open: connects a CalDAV account (server URL, username, password or app password) or changes one's
 * connection; Google goes through Google's consent page (a full navigation to the server's start route).
 */
export function ConnectAccountDialog({ account, onClose, onConnected }: Props) {
  const { t } = useTranslation();
  const action = useAction();
  const { pathname } = useLocation();
  const [type, setType] = useState(account?.type ?? 'caldav');
  const googleAvailable = useGoogleAvailable(type === 'google');
  const [serverUrl, setServerUrl] = useState(account?.serverUrl ?? '');
  const [username, setUsername] = useState(account?.username ?? '');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Partial<Record<'serverUrl' | 'username' | 'password', string>>>({});

  const toGoogle = () => window.location.assign(googleConsentUrl(pathname));

  const submit = async () => {
    if (type === 'google') {
      if (googleAvailable) toGoogle();
      return;
    }
    const url = serverUrl.trim();
    const problems = {
      ...(url ? {} : { serverUrl: t('calendar.sync.form.serverRequired') }),
      ...(username.trim() ? {} : { username: t('calendar.sync.form.usernameRequired') }),
      ...(password || account ? {} : { password: t('calendar.sync.form.passwordRequired') }),
    };
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    let connected: CalendarAccount | null = null;
    const sync = {
      ...(account ? { account: account.id } : {}),
      type,
      username: username.trim(),
      serverUrl: url,
      ...(password ? { password } : {}),
    };
    const outcome = await action.run('connect', async () => {
      connected = (
        await request(
          syncFeatureCalendarDocument,
          { sync, feature: 'calendar', active: account?.active ?? true },
          { handledByCaller: true },
        )
      ).syncFeatureCalendar;
    });
    if (outcome.ok && connected) onConnected(connected);
  };

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={account ? t('calendar.sync.form.changeTitle') : t('calendar.sync.form.title')}
      description={type === 'google' ? t('calendar.sync.form.googleDescription') : t('calendar.sync.form.description')}
      size="md"
      footer={
        <>
          <Button onClick={onClose}>{t('calendar.dialog.cancel')}</Button>
          {type === 'google' ? (
            <Button variant="primary" disabled={googleAvailable !== true} loading={googleAvailable === null} onClick={toGoogle}>
              {t('calendar.sync.form.connectGoogle')}
            </Button>
          ) : (
            <Button variant="primary" loading={action.pending === 'connect'} onClick={() => void submit()}>
              {account ? t('calendar.sync.form.save') : t('calendar.sync.form.connect')}
            </Button>
          )}
        </>
      }
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {action.error && <Notice tone="error">{action.error}</Notice>}
        <Select
          label={t('calendar.sync.form.type')}
          value={type}
          disabled={account !== null}
          options={[
            { value: 'caldav', label: t('calendar.sync.types.caldav') },
            { value: 'google', label: t('calendar.sync.types.google') },
          ]}
          onChange={(event) => setType(event.target.value)}
        />
        {type === 'google' ? (
          <>
            <p className={styles.muted}>{t('calendar.sync.form.googleHint')}</p>
            <p className={styles.muted}>{t('calendar.sync.form.googleConsentHint')}</p>
            {googleAvailable === false && <Notice tone="info">{t('errors.codes.CALENDAR_GOOGLE_UNAVAILABLE')}</Notice>}
          </>
        ) : (
          <>
            <TextInput
              label={t('calendar.sync.form.serverUrl')}
              type="url"
              placeholder="https://cloud.example.com/remote.php/dav"
              hint={t('calendar.sync.form.serverHint')}
              value={serverUrl}
              error={missing.serverUrl}
              onChange={(event) => setServerUrl(event.target.value)}
              data-autofocus
            />
            <TextInput
              label={t('calendar.sync.form.username')}
              autoComplete="username"
              value={username}
              error={missing.username}
              onChange={(event) => setUsername(event.target.value)}
            />
            <PasswordInput
              label={t('calendar.sync.form.password')}
              autoComplete="new-password"
              hint={account ? t('calendar.sync.form.passwordKeep') : t('calendar.sync.form.passwordHint')}
              value={password}
              error={missing.password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
