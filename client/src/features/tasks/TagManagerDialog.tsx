import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagNameLength } from '#shared/taskRules';
import { taskColors } from '#shared/tasks';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Dialog, openDialog } from '../../ui';
import { sprintsAtom, tagsAtom } from './atoms';
import { ColorMenu } from './ColorMenu';
import type { Tag } from './operations';
import { createTag, deleteTag, editTag } from './tagActions';
import boardStyles from './Board.module.css';
import panelStyles from './Panel.module.css';
import dialogsStyles from './Dialogs.module.css';

function TagRow({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const store = useStore();
  const [name, setName] = useState(tag.name);
  const rename = () => {
    const next = name.trim();
    if (!next || next === tag.name) return setName(tag.name);
    void editTag(store, tag.id, { name: next }).then((saved) => !saved && setName(tag.name));
  };
  const remove = async () => {
    const { confirmed } = await openDialog({
      title: t(tag.isSprint ? 'tasks.sprints.deleteTitle' : 'tasks.tags.deleteTitle', { name: tag.name }),
      description: t('tasks.tags.deleteDescription'),
      primaryLabel: t('tasks.tags.delete'),
      tone: 'danger',
    });
    if (confirmed) await deleteTag(store, tag.id);
  };
  return (
    <li className={panelStyles.tagRow}>
      <ColorMenu
        color={tag.color}
        label={t('tasks.tags.color', { name: tag.name })}
        onChange={(color) => void editTag(store, tag.id, { color })}
      />
      <input
        className={panelStyles.inlineInput}
        value={name}
        maxLength={tagNameLength.maximum}
        aria-label={t('tasks.tags.rename', { name: tag.name })}
        onChange={(event) => setName(event.target.value)}
        onBlur={rename}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
      />
      <Button
        size="sm"
        variant="ghost"
        iconOnly
        icon={<Trash2 size={14} aria-hidden />}
        aria-label={t('tasks.tags.deleteNamed', { name: tag.name })}
        onClick={() => void remove()}
      />
    </li>
  );
}

function TagGroup({ project, isSprint }: { project: string; isSprint: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const tags = useAtomValue(isSprint ? sprintsAtom : tagsAtom);
  const [name, setName] = useState('');
  const add = async () => {
    const next = name.trim();
    if (!next) return;
    const color = taskColors[tags.length % taskColors.length]!;
    if (await createTag(store, project, next, color, isSprint)) setName('');
  };
  const kind = isSprint ? 'sprints' : 'tags';
  return (
    <section className={dialogsStyles.tagGroup} aria-labelledby={`${kind}-heading`}>
      <h3 id={`${kind}-heading`} className={boardStyles.columnTitle}>
        {t(`tasks.${kind}.title`)}
      </h3>
      {tags.length === 0 ? (
        <p className={panelStyles.muted}>{t(`tasks.${kind}.none`)}</p>
      ) : (
        <ul className={dialogsStyles.tagList}>
          {tags.map((tag) => (
            <TagRow key={tag.id} tag={tag} />
          ))}
        </ul>
      )}
      <form
        className={panelStyles.inlineForm}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <input
          className={panelStyles.inlineInput}
          value={name}
          maxLength={tagNameLength.maximum}
          placeholder={t(`tasks.${kind}.newPlaceholder`)}
          aria-label={t(`tasks.${kind}.new`)}
          onChange={(event) => setName(event.target.value)}
        />
        <Button size="sm" type="submit" disabled={!name.trim()}>
          {t(`tasks.${kind}.add`)}
        </Button>
      </form>
    </section>
  );
}

/** Tags and sprints of the space: create, rename, recolour and delete them. */
export function TagManagerDialog({ project, onClose }: { project: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('tasks.tags.manageTitle')}
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('tasks.done')}
        </Button>
      }
    >
      <TagGroup project={project} isSprint={false} />
      <TagGroup project={project} isSprint />
    </Dialog>
  );
}
