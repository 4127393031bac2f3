import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { useAtomValue, useStore, type AppStore } from '../../lib/store';
import { Button, Dialog, Notice, showToast, Spinner, TextInput } from '../../ui';
import { enqueueUploads, uploadsAtom } from '../files/uploadQueue';
import { editTask } from './boardActions';
import { suggestPicsDocument, type BoardTask, type Pic } from './operations';
import panelStyles from './Panel.module.css';
import filesStyles from './Files.module.css';

const suggestionCount = 12;

const isImage = (file: Pick<File, 'type'>) => file.type.startsWith('image/');

/**
 * Uploads an image to the task through the files area's upload queue (the tray shows its progress)
 * and, once recorded, makes its url the cover: the server accepts only an image file of the task.
 * Returns the upload's id in the queue.
 */
export function uploadCover(store: AppStore, task: Pick<BoardTask, 'id'>, file: File): string | undefined {
  const [id] = enqueueUploads([file], { task: task.id }, store, {
    onUploaded: (stored) => {
      if (stored.category !== 'image') {
        showToast({ title: i18n.t('tasks.errors.cover'), message: i18n.t('tasks.cover.notImage'), icon: 'error' });
        return;
      }
      void editTask(store, { id: task.id, cover: stored.url }, i18n.t('tasks.errors.cover'), { cover: stored.url });
    },
  });
  return id;
}

/** Searches cover suggestions (suggestPics: Unsplash or the bundled set) and sets the chosen one, or takes an uploaded image. */
function CoverPicker({ task, onClose, onUpload }: { task: BoardTask; onClose: () => void; onUpload: (file: File) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [notImage, setNotImage] = useState(false);
  const [query, setQuery] = useState(task.name);
  const [search, setSearch] = useState(task.name);
  // The suggestions of the search they were asked for: a new search shows the spinner until its own arrive.
  const [answer, setAnswer] = useState<{ search: string; pics: Pic[] | null; failed: boolean } | null>(null);
  const result = answer?.search === search ? answer : { pics: null, failed: false };

  useEffect(() => {
    let live = true;
    request(suggestPicsDocument, { name: search, value: suggestionCount }, { handledByCaller: true })
      .then(({ suggestPics }) => live && setAnswer({ search, pics: suggestPics, failed: false }))
      .catch(() => live && setAnswer({ search, pics: null, failed: true }));
    return () => {
      live = false;
    };
  }, [search]);

  const choose = (pic: Pic) => {
    onClose();
    void editTask(store, { id: task.id, cover: pic.img }, t('tasks.errors.cover'), { cover: pic.img });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('tasks.cover.title')} size="md">
      <form
        className={panelStyles.inlineForm}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(query.trim() || task.name);
        }}
      >
        <TextInput
          label={t('tasks.cover.search')}
          hideLabel
          value={query}
          placeholder={t('tasks.cover.search')}
          data-autofocus
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" size="sm">
          {t('tasks.cover.searchButton')}
        </Button>
      </form>
      <div className={panelStyles.fieldRow}>
        <Button size="sm" variant="ghost" icon={<Upload size={14} aria-hidden />} onClick={() => input.current?.click()}>
          {t('tasks.cover.upload')}
        </Button>
        <span className={panelStyles.muted}>{t('tasks.cover.uploadHint')}</span>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid="cover-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!isImage(file)) return setNotImage(true);
            onClose();
            onUpload(file);
          }}
        />
      </div>
      {notImage && <Notice tone="error">{t('tasks.cover.notImage')}</Notice>}
      {result.failed && <Notice tone="error">{t('tasks.cover.failed')}</Notice>}
      {!result.failed && result.pics === null && <Spinner label={t('tasks.cover.loading')} />}
      {result.pics?.length === 0 && <p className={panelStyles.muted}>{t('tasks.cover.none')}</p>}
      {result.pics && result.pics.length > 0 && (
        <ul className={filesStyles.coverGrid}>
          {result.pics.map((pic) => (
            <li key={pic.img}>
              <button
                type="button"
                className={filesStyles.coverOption}
                onClick={() => choose(pic)}
                aria-label={t('tasks.cover.use', { name: pic.name })}
              >
                <img src={pic.img} alt="" loading="lazy" />
              </button>
              {pic.author && (
                <span className={filesStyles.credit}>
                  {pic.authorUrl ? (
                    <a href={pic.authorUrl} target="_blank" rel="noreferrer noopener">
                      {pic.author}
                    </a>
                  ) : (
                    pic.author
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** The task's cover: shown on top of the panel, chosen from suggestions, or removed. */
export function TaskCover({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const [picking, setPicking] = useState(false);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const upload = useAtomValue(uploadsAtom).find((item) => item.id === uploadId);
  const uploading = upload !== undefined && (upload.status === 'queued' || upload.status === 'uploading' || upload.status === 'recording');
  const percent = upload && upload.size > 0 ? Math.min(100, Math.round((upload.loaded / upload.size) * 100)) : 0;
  return (
    <div className={filesStyles.coverArea}>
      {task.cover && <img className={filesStyles.cover} src={task.cover} alt={t('tasks.cover.alt', { name: task.name })} />}
      {uploading && (
        <div
          className={filesStyles.fileTrack}
          role="progressbar"
          aria-label={t('tasks.cover.uploading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className={filesStyles.fileFill} style={{ width: `${percent}%` }} />
        </div>
      )}
      {task.canEdit && (
        <div className={panelStyles.fieldRow}>
          <Button size="sm" variant="ghost" icon={<ImagePlus size={14} aria-hidden />} onClick={() => setPicking(true)}>
            {t(task.cover ? 'tasks.cover.change' : 'tasks.cover.add')}
          </Button>
          {task.cover && (
            <Button
              size="sm"
              variant="ghost"
              icon={<Trash2 size={14} aria-hidden />}
              onClick={() => void editTask(store, { id: task.id, cover: null }, t('tasks.errors.cover'), { cover: null })}
            >
              {t('tasks.cover.remove')}
            </Button>
          )}
        </div>
      )}
      {picking && (
        <CoverPicker
          task={task}
          onClose={() => setPicking(false)}
          onUpload={(file) => setUploadId(uploadCover(store, task, file) ?? null)}
        />
      )}
    </div>
  );
}
