import { useRef } from 'react';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Notice, showToast } from '../../ui';
import styles from './Admin.module.css';

/** The new token, shown this once: a read-only field, a copy button and the warning that it cannot be shown again. */
export function NewTokenDialog({ token, name, onClose }: { token: string | null; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token ?? '');
      showToast({ message: t('admin.apiToken.copied'), icon: 'success' });
    } catch {
      field.current?.select();
      showToast({ message: t('admin.apiToken.copyManually'), icon: 'info' });
    }
  };

  return (
    <Dialog
      open={token !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.apiToken.shownTitle', { name })}
      size="md"
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('admin.apiToken.done')}
        </Button>
      }
    >
      <Notice tone="info" title={t('admin.apiToken.onceTitle')}>
        {t('admin.apiToken.once')}
      </Notice>
      <div className={styles.tokenField}>
        <input
          ref={field}
          className={styles.tokenValue}
          value={token ?? ''}
          readOnly
          aria-label={t('admin.apiToken.value')}
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<Copy aria-hidden />} onClick={() => void copy()} data-autofocus>
          {t('admin.apiToken.copy')}
        </Button>
      </div>
      <p className={styles.footnote}>{t('admin.apiToken.usage')}</p>
    </Dialog>
  );
}
