import type { ReactNode } from 'react';
import { Logo } from './Logo';
import styles from './PublicLayout.module.css';

/** The frame of pages open without the dashboard (meeting rooms, shared links, the mobile redirect): a slim header and a centred body. */
export function PublicLayout({ productName, children }: { productName: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo name={productName} size={24} />
      </header>
      <main className={styles.body}>{children}</main>
    </div>
  );
}
