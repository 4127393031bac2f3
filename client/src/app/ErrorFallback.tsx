import { CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isDynamicImportError } from '../lib/staleReload';
import { Button } from '../ui';
import styles from './ErrorFallback.module.css';

export interface ErrorFallbackProps {
  error: unknown;
  /** Clears the error so the children render again ("Try again"). */
  onReset: () => void;
  reload?: () => void;
}

/**
 * SPEC §2 fallback error screen: "An error occurred: " and the message ("Unknown error" when the
 * thrown value is not an Error), with one button: "Reload" when a dynamically imported module
 * failed to load (new code is on the server), "Try again" otherwise.
 */
export function ErrorFallback({ error, onReset, reload = () => window.location.reload() }: ErrorFallbackProps) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : t('errors.boundary.unknown');
  const staleCode = error instanceof Error && isDynamicImportError(error);
  return (
    <div className={styles.screen}>
      <div className={styles.card} role="alert">
        <span className={styles.icon} aria-hidden>
          <CircleX size={22} strokeWidth={1.75} />
        </span>
        <p className={styles.message}>
          {t('errors.boundary.prefix')}
          {message}
        </p>
        <Button variant="primary" onClick={staleCode ? reload : onReset}>
          {staleCode ? t('errors.boundary.reload') : t('errors.boundary.tryAgain')}
        </Button>
      </div>
    </div>
  );
}
