/** How a message's file looks: images inline (opening the files area's viewer), videos with a player, anything else as a card (a PDF's opens the viewer). */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { CircleAlert, Clock, Download, FileX, RotateCcw, X } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/files';
import { Button } from '../../ui';
import { isViewable, kindOf } from '../files/fileDisplay';
import { FileKindIcon } from '../files/FileKindIcon';
import { MediaViewer } from '../files/MediaViewer';
import { filePaths, type StoredFile } from '../files/operations';
import { uploadErrorMessage } from '../files/upload';
import type { AttachmentUpload } from './attachments';
import type { MessageFile } from './operations';
import { PresenceAvatar } from './PresenceAvatar';
import styles from './Chat.module.css';

/** The viewer shows the files area's File: a message's file with what it does not carry left empty. */
function asStoredFile(file: MessageFile): StoredFile {
  return {
    ...file,
    shared: false,
    base64: null,
    folder: null,
    author: null,
    project: null,
    task: null,
    privat: null,
    createdAt: '',
    updatedAt: '',
    sharedUrl: null,
    canEdit: false,
    canDelete: false,
  };
}

/** Width and height kept from the server, so the list does not jump while the image loads. */
function boxOf(file: MessageFile): { aspectRatio?: string } {
  return file.width && file.height ? { aspectRatio: `${file.width} / ${file.height}` } : {};
}

/**
 * Opens a message's file in the media viewer of its conversation. The viewer lives with the conversation, not
 * with the message: a message still being sent is replaced by the stored one when the server confirms it,
 * and a viewer opened from it stays open through that.
 */
const AttachmentViewerContext = createContext<((file: MessageFile) => void) | null>(null);

export function AttachmentViewerProvider({ children }: { children: ReactNode }) {
  const [file, setFile] = useState<MessageFile | null>(null);
  return (
    <AttachmentViewerContext.Provider value={setFile}>
      {children}
      {file && <MediaViewer files={[asStoredFile(file)]} currentId={file.id} onChange={() => undefined} onClose={() => setFile(null)} />}
    </AttachmentViewerContext.Provider>
  );
}

/** How a file opens: in its conversation's viewer, or (outside a conversation) in one of its own. */
function useAttachmentViewer(file: MessageFile | null): { open: () => void; viewer: ReactNode } {
  const shared = useContext(AttachmentViewerContext);
  const [viewing, setViewing] = useState(false);
  if (!file) return { open: () => undefined, viewer: null };
  if (shared) return { open: () => shared(file), viewer: null };
  return {
    open: () => setViewing(true),
    viewer: viewing && (
      <MediaViewer files={[asStoredFile(file)]} currentId={file.id} onChange={() => undefined} onClose={() => setViewing(false)} />
    ),
  };
}

/**
 * A file as a card. The server hands stored files over as downloads (nothing in them may run in our
 * origin), so a file the media viewer shows (a PDF) opens there; the name of any other downloads it.
 */
function FileCard({ file }: { file: MessageFile }) {
  const { t, i18n } = useTranslation();
  const { open, viewer } = useAttachmentViewer(file);
  return (
    <div className={styles.fileCard} data-testid="file-card">
      <FileKindIcon kind={kindOf(file)} size={24} className={styles.fileIcon} aria-hidden />
      <div className={styles.fileText}>
        {isViewable(file) ? (
          <button
            type="button"
            className={clsx(styles.fileName, styles.fileNameButton)}
            onClick={open}
            title={file.name}
            aria-label={t('chat.attachment.open', { name: file.name })}
          >
            {file.name}
          </button>
        ) : (
          <a className={styles.fileName} href={filePaths.download(file.id)} download={file.name} title={file.name}>
            {file.name}
          </a>
        )}
        <span className={styles.fileSize}>{formatBytes(file.size, i18n.language)}</span>
      </div>
      <a
        className={styles.fileDownload}
        href={filePaths.download(file.id)}
        download={file.name}
        aria-label={t('chat.attachment.download', { name: file.name })}
        title={t('chat.attachment.download', { name: file.name })}
      >
        <Download size={16} aria-hidden />
      </a>
      {viewer}
    </div>
  );
}

