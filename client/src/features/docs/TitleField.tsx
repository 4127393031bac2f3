import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { docTitleLength } from '#shared/docs';
import { useStore } from '../../lib/store';
import styles from './Docs.module.css';
import { editWall } from './docsActions';
import type { Wall } from './operations';

export const titleSaveDelayMs = 600;

/**
 * The doc's title, saved (updateWall) once typing pauses. What is typed stays as typed while the
 * field has focus, even if a collaborator renames the doc meanwhile; a blank title is not saved.
 */
export function TitleField({ wall }: { wall: Wall }) {
  const { t } = useTranslation();
  const store = useStore();
  const [draft, setDraft] = useState(wall.title);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(wall);
  useEffect(() => {
    latest.current = wall;
  });

  useEffect(() => {
    if (!focused.current) setDraft(wall.title);
  }, [wall.title]);

  const save = (value: string) => {
    const title = value.trim();
    if (title && title !== latest.current.title) void editWall(store, latest.current, { title });
  };

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  useEffect(() => flush, []);

  if (!wall.canEdit)
    return (
      <h1 className={styles.docTitle} tabIndex={-1} data-doc-title>
        {wall.title}
      </h1>
    );
  return (
    <input
      className={styles.docTitle}
      data-doc-title
      aria-label={t('docs.page.title')}
      value={draft}
      maxLength={docTitleLength.maximum}
      placeholder={t('docs.untitled')}
      onFocus={() => (focused.current = true)}
      onChange={(event) => {
        const value = event.target.value;
        setDraft(value);
        flush();
        timer.current = setTimeout(() => save(value), titleSaveDelayMs);
      }}
      onBlur={() => {
        focused.current = false;
        flush();
        if (draft.trim()) save(draft);
        else setDraft(latest.current.title);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
    />
  );
}
