import { ArrowLeft, ArrowRight, MoreHorizontal, Pencil, Shapes, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionNameLength } from '#shared/taskRules';
import { useStore } from '../../lib/store';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
  openDialog,
} from '../../ui';
import { DeleteSectionDialog } from './DeleteSectionDialog';
import type { ProjectState } from './operations';
import { reorderSection, updateSection } from './sectionActions';
import { sectionIcons } from './sectionIcons';
import styles from './Board.module.css';

interface SectionMenuProps {
  state: ProjectState;
  index: number;
  sectionCount: number;
}

/** A section's actions: rename, icon, move left or right (the keyboard's way to reorder), delete. */
export function SectionMenu({ state, index, sectionCount }: SectionMenuProps) {
  const { t } = useTranslation();
  const store = useStore();
  const [deleting, setDeleting] = useState(false);

  const rename = async () => {
    const { confirmed, values } = await openDialog({
      title: t('tasks.sections.renameTitle'),
      inputs: [{ label: t('tasks.sections.name'), defaultValue: state.value }],
      primaryLabel: t('tasks.sections.save'),
    });
    const value = values[0]?.trim().slice(0, sectionNameLength.maximum);
    if (confirmed && value && value !== state.value) await updateSection(store, state.id, { value });
  };

  return (
    <>
      <Menu>
        <MenuTrigger className={styles.iconButton} aria-label={t('tasks.sections.actions', { section: state.value })}>
          <MoreHorizontal size={16} aria-hidden />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem icon={<Pencil size={14} />} onSelect={() => void rename()}>
            {t('tasks.sections.rename')}
          </MenuItem>
          <MenuSub>
            <MenuSubTrigger icon={<Shapes size={14} />}>{t('tasks.sections.icon')}</MenuSubTrigger>
            <MenuSubContent className={styles.iconMenu}>
              <MenuRadioGroup
                value={String(state.icon % sectionIcons.length)}
                onValueChange={(value) => void updateSection(store, state.id, { icon: Number(value) })}
              >
                {sectionIcons.map((Icon, iconIndex) => (
                  <MenuRadioItem
                    key={iconIndex}
                    value={String(iconIndex)}
                    aria-label={t('tasks.sections.iconNumber', { number: iconIndex + 1 })}
                  >
                    <Icon size={16} aria-hidden />
                  </MenuRadioItem>
                ))}
              </MenuRadioGroup>
            </MenuSubContent>
          </MenuSub>
          <MenuSeparator />
          <MenuItem icon={<ArrowLeft size={14} />} disabled={index === 0} onSelect={() => void reorderSection(store, state.id, index - 1)}>
            {t('tasks.sections.moveLeft')}
          </MenuItem>
          <MenuItem
            icon={<ArrowRight size={14} />}
            disabled={index >= sectionCount - 1}
            onSelect={() => void reorderSection(store, state.id, index + 1)}
          >
            {t('tasks.sections.moveRight')}
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} tone="danger" disabled={sectionCount < 2} onSelect={() => setDeleting(true)}>
            {t('tasks.sections.delete')}
          </MenuItem>
        </MenuContent>
      </Menu>
      {deleting && <DeleteSectionDialog state={state} onClose={() => setDeleting(false)} />}
    </>
  );
}
