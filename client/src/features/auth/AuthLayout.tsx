import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../ui';
import { LanguageMenu } from './LanguageMenu';
import styles from './AuthLayout.module.css';

/** The frame of the account pages (sign-in, sign-up, password, verification): always light (SPEC §2), product name, one card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <main className={styles.column}>
        <div className={styles.brand}>
          <Logo name={t('app.name')} size={30} />
          <p className={styles.tagline}>{t('app.tagline')}</p>
        </div>
        <div className={styles.card}>{children}</div>
        <footer className={styles.footer}>
          <span>{t('auth.legal')}</span>
          <LanguageMenu />
        </footer>
      </main>
    </div>
  );
}
