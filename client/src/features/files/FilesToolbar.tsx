import { ArrowDownUp, FolderPlus, Info, LayoutGrid, List, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtom, useStore } from '../../lib/store';
import {
  Button,
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from '../../ui';
import { detailsOpenAtom, filesPrefsAtom, filesSortKeys, type FilesSortKey, type FilesView } from './atoms';
import { promptNewFolder } from './entryCommands';
import styles from './Files.module.css';
import { uploadInto } from './folderDrop';

const viewIcons: Record<FilesView, typeof List> = { list: List, grid: LayoutGrid };

/** The area's commands: upload, new folder, list or grid (remembered), sort order, details. */
export function FilesToolbar({ project, folder }: { project: string; folder: string | null }) {
  const { t } = useTranslation();
  const store = useStore();
  const [prefs, setPrefs] = useAtom(filesPrefsAtom);
  const [detailsOpen, setDetailsOpen] = useAtom(detailsOpenAtom);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.toolbar}>
      <h2 className={styles.title}>{t('areas.files.title')}</h2>
      <span className={styles.spacer} />
      <div role="group" aria-label={t('files.view.label')} className={styles.segmented}>
        {(['list', 'grid'] as const).map((view) => {
          const Icon = viewIcons[view];
          return (
            <Button
              key={view}
              size="sm"
              variant={prefs.view === view ? 'secondary' : 'ghost'}
              aria-pressed={prefs.view === view}
              onClick={() => setPrefs({ view })}
              icon={<Icon size={14} aria-hidden />}
            >
              {t(`files.view.${view}`)}
            </Button>
          );
        })}
      </div>
      <Menu>
        <MenuTrigger asChild>
          <Button size="sm" variant="ghost" icon={<ArrowDownUp size={14} aria-hidden />}>
            {t('files.sort.by', { field: t(`files.sort.${prefs.sort}`) })}
          </Button>
        </MenuTrigger>
        <MenuContent align="end">
          <MenuLabel>{t('files.sort.label')}</MenuLabel>
          <MenuRadioGroup value={prefs.sort} onValueChange={(sort) => setPrefs({ sort: sort as FilesSortKey })}>
            {filesSortKeys.map((key) => (
              <MenuRadioItem key={key} value={key}>
                {t(`files.sort.${key}`)}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
          <MenuSeparator />
          <MenuCheckboxItem checked={prefs.descending} onCheckedChange={(descending) => setPrefs({ descending: descending === true })}>
            {t('files.sort.descending')}
          </MenuCheckboxItem>
        </MenuContent>
      </Menu>
      <Button
        size="sm"
        variant="ghost"
        iconOnly
        icon={<Info size={16} aria-hidden />}
        aria-label={t('files.details.title')}
        aria-pressed={detailsOpen}
        onClick={() => setDetailsOpen(!detailsOpen)}
      />
      <Button size="sm" icon={<FolderPlus size={14} aria-hidden />} onClick={() => void promptNewFolder(store, project, folder)}>
        {t('files.actions.newFolder')}
      </Button>
      <Button size="sm" variant="primary" icon={<Upload size={14} aria-hidden />} onClick={() => input.current?.click()}>
        {t('files.actions.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Clearing lets the same file be picked again after a failure.
          event.target.value = '';
          if (files.length > 0) uploadInto(store, project, folder, files);
        }}
      />
    </div>
  );
}
