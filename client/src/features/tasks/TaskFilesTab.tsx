import { Download, Paperclip, Pencil, Trash2, Upload, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/files';
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { useAtomValue, useStore, type AppStore } from '../../lib/store';
import { useOnReconnect, useSubscription } from '../../lib/subscriptions';
import { Button, Notice, openDialog, showToast, Spinner } from '../../ui';
import { downloadStoredFile } from '../files/entryCommands';
import { formatShortDate, isViewable, kindOf, personName } from '../files/fileDisplay';
import { FileKindIcon } from '../files/FileKindIcon';
import { MediaViewer } from '../files/MediaViewer';
import { delFileDocument, ediFileDocument, getFilesDocument, subFileDocument, type StoredFile } from '../files/operations';
import { adjustStorage } from '../files/stats';
import { uploadErrorMessage } from '../files/upload';
import { cancelUpload, enqueueUploads, uploadsAtom, type UploadItem } from '../files/uploadQueue';
import { useDropTarget } from '../files/useDropTarget';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import { setTaskFiles } from './atoms';
import type { BoardTask } from './operations';
import panelStyles from './Panel.module.css';
import filesStyles from './Files.module.css';

/** getFiles answers at most 200 files at a time; a task rarely has more, and the rest are read page by page. */
const pageSize = 200;

const newestFirst = (left: StoredFile, right: StoredFile) =>
  Date.parse(right.createdAt) - Date.parse(left.createdAt) || right.id.localeCompare(left.id);

type Listing = { files: readonly StoredFile[] | null; failed: boolean };

const notRead: Listing = { files: null, failed: false };

async function readAll(task: string): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const { getFiles } = await request(getFilesDocument, { task, offset, limit: pageSize }, { handledByCaller: true });
    files.push(...getFiles);
    if (getFiles.length < pageSize) return files;
  }
}

