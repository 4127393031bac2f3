import { KanbanSquare, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAtom } from '../../lib/store';
import { Button } from '../../ui';
import { taskViewAtom, type TaskView } from './atoms';

const views: { key: TaskView; Icon: typeof List }[] = [
  { key: 'board', Icon: KanbanSquare },
  { key: 'list', Icon: List },
];

/** Switches the tasks area between the board and the list grouped by section. */
export function ViewToggle() {
  const { t } = useTranslation();
  const [view, setView] = useAtom(taskViewAtom);
  return (
    <div role="group" aria-label={t('tasks.view.label')}>
      {views.map(({ key, Icon }) => (
        <Button key={key} size="sm" variant={view === key ? 'secondary' : 'ghost'} aria-pressed={view === key} onClick={() => setView(key)}>
          <Icon size={14} aria-hidden /> {t(`tasks.view.${key}`)}
        </Button>
      ))}
    </div>
  );
}
