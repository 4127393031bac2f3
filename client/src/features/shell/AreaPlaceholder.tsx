import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui';
import { navIcons, type NavKey } from './areas';
import styles from './AreaPlaceholder.module.css';

/** The empty state an area shows until its feature is built: its icon, name and what will live there. */
export function AreaPlaceholder({ area }: { area: NavKey }) {
  const { t } = useTranslation();
  return (
    <div className={styles.wrapper}>
      <EmptyState icon={navIcons[area]} title={t(`areas.${area}.title`)} description={t(`areas.${area}.empty`)} />
    </div>
  );
}