/** A file message's file; `null` once the file was deleted ("file removed"). */
export function MessageAttachment({ file }: { file: MessageFile | null }) {
  const { t } = useTranslation();
  const { open, viewer } = useAttachmentViewer(file);
  if (!file) {
    return (
      <p className={styles.fileRemoved}>
        <FileX size={14} aria-hidden />
        {t('chat.attachment.removed')}
      </p>
    );
  }
  if (file.category === 'image') {
    return (
      <>
        <button type="button" className={styles.imageButton} onClick={open} aria-label={t('chat.attachment.open', { name: file.name })}>
          <img className={styles.image} src={file.thumbnail ?? file.url} alt={file.name} loading="lazy" style={boxOf(file)} />
        </button>
        {viewer}
      </>
    );
  }
  if (file.category === 'video') {
    return (
      <figure className={styles.videoFigure}>
        <video className={styles.video} src={file.url} controls preload="metadata" playsInline aria-label={file.name} style={boxOf(file)} />
        <figcaption className={styles.fileSize}>{file.name}</figcaption>
      </figure>
    );
  }
  return <FileCard file={file} />;
}

export interface PendingUploadProps {
  item: AttachmentUpload;
  author: { id: string; name: string; profileImg: string | null };
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
}

/** A file on its way: the pending message with the upload's progress and cancel (or, once refused, why, with retry and discard). */
export function PendingUpload({ item, author, onCancel, onRetry }: PendingUploadProps) {
  const { t, i18n } = useTranslation();
  const percent = item.size > 0 ? Math.min(100, Math.round((item.loaded / item.size) * 100)) : 0;
  const failed = item.state === 'failed';
  const status = failed
    ? t('chat.attachment.failed', { reason: uploadErrorMessage(item.error, t, i18n.language) })
    : item.state === 'waiting'
      ? t('chat.attachment.waiting')
      : item.state === 'queued'
        ? t('chat.attachment.queued')
        : item.state === 'recording'
          ? t('chat.attachment.recording')
          : t('chat.attachment.uploading', { percent });
  return (
    <article
      className={clsx(styles.message, styles.pending, failed && styles.failedMessage)}
      data-row={item.id}
      aria-label={t('chat.attachment.pendingLabel', { name: author.name, file: item.name })}
    >
      <div className={styles.gutter}>
        <PresenceAvatar userId={author.id} name={author.name} src={author.profileImg} />
      </div>
      <div className={styles.content}>
        <header className={styles.messageHeader}>
          <span className={styles.author}>{author.name}</span>
        </header>
        <div className={styles.fileCard}>
          {failed ? (
            <CircleAlert size={20} className={styles.fileIcon} aria-hidden />
          ) : (
            <Clock size={20} className={styles.fileIcon} aria-hidden />
          )}
          <div className={styles.fileText}>
            <span className={styles.fileName} title={item.name}>
              {item.name}
            </span>
            <span className={clsx(styles.fileSize, failed && styles.uploadError)} role={failed ? 'alert' : undefined}>
              {formatBytes(item.size, i18n.language)} · {status}
            </span>
            {!failed && (
              <div
                className={styles.progress}
                role="progressbar"
                aria-label={t('chat.attachment.progress', { name: item.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className={styles.progressFill} style={{ width: `${percent}%` }} />
              </div>
            )}
          </div>
          {failed && (
            <Button
              size="sm"
              variant="ghost"
              iconOnly
              icon={<RotateCcw size={14} aria-hidden />}
              aria-label={t('chat.attachment.retry', { name: item.name })}
              onClick={() => onRetry(item.id)}
            />
          )}
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            icon={<X size={14} aria-hidden />}
            aria-label={failed ? t('chat.attachment.discard', { name: item.name }) : t('chat.attachment.cancel', { name: item.name })}
            onClick={() => onCancel(item.id)}
          />
        </div>
      </div>
    </article>
  );
}
