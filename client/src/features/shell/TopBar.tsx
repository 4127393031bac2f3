import type { Ref } from 'react';
import { ChevronRight, Menu as MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { NotificationBell } from '../notifications/NotificationBell';
import { ConnectionIndicator } from './ConnectionIndicator';
import { UserMenu } from './UserMenu';
import styles from './TopBar.module.css';

export interface TopBarProps {
  title: string;
  /** The scope shown before the title ("All spaces", a space's name); none on screens outside a space. */
  scopeName?: string;
  sidebarId: string;
  sidebarOpen: boolean;
  onOpenSidebar: () => void;
  /** The page's main heading, where focus goes after a page change. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function TopBar({ title, scopeName, sidebarId, sidebarOpen, onOpenSidebar, headingRef }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.topbar}>
      <Button
        variant="ghost"
        iconOnly
        className={styles.menuButton}
        icon={<MenuIcon aria-hidden />}
        aria-label={t('nav.openMenu')}
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        onClick={onOpenSidebar}
      />
      <div className={styles.heading}>
        {scopeName && (
          <>
            <span className={styles.scope}>{scopeName}</span>
            <ChevronRight className={styles.separator} size={14} aria-hidden />
          </>
        )}
        <h1 ref={headingRef} className={styles.title} tabIndex={-1} data-main-heading>
          {title}
        </h1>
      </div>
      <div className={styles.actions}>
        <ConnectionIndicator />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
