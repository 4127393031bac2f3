import { Check, ChevronDown, ChevronUp, RotateCcw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/files';
import { useAtomValue, useStore } from '../../lib/store';
import { Button } from '../../ui';
import { uploadErrorMessage } from './upload';
import {
  activeUploadsAtom,
  cancelAllUploads,
  cancelUpload,
  clearFinishedUploads,
  retryUpload,
  uploadsAtom,
  type UploadItem,
} from './uploadQueue';
import styles from './UploadTray.module.css';

function UploadRow({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const percent = item.size > 0 ? Math.min(100, Math.round((item.loaded / item.size) * 100)) : 0;
  const status =
    item.status === 'failed'
      ? uploadErrorMessage(item.error, t, i18n.language)
      : item.status === 'uploading'
        ? t('files.upload.status.uploading', { percent })
        : t(`files.upload.status.${item.status}`);
  const running = item.status === 'queued' || item.status === 'uploading' || item.status === 'recording';
  return (
    <li className={styles.item} data-status={item.status} data-testid="upload-item">
      <div className={styles.itemText}>
        <span className={styles.name}>{item.name}</span>
        <span className={styles.status} role={item.status === 'failed' ? 'alert' : undefined}>
          {formatBytes(item.size, i18n.language)} · {status}
        </span>
        {running && (
          <div
            className={styles.track}
            role="progressbar"
            aria-label={t('files.upload.progress', { name: item.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={styles.fill} style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      {item.status === 'done' && <Check size={16} className={styles.done} aria-hidden />}
      {running && (
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<X size={14} aria-hidden />}
          aria-label={t('files.upload.cancel', { name: item.name })}
          onClick={() => cancelUpload(item.id, store)}
        />
      )}
      {(item.status === 'failed' || item.status === 'cancelled') && (
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<RotateCcw size={14} aria-hidden />}
          aria-label={t('files.upload.retry', { name: item.name })}
          onClick={() => retryUpload(item.id, store)}
        />
      )}
    </li>
  );
}

/**
 * The uploads panel, bottom right on every dashboard page: each file with its progress, cancel
 * and retry. It stays while anything is listed; "clear" removes what has finished.
 */
export function UploadTray() {
  const { t } = useTranslation();
  const store = useStore();
  const items = useAtomValue(uploadsAtom);
  const active = useAtomValue(activeUploadsAtom);
  const [collapsed, setCollapsed] = useState(false);
  const busy = active.length > 0;
  useEffect(() => {
    if (!busy) return undefined;
    // Leaving the page would cut the uploads off half-sent: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === 'done').length;
  const title =
    active.length > 0 ? t('files.upload.running', { count: active.length }) : t('files.upload.finished', { done, total: items.length });
  return (
    <section className={styles.tray} aria-label={t('files.upload.tray')}>
      <header className={styles.header}>
        <h2 className={styles.title} aria-live="polite">
          {title}
        </h2>
        {active.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => cancelAllUploads(store)}>
            {t('files.upload.cancelAll')}
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => clearFinishedUploads(store)}>
            {t('files.upload.clear')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={collapsed ? <ChevronUp size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
          aria-label={t(collapsed ? 'files.upload.expand' : 'files.upload.collapse')}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        />
      </header>
      {!collapsed && (
        <ul className={styles.list}>
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
