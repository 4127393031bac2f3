import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/files';
import { useAtomValue } from '../../lib/store';
import styles from './Files.module.css';
import { storageStatsAtom } from './stats';

/** The team's storage (getStats): used of the plan's quota with a bar, or used alone when the plan has no quota. */
export function StorageBar() {
  const { t, i18n } = useTranslation();
  const stats = useAtomValue(storageStatsAtom);
  if (!stats) return null;
  const used = formatBytes(stats.storage, i18n.language);
  if (stats.storageLimit === null) {
    return (
      <p className={styles.storage} data-testid="storage">
        {t('files.storage.unlimited', { used })}
      </p>
    );
  }
  const ratio = stats.storageLimit > 0 ? Math.min(1, stats.storage / stats.storageLimit) : 1;
  const label = t('files.storage.used', { used, limit: formatBytes(stats.storageLimit, i18n.language) });
  return (
    <div className={styles.storage} data-testid="storage">
      <span>{label}</span>
      <div
        className={styles.storageTrack}
        role="meter"
        aria-label={t('files.storage.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuetext={label}
      >
        <div className={styles.storageFill} data-full={ratio >= 0.9 || undefined} style={{ width: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}
