import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { connectionStatusAtom } from '../../lib/subscriptions';
import { useAtomValue } from '../../lib/store';
import { Tooltip } from '../../ui';
import styles from './TopBar.module.css';

/** "Reconnecting…" while the live-updates socket is down; nothing otherwise. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const status = useAtomValue(connectionStatusAtom);
  return (
    <div role="status" aria-live="polite" className={styles.connection}>
      {status === 'reconnecting' && (
        <Tooltip content={t('app.reconnectingHint')}>
          <span className={styles.reconnecting} tabIndex={0}>
            <WifiOff size={13} aria-hidden />
            {t('app.reconnecting')}
          </span>
        </Tooltip>
      )}
    </div>
  );
}
