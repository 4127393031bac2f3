import { HelpCircle, Layers, MoreHorizontal, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { taskGroupings, type TaskGrouping } from '#shared/taskViews';
import { useAtom, useSetAtom } from '../../lib/store';
import {
  Button,
  Menu,
  MenuContent,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
  Tooltip,
} from '../../ui';
import { viewPrefsAtom } from './atoms';
import { FilterMenu } from './FilterBar';
import styles from './Board.module.css';
import { useNarrowScreen } from './useNarrowScreen';
import { shortcutsHelpOpenAtom } from './viewAtoms';
import { ViewToggle } from './ViewToggle';

/** On a phone: the list's grouping, tags and sprints, and the shortcuts behind one "More" button. */
function OverflowMenu({ ready, onManageTags }: { ready: boolean; onManageTags: () => void }) {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useAtom(viewPrefsAtom);
  const openHelp = useSetAtom(shortcutsHelpOpenAtom);
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button size="sm" variant="ghost" iconOnly icon={<MoreHorizontal size={16} aria-hidden />} aria-label={t('tasks.toolbar.more')} />
      </MenuTrigger>
      <MenuContent align="end">
        {prefs.view === 'list' && (
          <MenuSub>
            <MenuSubTrigger icon={<Layers size={14} aria-hidden />}>
              {t('tasks.view.groupedBy', { grouping: t(`tasks.view.grouping.${prefs.grouping}`) })}
            </MenuSubTrigger>
            <MenuSubContent>
              <MenuRadioGroup value={prefs.grouping} onValueChange={(value) => setPrefs({ grouping: value as TaskGrouping })}>
                {taskGroupings.map((grouping) => (
                  <MenuRadioItem key={grouping} value={grouping}>
                    {t(`tasks.view.grouping.${grouping}`)}
                  </MenuRadioItem>
                ))}
              </MenuRadioGroup>
            </MenuSubContent>
          </MenuSub>
        )}
        <MenuItem icon={<Tags size={14} aria-hidden />} disabled={!ready} onSelect={onManageTags}>
          {t('tasks.tags.manage')}
        </MenuItem>
        <MenuItem icon={<HelpCircle size={14} aria-hidden />} hint="?" onSelect={() => openHelp(true)}>
          {t('tasks.shortcuts.title')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

/**
 * The board's toolbar: layout, filters, tags and sprints, shortcuts. One row at every width: on
 * a phone the title (the top bar already names the area) is only for screen readers, the layout
 * buttons show icons, and the rest folds into the overflow menu.
 */
export function TaskToolbar({ ready, onManageTags }: { ready: boolean; onManageTags: () => void }) {
  const { t } = useTranslation();
  const openHelp = useSetAtom(shortcutsHelpOpenAtom);
  const narrow = useNarrowScreen();
  return (
    <div className={styles.toolbar} data-compact={narrow || undefined} data-testid="task-toolbar">
      <h2 className={narrow ? 'visually-hidden' : styles.title}>{t('areas.tasks.title')}</h2>
      <ViewToggle compact={narrow} />
      {ready && <FilterMenu />}
      <span className={styles.spacer} />
      {narrow ? (
        <OverflowMenu ready={ready} onManageTags={onManageTags} />
      ) : (
        <>
          <Button size="sm" variant="ghost" icon={<Tags size={14} aria-hidden />} onClick={onManageTags} disabled={!ready}>
            {t('tasks.tags.manage')}
          </Button>
          <Tooltip content={t('tasks.shortcuts.hint', { action: t('tasks.shortcuts.title'), key: '?' })}>
            <Button
              size="sm"
              variant="ghost"
              iconOnly
              icon={<HelpCircle size={16} aria-hidden />}
              aria-label={t('tasks.shortcuts.title')}
              aria-keyshortcuts="?"
              onClick={() => openHelp(true)}
            />
          </Tooltip>
        </>
      )}
    </div>
  );
}
