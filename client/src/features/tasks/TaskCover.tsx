import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { Button, Dialog, Notice, Spinner, TextInput } from '../../ui';
import { editTask } from './boardActions';
import { suggestPicsDocument, type BoardTask, type Pic } from './operations';
import styles from './Tasks.module.css';

const suggestionCount = 12;

/** Searches cover suggestions (suggestPics: Unsplash or the bundled set) and sets the chosen one. */
function CoverPicker({ task, onClose }: { task: BoardTask; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const [query, setQuery] = useState(task.name);
  const [search, setSearch] = useState(task.name);
  const [result, setResult] = useState<{ pics: Pic[] | null; failed: boolean }>({ pics: null, failed: false });

  useEffect(() => {
    let live = true;
    setResult({ pics: null, failed: false });
    request(suggestPicsDocument, { name: search, value: suggestionCount }, { handledByCaller: true })
      .then(({ suggestPics }) => live && setResult({ pics: suggestPics ?? [], failed: false }))
      .catch(() => live && setResult({ pics: null, failed: true }));
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
      <form className={styles.inlineForm} role="search" onSubmit={(event) => { event.preventDefault(); setSearch(query.trim() || task.name); }}>
        <TextInput label={t('tasks.cover.search')} hideLabel value={query} placeholder={t('tasks.cover.search')} data-autofocus onChange={(event) => setQuery(event.target.value)} />
        <Button type="submit" size="sm">{t('tasks.cover.searchButton')}</Button>
      </form>
      {result.failed && <Notice tone="error">{t('tasks.cover.failed')}</Notice>}
      {!result.failed && result.pics === null && <Spinner label={t('tasks.cover.loading')} />}
      {result.pics?.length === 0 && <p className={styles.muted}>{t('tasks.cover.none')}</p>}
      {result.pics && result.pics.length > 0 && (
        <ul className={styles.coverGrid}>
          {result.pics.map((pic) => (
            <li key={pic.img}>
              <button type="button" className={styles.coverOption} onClick={() => choose(pic)} aria-label={t('tasks.cover.use', { name: pic.name })}>
                <img src={pic.img} alt="" loading="lazy" />
              </button>
              {pic.author && (
                <span className={styles.credit}>
                  {pic.authorUrl ? <a href={pic.authorUrl} target="_blank" rel="noreferrer noopener">{pic.author}</a> : pic.author}
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
  return (
    <div className={styles.coverArea}>
      {task.cover && <img className={styles.cover} src={task.cover} alt={t('tasks.cover.alt', { name: task.name })} />}
      {task.canEdit && (
        <div className={styles.fieldRow}>
          <Button size="sm" variant="ghost" icon={<ImagePlus size={14} aria-hidden />} onClick={() => setPicking(true)}>
            {t(task.cover ? 'tasks.cover.change' : 'tasks.cover.add')}
          </Button>
          {task.cover && (
            <Button size="sm" variant="ghost" icon={<Trash2 size={14} aria-hidden />}
              onClick={() => void editTask(store, { id: task.id, cover: null }, t('tasks.errors.cover'), { cover: null })}>
              {t('tasks.cover.remove')}
            </Button>
          )}
        </div>
      )}
      {picking && <CoverPicker task={task} onClose={() => setPicking(false)} />}
    </div>
  );
}
