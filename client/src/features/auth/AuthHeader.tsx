import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useDocumentTitle } from '../../lib/documentTitle';
import styles from './AuthForm.module.css';

export interface AuthHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** A round badge above the title (an icon for "check your inbox", an inviter's photo). */
  badge?: ReactNode;
  badgeTone?: 'accent' | 'success' | 'danger';
}

/** The page's heading inside the account card; it also names the browser tab. */
export function AuthHeader({ title, subtitle, badge, badgeTone = 'accent' }: AuthHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className={styles.header}>
      {badge && <div className={clsx(styles.badge, badgeTone !== 'accent' && styles[badgeTone])}>{badge}</div>}
      <h1 className={styles.title}>{title}</h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
    </header>
  );
}
