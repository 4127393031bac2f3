import { KanbanSquare, Layers, List } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { taskGroupings, type TaskGrouping } from '#shared/taskViews';
import { useAtom } from '../../lib/store';
import { Button, Menu, MenuContent, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuTrigger } from '../../ui';
import { taskViews, viewPrefsAtom, type TaskView } from './atoms';
import styles from './Board.module.css';

const viewIcons: Record<TaskView, typeof List> = { board: KanbanSquare, list: List };

/**
 * Switches between the board and the list, and chooses the list's grouping; remembered per user.
 * The layout buttons are one toolbar stop: arrow keys move between them, as in a segmented control.
 * Compact (a phone): icons only, and the grouping lives in the toolbar's overflow menu.
 */
export function ViewToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useAtom(viewPrefsAtom);
  const group = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    const next = taskViews[(taskViews.indexOf(prefs.view) + (event.key === 'ArrowRight' ? 1 : taskViews.length - 1)) % taskViews.length]!;
    setPrefs({ view: next });
    group.current?.querySelector<HTMLButtonElement>(`[data-view="${next}"]`)?.focus();
  };

  return (
    <div className={styles.viewControls}>
      <div ref={group} role="group" aria-label={t('tasks.view.label')} className={styles.segmented} onKeyDown={onKeyDown}>
        {taskViews.map((key) => {
          const Icon = viewIcons[key];
          return (
            <Button
              key={key}
              size="sm"
              data-view={key}
              variant={prefs.view === key ? 'secondary' : 'ghost'}
              aria-pressed={prefs.view === key}
              tabIndex={prefs.view === key ? 0 : -1}
              onClick={() => setPrefs({ view: key })}
              {...(compact ? { iconOnly: true, icon: <Icon size={16} aria-hidden />, 'aria-label': t(`tasks.view.${key}`) } : {})}
            >
              {!compact && (
                <>
                  <Icon size={14} aria-hidden /> {t(`tasks.view.${key}`)}
                </>
              )}
            </Button>
          );
        })}
      </div>
      {prefs.view === 'list' && !compact && (
        <Menu>
          <MenuTrigger asChild>
            <Button size="sm" variant="ghost" icon={<Layers size={14} aria-hidden />}>
              {t('tasks.view.groupedBy', { grouping: t(`tasks.view.grouping.${prefs.grouping}`) })}
            </Button>
          </MenuTrigger>
          <MenuContent align="start">
            <MenuLabel>{t('tasks.view.groupBy')}</MenuLabel>
            <MenuRadioGroup value={prefs.grouping} onValueChange={(value) => setPrefs({ grouping: value as TaskGrouping })}>
              {taskGroupings.map((grouping) => (
                <MenuRadioItem key={grouping} value={grouping}>
                  {t(`tasks.view.grouping.${grouping}`)}
                </MenuRadioItem>
              ))}
            </MenuRadioGroup>
          </MenuContent>
        </Menu>
      )}
    </div>
  );
}
