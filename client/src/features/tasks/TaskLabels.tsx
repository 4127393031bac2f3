import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../../lib/store';
import { Menu, MenuCheckboxItem, MenuContent, MenuTrigger } from '../../ui';
import { sprintsAtom, tagsAtom } from './atoms';
import { editTask } from './boardActions';
import type { BoardTask, TaskTag } from './operations';
import styles from './Tasks.module.css';

const plain = ({ id, name, color }: TaskTag): TaskTag => ({ id, name, color });

/** Tags (several) and sprint (one) of the open task; both come from the space's tags. */
export function TaskLabels({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const tags = useAtomValue(tagsAtom);
  const sprints = useAtomValue(sprintsAtom);

  const setTags = (next: TaskTag[]) =>
    void editTask(store, { id: task.id, tags: next.map((tag) => tag.id) }, t('tasks.errors.edit'), { tags: next });
  const toggle = (tag: TaskTag) => setTags(task.tags.some((known) => known.id === tag.id) ? task.tags.filter((known) => known.id !== tag.id) : [...task.tags, plain(tag)]);
  const setSprint = (id: string) => {
    const sprint = sprints.find((candidate) => candidate.id === id);
    void editTask(store, { id: task.id, sprint: sprint ? sprint.id : null }, t('tasks.errors.edit'), { sprint: sprint ? plain(sprint) : null });
  };

  return (
    <div className={styles.fieldGrid}>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('tasks.tags.title')}</span>
        <ul className={styles.tags} aria-label={t('tasks.tags.title')}>
          {task.tags.map((tag) => (
            <li key={tag.id} className={styles.tag} style={{ borderColor: tag.color, color: tag.color }}>
              {tag.name}
              {task.canEdit && (
                <button type="button" className={styles.chipRemove} aria-label={t('tasks.tags.unassign', { name: tag.name })} onClick={() => toggle(tag)}>
                  <X size={10} aria-hidden />
                </button>
              )}
            </li>
          ))}
          {task.canEdit && (
            <li>
              <Menu>
                <MenuTrigger className={styles.addTag} aria-label={t('tasks.tags.assign')}><Plus size={12} aria-hidden /></MenuTrigger>
                <MenuContent align="start">
                  {tags.length === 0 && <p className={styles.menuEmpty}>{t('tasks.tags.none')}</p>}
                  {tags.map((tag) => (
                    <MenuCheckboxItem key={tag.id} checked={task.tags.some((known) => known.id === tag.id)} onCheckedChange={() => toggle(tag)}
                      onSelect={(event) => event.preventDefault()} icon={<span className={styles.swatch} style={{ background: tag.color }} />}>
                      {tag.name}
                    </MenuCheckboxItem>
                  ))}
                </MenuContent>
              </Menu>
            </li>
          )}
        </ul>
      </div>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{t('tasks.sprints.one')}</span>
        <select className={styles.inlineInput} value={task.sprint?.id ?? ''} disabled={!task.canEdit} onChange={(event) => setSprint(event.target.value)}>
          <option value="">{t('tasks.sprints.noSprint')}</option>
          {sprints.map((sprint) => <option key={sprint.id} value={sprint.id}>{sprint.name}</option>)}
        </select>
      </label>
    </div>
  );
}
