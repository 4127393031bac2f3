import { ChevronDown, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSetAtom, useStore } from '../../lib/store';
import { editTask } from './boardActions';
import type { BoardTask, TaskTag } from './operations';
import boardStyles from './Board.module.css';
import cardStyles from './Card.module.css';
import panelStyles from './Panel.module.css';
import dialogsStyles from './Dialogs.module.css';
import { quickPickAtom } from './viewAtoms';

/**
 * Tags (several) and sprint (one) of the open task; both come from the space's tags. Each opens a
 * picker where typing finds a tag or sprint, or creates one by that name.
 */
export function TaskLabels({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const openPicker = useSetAtom(quickPickAtom);
  const untag = (tag: TaskTag) => {
    const tags = task.tags.filter((known) => known.id !== tag.id);
    void editTask(store, { id: task.id, tags: tags.map((known) => known.id) }, t('tasks.errors.edit'), { tags });
  };
  const sprintLabelId = `sprint-label-${task.id}`;
  const sprintButtonId = `sprint-button-${task.id}`;

  return (
    <div className={panelStyles.fieldGrid}>
      <div className={panelStyles.field}>
        <span className={panelStyles.fieldLabel}>{t('tasks.tags.title')}</span>
        <ul className={cardStyles.tags} aria-label={t('tasks.tags.title')}>
          {task.tags.map((tag) => (
            <li key={tag.id} className={cardStyles.tag} style={{ borderColor: tag.color, color: tag.color }}>
              {tag.name}
              {task.canEdit && (
                <button
                  type="button"
                  className={boardStyles.chipRemove}
                  aria-label={t('tasks.tags.unassign', { name: tag.name })}
                  onClick={() => untag(tag)}
                >
                  <X size={10} aria-hidden />
                </button>
              )}
            </li>
          ))}
          {task.canEdit && (
            <li>
              <button
                type="button"
                className={panelStyles.addTag}
                aria-label={t('tasks.tags.assign')}
                aria-haspopup="dialog"
                onClick={() => openPicker({ kind: 'tags', taskId: task.id })}
              >
                <Plus size={12} aria-hidden />
              </button>
            </li>
          )}
        </ul>
      </div>
      <div className={panelStyles.field}>
        <span className={panelStyles.fieldLabel} id={sprintLabelId}>
          {t('tasks.sprints.one')}
        </span>
        <button
          type="button"
          id={sprintButtonId}
          className={panelStyles.pickerButton}
          disabled={!task.canEdit}
          aria-haspopup="dialog"
          aria-labelledby={`${sprintLabelId} ${sprintButtonId}`}
          onClick={() => openPicker({ kind: 'sprint', taskId: task.id })}
        >
          {task.sprint && <span className={dialogsStyles.swatch} style={{ background: task.sprint.color }} aria-hidden />}
          <span className={dialogsStyles.pickLabel}>{task.sprint?.name ?? t('tasks.sprints.noSprint')}</span>
          <ChevronDown size={14} aria-hidden />
        </button>
      </div>
    </div>
  );
}