/** The task's files, read once and kept live by subFile(task); a reconnection reads them again. */
function useTaskFiles(taskId: string) {
  const store = useStore();
  // What is shown belongs to the task it was read for: another task's list is never shown for this one.
  const [shown, setListing] = useState<Listing & { taskId: string }>({ taskId, ...notRead });
  const listing: Listing = shown.taskId === taskId ? shown : notRead;
  const [reconnections, setReconnections] = useState(0);
  useOnReconnect(() => setReconnections((count) => count + 1));

  // Read when the tab opens and again after each reconnection; a failed reread keeps the files shown.
  useEffect(() => {
    let live = true;
    readAll(taskId).then(
      (files) => live && setListing({ taskId, files: files.sort(newestFirst), failed: false }),
      () => live && setListing((known) => (known.taskId === taskId && known.files ? known : { taskId, files: null, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [taskId, reconnections]);

  const upsert = useCallback(
    (file: StoredFile) => {
      setListing((known) => ({
        taskId,
        failed: known.failed,
        files: [...(known.taskId === taskId ? (known.files ?? []) : []).filter((entry) => entry.id !== file.id), file].sort(newestFirst),
      }));
    },
    [taskId],
  );
  /** A rename's answer or rollback: only a file still listed, so one deleted meanwhile (its echo can come first) stays gone. */
  const replace = useCallback(
    (file: StoredFile) => {
      setListing((known) =>
        known.taskId === taskId && known.files?.some((entry) => entry.id === file.id)
          ? { ...known, files: known.files.map((entry) => (entry.id === file.id ? file : entry)) }
          : known,
      );
    },
    [taskId],
  );
  const remove = useCallback(
    (fileId: string) => {
      setListing((known) =>
        known.taskId === taskId && known.files ? { ...known, files: known.files.filter((entry) => entry.id !== fileId) } : known,
      );
    },
    [taskId],
  );

  useSubscription(subFileDocument, { task: taskId }, ({ subFile }) => {
    if (subFile.file && subFile.file.task === taskId) upsert(subFile.file);
    else remove(subFile.fileId);
  });

  // The card and the tab's badge count what the tab shows.
  useEffect(() => {
    if (listing.files)
      setTaskFiles(
        store,
        taskId,
        listing.files.map((file) => file.id),
      );
  }, [store, taskId, listing.files]);

  return { listing, upsert, replace, remove };
}

async function renameFile(file: StoredFile, replace: (file: StoredFile) => void): Promise<void> {
  const { confirmed, values } = await openDialog({
    title: i18n.t('files.rename.title', { name: file.name }),
    inputs: [{ label: i18n.t('files.rename.label'), defaultValue: file.name }],
    primaryLabel: i18n.t('files.rename.save'),
  });
  const name = values[0]?.trim();
  if (!confirmed || !name || name === file.name) return;
  replace({ ...file, name });
  try {
    replace((await request(ediFileDocument, { id: file.id, name }, { handledByCaller: true })).ediFile);
  } catch (error) {
    replace(file);
    showToast({
      title: i18n.t('files.errors.rename'),
      message: error instanceof Error ? error.message : i18n.t('files.errors.generic'),
      icon: 'error',
    });
  }
}

async function deleteFile(
  file: StoredFile,
  upsert: (file: StoredFile) => void,
  remove: (id: string) => void,
  store: AppStore,
): Promise<void> {
  const { confirmed } = await openDialog({
    title: i18n.t('files.deleteFile.title', { name: file.name }),
    description: i18n.t('files.deleteFile.description'),
    primaryLabel: i18n.t('files.actions.delete'),
    tone: 'danger',
  });
  if (!confirmed) return;
  remove(file.id);
  try {
    await request(delFileDocument, { id: file.id }, { handledByCaller: true });
    adjustStorage(store, -file.size, -1);
  } catch (error) {
    // Refused because someone else deleted it first: it stays gone.
    if (!isNotFoundError(error)) upsert(file);
    showToast({
      title: i18n.t('files.errors.delete'),
      message: error instanceof Error ? error.message : i18n.t('files.errors.generic'),
      icon: 'error',
    });
  }
}

/** An upload of this task still running or refused: its own progress here, besides the global tray. */
function PendingUpload({ item }: { item: UploadItem }) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const store = useStore();
  const percent = item.size > 0 ? Math.min(100, Math.round((item.loaded / item.size) * 100)) : 0;
  const failed = item.status === 'failed';
  return (
    <li className={filesStyles.fileRow} data-status={item.status} data-testid="task-upload">
      <Paperclip size={16} aria-hidden className={filesStyles.fileIcon} />
      <div className={filesStyles.fileText}>
        <span className={filesStyles.fileName}>{item.name}</span>
        {failed ? (
          <span className={filesStyles.fileError} role="alert">
            {uploadErrorMessage(item.error, t, language)}
          </span>
        ) : (
          <div
            className={filesStyles.fileTrack}
            role="progressbar"
            aria-label={t('files.upload.progress', { name: item.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={filesStyles.fileFill} style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      {!failed && (
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<X size={14} aria-hidden />}
          aria-label={t('tasks.files.cancelUpload', { name: item.name })}
          onClick={() => cancelUpload(item.id, store)}
        />
      )}
    </li>
  );
}

function FileRow({
  file,
  onOpen,
  upsert,
  replace,
  remove,
}: {
  file: StoredFile;
  onOpen: (file: StoredFile) => void;
  upsert: (file: StoredFile) => void;
  replace: (file: StoredFile) => void;
  remove: (id: string) => void;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const store = useStore();
  const author = personName(file.author);
  return (
    <li className={filesStyles.fileRow} data-testid="task-file">
      {file.thumbnail ? (
        <img className={filesStyles.fileThumb} src={file.thumbnail} alt="" loading="lazy" />
      ) : (
        <FileKindIcon kind={kindOf(file)} size={16} aria-hidden className={filesStyles.fileIcon} />
      )}
      <div className={filesStyles.fileText}>
        {isViewable(file) ? (
          <button
            type="button"
            className={filesStyles.fileOpen}
            onClick={() => onOpen(file)}
            aria-label={t('tasks.files.open', { name: file.name })}
          >
            {file.name}
          </button>
        ) : (
          // The server hands these over as downloads (nothing stored runs in our origin): the name downloads it.
          <button type="button" className={filesStyles.fileOpen} onClick={() => downloadStoredFile(file)}>
            {file.name}
          </button>
        )}
        <span className={filesStyles.fileMeta}>
          {[formatBytes(file.size, language), author, formatShortDate(file.createdAt, language)].filter(Boolean).join(' · ')}
        </span>
      </div>
      <Button
        size="sm"
        variant="ghost"
        iconOnly
        icon={<Download size={14} aria-hidden />}
        aria-label={t('tasks.files.download', { name: file.name })}
        onClick={() => downloadStoredFile(file)}
      />
      {file.canEdit && (
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<Pencil size={14} aria-hidden />}
          aria-label={t('tasks.files.rename', { name: file.name })}
          onClick={() => void renameFile(file, replace)}
        />
      )}
      {file.canDelete && (
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<Trash2 size={14} aria-hidden />}
          aria-label={t('tasks.files.delete', { name: file.name })}
          onClick={() => void deleteFile(file, upsert, remove, store)}
        />
      )}
    </li>
  );
}

/**
 * The uploads of this task still to show beside its files: not finished, and not already listed (the live echo of a
 * recorded file can come before setFile's answer, and the file must not show twice meanwhile, once as a progress bar).
 */
export function pendingTaskUploads(uploads: readonly UploadItem[], taskId: string, listed: readonly StoredFile[] | null): UploadItem[] {
  const listedIds = new Set(listed?.map((file) => file.id));
  return uploads.filter(
    (item) =>
      'task' in item.target &&
      item.target.task === taskId &&
      item.status !== 'done' &&
      item.status !== 'cancelled' &&
      !(item.fileId !== null && listedIds.has(item.fileId)),
  );
}

/**
 * The Files tab of a task: its files newest first, uploaded with the button or by dropping them on
 * the tab (through the files area's upload queue, so the tray shows them too), images, videos and
 * PDFs opened in the media viewer, others downloaded; renamed and deleted by whoever may.
 */
export function TaskFilesTab({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const { listing, upsert, replace, remove } = useTaskFiles(task.id);
  const uploads = pendingTaskUploads(useAtomValue(uploadsAtom), task.id, listing.files);
  const [viewed, setViewed] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = (files: File[]) => {
    if (task.canEdit && files.length > 0) enqueueUploads(files, { task: task.id }, store, { onUploaded: upsert });
  };
  const drop = useDropTarget(upload);
  const viewable = (listing.files ?? []).filter(isViewable);

  return (
    <div
      className={filesStyles.filesTab}
      data-over={drop.over || undefined}
      data-testid="task-files-drop"
      {...(task.canEdit ? drop.handlers : {})}
    >
      {task.canEdit && (
        <div className={panelStyles.fieldRow}>
          <Button size="sm" icon={<Upload size={14} aria-hidden />} onClick={() => input.current?.click()}>
            {t('tasks.files.upload')}
          </Button>
          <span className={panelStyles.muted}>{t('tasks.files.dropHint')}</span>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="task-files-input"
            onChange={(event) => {
              upload([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
      )}
      {uploads.length > 0 && (
        <ul className={filesStyles.fileList} aria-label={t('tasks.files.uploads')}>
          {uploads.map((item) => (
            <PendingUpload key={item.id} item={item} />
          ))}
        </ul>
      )}
      {listing.failed && <Notice tone="error">{t('tasks.files.failed')}</Notice>}
      {!listing.failed && listing.files === null && <Spinner label={t('tasks.files.loading')} />}
      {listing.files?.length === 0 && uploads.length === 0 && <p className={panelStyles.muted}>{t('tasks.files.empty')}</p>}
      {listing.files && listing.files.length > 0 && (
        <ul className={filesStyles.fileList} aria-label={t('tasks.files.list')}>
          {listing.files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              onOpen={(opened) => setViewed(opened.id)}
              upsert={upsert}
              replace={replace}
              remove={remove}
            />
          ))}
        </ul>
      )}
      {viewed && <MediaViewer files={viewable} currentId={viewed} onChange={setViewed} onClose={() => setViewed(null)} />}
    </div>
  );
}
