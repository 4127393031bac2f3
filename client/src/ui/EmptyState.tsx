import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
  /** `h1` when the empty state is the page's main content, else `h2`. */
  headingLevel?: 1 | 2;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={clsx(styles.root, className)} aria-label={title}>
      <div className={styles.icon} aria-hidden>
        <Icon size={22} strokeWidth={1.75} />
      </div>
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.description}>{description}</p>
      {action && <div className={styles.action}>{action}</div>}
    </section>
  );
}
