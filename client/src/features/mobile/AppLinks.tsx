import { Monitor, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadClientSettings, type ClientSettings } from '../../app/clientSettings';
import { Button, Card, CardTitle, Spinner } from '../../ui';
import { qrCodeDataUrl } from './qrCode';
import styles from './Mobile.module.css';

type SettingsState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; settings: ClientSettings; qrCode: string };

function useAppLinks(): { state: SettingsState; retry: () => void } {
  const [state, setState] = useState<SettingsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadClientSettings()
      .then(async (settings) => ({ settings, qrCode: await qrCodeDataUrl(settings.mobileAppUrl) }))
      .then(
        ({ settings, qrCode }) => current && setState({ kind: 'ready', settings, qrCode }),
        () => current && setState({ kind: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [attempt]);
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' });
      setAttempt((value) => value + 1);
    },
  };
}

/** The phone and desktop apps: a QR code of the mobile app's address, and the desktop download or how to install from the browser. */
export function AppLinks() {
  const { t } = useTranslation();
  const { state, retry } = useAppLinks();
  if (state.kind === 'loading') {
    return (
      <div className={styles.status} role="status">
        <Spinner size={16} /> {t('mobile.loading')}
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className={styles.status} role="alert">
        {t('mobile.failed')}
        <Button size="sm" onClick={retry}>
          {t('mobile.retry')}
        </Button>
      </div>
    );
  }
  const { settings, qrCode } = state;
  return (
    <div className={styles.cards}>
      <Card className={styles.appCard} aria-labelledby="apps-phone">
        <CardTitle id="apps-phone">
          <Smartphone size={18} aria-hidden /> {t('mobile.phoneTitle')}
        </CardTitle>
        <p className={styles.cardText}>{t('mobile.scan')}</p>
        <img className={styles.qrCode} src={qrCode} width={176} height={176} alt={t('mobile.qrAlt', { url: settings.mobileAppUrl })} />
        <a className={styles.link} href={settings.mobileAppUrl}>
          {settings.mobileAppUrl}
        </a>
      </Card>
      <Card className={styles.appCard} aria-labelledby="apps-desktop">
        <CardTitle id="apps-desktop">
          <Monitor size={18} aria-hidden /> {t('mobile.desktopTitle')}
        </CardTitle>
        {settings.desktopAppUrl ? (
          <>
            <p className={styles.cardText}>{t('mobile.desktopText')}</p>
            <a className={styles.primaryLink} href={settings.desktopAppUrl}>
              {t('mobile.desktopDownload')}
            </a>
          </>
        ) : (
          <p className={styles.cardText}>{t('mobile.desktopInstall')}</p>
        )}
      </Card>
    </div>
  );
}
