import { LayoutGrid, LogOut } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAtomValue, useStore } from '../../lib/store';
import { logout } from '../auth/session';
import { spaceListAtom } from '../spaces/atoms';
import { activeNavKey, navIcons, navPath, overviewScope, primaryNav, secondaryNav, type DashboardLocation, type NavKey } from './areas';
import { TeamSwitcher } from './TeamSwitcher';
import styles from './Sidebar.module.css';

export interface SidebarProps {
  id: string;
  location: DashboardLocation;
  /** Drawer state on narrow screens; the sidebar is always shown on wide ones. */
  open: boolean;
  onNavigate: () => void;
}

export function Sidebar({ id, location, open, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const store = useStore();
  const spaces = useAtomValue(spaceListAtom);
  const active = activeNavKey(location);
  const scope = location.scope;

  const item = (key: NavKey) => {
    const Icon = navIcons[key];
    const current = key === active;
    return (
      <li key={key}>
        <Link to={navPath(key, scope)} className={clsx(styles.item, current && styles.active)} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
          <Icon className={styles.itemIcon} aria-hidden />
          <span className={styles.itemLabel}>{t(`nav.${key}`)}</span>
        </Link>
      </li>
    );
  };

  return (
    <aside id={id} className={clsx(styles.sidebar, open && styles.open)}>
      <div className={styles.header}>
        <TeamSwitcher onNavigate={onNavigate} />
      </div>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <ul className={styles.list}>{primaryNav.map(item)}</ul>
        {spaces.length > 0 && (
          <section className={styles.section} aria-labelledby={`${id}-spaces`}>
            <h2 id={`${id}-spaces`} className={styles.sectionTitle}>
              {t('nav.spaces')}
            </h2>
            <ul className={styles.list}>
              <li>
                <Link to={`/${overviewScope}`} className={clsx(styles.item, scope === overviewScope && location.kind !== 'chats' && styles.activeScope)} onClick={onNavigate}>
                  <LayoutGrid className={styles.itemIcon} aria-hidden />
                  <span className={styles.itemLabel}>{t('space.overview')}</span>
                </Link>
              </li>
              {spaces.map((space) => (
                <li key={space.id}>
                  <Link to={`/${space.id}`} className={clsx(styles.item, scope === space.id && styles.activeScope)} onClick={onNavigate}>
                    <span className={styles.spaceDot} style={{ backgroundColor: space.color ?? 'var(--color-text-faint)' }} aria-hidden />
                    <span className={styles.itemLabel}>{space.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </nav>
      <div className={styles.footer}>
        <ul className={styles.list}>
          {secondaryNav.map(item)}
          <li>
            <button type="button" className={styles.item} onClick={() => void logout(store)}>
              <LogOut className={styles.itemIcon} aria-hidden />
              <span className={styles.itemLabel}>{t('nav.logout')}</span>
            </button>
          </li>
        </ul>
      </div>
    </aside>
  );
}
