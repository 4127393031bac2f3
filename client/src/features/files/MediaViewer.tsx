import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/files';
import { useDialogFocusReturn } from '../../ui';
import { downloadStoredFile } from './entryCommands';
import styles from './Media.module.css';
import type { StoredFile } from './operations';
import { PdfViewer } from './pdf/PdfViewer';

export interface MediaViewerProps {
  /** The images, videos and PDFs one can step through, in order. */
  files: readonly StoredFile[];
  currentId: string | null;
  onChange: (id: string) => void;
  onClose: () => void;
}

/**
 * The lightbox: one image, video or PDF at a time over the page. Left and right arrows step through
 * the files (on a PDF they turn its pages; the side buttons still step), Escape closes (focus returns
 * where it was), videos play with the browser's controls, PDFs are drawn by pdf.js from their bytes.
 */
export function MediaViewer({ files, currentId, onChange, onClose }: MediaViewerProps) {
  const { t, i18n } = useTranslation();
  const focusReturn = useDialogFocusReturn();
  const index = files.findIndex((file) => file.id === currentId);
  const file = files[index];
  if (!file) return null;
  const previous = files[index - 1];
  const next = files[index + 1];
  const pdf = file.category === 'Pdf';
  const onKeyDown = (event: KeyboardEvent) => {
    // A focused video seeks with the arrows, a PDF turns pages with them: leave them to it.
    if (event.target instanceof HTMLVideoElement || pdf) return;
    if (event.key === 'ArrowLeft' && previous) onChange(previous.id);
    else if (event.key === 'ArrowRight' && next) onChange(next.id);
    else return;
    event.preventDefault();
  };
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.viewer}
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          onOpenAutoFocus={focusReturn.remember}
          onCloseAutoFocus={focusReturn.restore}
        >
          <header className={styles.viewerBar}>
            <RadixDialog.Title className={styles.viewerTitle}>{file.name}</RadixDialog.Title>
            <span className={styles.viewerMeta}>
              {t('files.viewer.position', { current: index + 1, total: files.length })} · {formatBytes(file.size, i18n.language)}
            </span>
            <button
              type="button"
              className={styles.viewerButton}
              onClick={() => downloadStoredFile(file)}
              aria-label={t('files.actions.download')}
            >
              <Download size={18} aria-hidden />
            </button>
            <RadixDialog.Close className={styles.viewerButton} aria-label={t('dialog.close')}>
              <X size={18} aria-hidden />
            </RadixDialog.Close>
          </header>
          <div className={pdf ? `${styles.stage} ${styles.stagePdf}` : styles.stage}>
            {pdf ? (
              <PdfViewer
                key={file.id}
                source={{ url: file.url, credentials: 'same-origin' }}
                name={file.name}
                tone="overlay"
                onDownload={() => downloadStoredFile(file)}
              />
            ) : file.category === 'video' ? (
              <video key={file.id} className={styles.media} src={file.url} controls autoPlay playsInline data-testid="viewer-video" />
            ) : (
              <img
                key={file.id}
                className={styles.media}
                src={file.url}
                alt={file.name}
                style={file.base64 ? { backgroundImage: `url("${file.base64}")` } : undefined}
              />
            )}
          </div>
          <button
            type="button"
            className={`${styles.step} ${styles.stepPrevious}`}
            disabled={!previous}
            onClick={() => previous && onChange(previous.id)}
            aria-label={t('files.viewer.previous')}
          >
            <ChevronLeft size={28} aria-hidden />
          </button>
          <button
            type="button"
            className={`${styles.step} ${styles.stepNext}`}
            disabled={!next}
            onClick={() => next && onChange(next.id)}
            aria-label={t('files.viewer.next')}
          >
            <ChevronRight size={28} aria-hidden />
          </button>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
