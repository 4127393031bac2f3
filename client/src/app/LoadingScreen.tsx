import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LoadingBar, LogoMark } from '../ui';
import styles from './LoadingScreen.module.css';

/** After this long, the loading screen offers a reload (the preload, or an area's chunk or space check, may be stuck on a dead connection). */
export const slowLoadingMs = 10_000;

/**
 * The loading screen (SPEC §2): an animated bar under the product mark. `fullscreen` at
 * start-up and for whole pages; `inline` inside the dashboard's main area while an area loads.
 */
export function LoadingScreen({ variant = 'fullscreen' }: { variant?: 'fullscreen' | 'inline' }) {
  const { t, ready } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), slowLoadingMs);
    return () => clearTimeout(timer);
  }, []);

  const label = ready ? t('app.loading') : '';
  const slowNotice = slow && ready && (
    <div className={styles.slow} role="status">
      <p>{t('app.slowLoading')}</p>
      <Button size="sm" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
  if (variant === 'inline') {
    return (
      <div className={styles.inline}>
        <div className={styles.center}>
          <LoadingBar label={label} />
          {slowNotice}
        </div>
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      <div className={styles.center}>
        <LogoMark size={40} />
        <LoadingBar label={label} className={styles.bar} />
        {slowNotice}
      </div>
    </div>
  );
}
