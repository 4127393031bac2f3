import { LayoutGrid, LogOut, Plus, Search, Settings, Shapes } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAtomValue, useSetAtom, useStore } from '../../lib/store';
import { logout } from '../auth/session';
import { chatUnreadTotalAtom } from '../chat/atoms';
import { commandPaletteOpenAtom } from '../search/atoms';
import { isApplePlatform } from '../search/useCommandPaletteShortcut';
import { newSpaceOpenAtom, spaceListAtom, spaceSettingsTargetAtom } from '../spaces/atoms';
import { SpaceIcon } from '../spaces/SpaceIcon';
import { currentTeamRoleAtom } from '../teams/atoms';
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
  const role = useAtomValue(currentTeamRoleAtom);
  const chatUnread = useAtomValue(chatUnreadTotalAtom);
  const openSettings = useSetAtom(spaceSettingsTargetAtom);
  const openNewSpace = useSetAtom(newSpaceOpenAtom);
  const openPalette = useSetAtom(commandPaletteOpenAtom);
  const active = activeNavKey(location);
  const scope = location.scope;
  const browsing = location.kind === 'area' && location.area === 'spaces';

  const item = (key: NavKey) => {
    const Icon = navIcons[key];
    const current = key === active;
    return (
      <li key={key}>
        <Link
          to={navPath(key, scope)}
          className={clsx(styles.item, current && styles.active)}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
        >
          <Icon className={styles.itemIcon} aria-hidden />
          <span className={styles.itemLabel}>{t(`nav.${key}`)}</span>
          {key === 'chats' && chatUnread > 0 && (
            <span className={styles.badge} aria-label={t('chat.list.unread', { count: chatUnread })}>
              {chatUnread > 99 ? '99+' : chatUnread}
            </span>
          )}
        </Link>
      </li>
    );
  };

  return (
    <aside id={id} className={clsx(styles.sidebar, open && styles.open)} aria-label={t('a11y.sidebar')} data-region="sidebar">
      <div className={styles.header}>
        <TeamSwitcher onNavigate={onNavigate} />
        {/* Like Linear's: the command palette's search, with its shortcut written beside it. */}
        <button
          type="button"
          className={styles.searchTrigger}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => {
            onNavigate();
            openPalette(true);
          }}
        >
          <Search className={styles.itemIcon} aria-hidden />
          <span className={styles.itemLabel}>{t('search.trigger')}</span>
          <kbd className={styles.shortcut} aria-hidden>
            {isApplePlatform() ? '⌘K' : 'Ctrl K'}
          </kbd>
        </button>
      </div>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <ul className={styles.list}>{primaryNav.map(item)}</ul>
        <section className={styles.section} aria-labelledby={`${id}-spaces`}>
          <div className={styles.sectionHeader}>
            <h2 id={`${id}-spaces`} className={styles.sectionTitle}>
              {t('nav.spaces')}
            </h2>
            {role !== 'guest' && (
              <button
                type="button"
                className={styles.sectionButton}
                aria-label={t('spaces.create.open')}
                title={t('spaces.create.open')}
                onClick={() => {
                  onNavigate();
                  openNewSpace(true);
                }}
              >
                <Plus size={14} aria-hidden />
              </button>
            )}
          </div>
          <ul className={styles.list}>
            <li>
              <Link
                to={`/${overviewScope}`}
                className={clsx(styles.item, scope === overviewScope && location.kind !== 'chats' && !browsing && styles.activeScope)}
                onClick={onNavigate}
              >
                <LayoutGrid className={styles.itemIcon} aria-hidden />
                <span className={styles.itemLabel}>{t('space.overview')}</span>
              </Link>
            </li>
            {spaces.map((space) => (
              <li key={space.id} className={styles.spaceItem}>
                <Link
                  to={`/${space.id}`}
                  className={clsx(styles.item, scope === space.id && styles.activeScope)}
                  aria-current={scope === space.id && location.kind === 'area' && location.area === 'home' ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <SpaceIcon space={space} size={18} />
                  <span className={styles.itemLabel}>{space.name}</span>
                </Link>
                <button
                  type="button"
                  className={styles.spaceSettings}
                  aria-label={t('spaces.menu.settingsFor', { name: space.name })}
                  title={t('spaces.menu.settingsFor', { name: space.name })}
                  onClick={() => {
                    onNavigate();
                    openSettings(space.id);
                  }}
                >
                  <Settings size={13} aria-hidden />
                </button>
              </li>
            ))}
            <li>
              <Link
                to={navPath('spaces', overviewScope)}
                className={clsx(styles.item, browsing && styles.active)}
                aria-current={browsing ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Shapes className={styles.itemIcon} aria-hidden />
                <span className={styles.itemLabel}>{t('spaces.browse')}</span>
              </Link>
            </li>
          </ul>
        </section>
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
