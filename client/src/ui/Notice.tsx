import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, MailCheck } from 'lucide-react';
import clsx from 'clsx';
import styles from './Notice.module.css';

export type NoticeTone = 'info' | 'success' | 'error' | 'mail';

const icons: Record<NoticeTone, ReactNode> = {
  info: <Info size={16} aria-hidden />,
  success: <CircleCheck size={16} aria-hidden />,
  error: <CircleAlert size={16} aria-hidden />,
  mail: <MailCheck size={16} aria-hidden />,
};

export interface NoticeProps {
  tone: NoticeTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** A message shown in place (above a form, in a panel): errors are announced at once, the rest politely. */
export function Notice({ tone, title, children, className }: NoticeProps) {
  return (
    <div className={clsx(styles.notice, styles[tone], className)} role={tone === 'error' ? 'alert' : 'status'}>
      <span className={styles.icon}>{icons[tone]}</span>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.text}>{children}</div>}
      </div>
    </div>
  );
}
