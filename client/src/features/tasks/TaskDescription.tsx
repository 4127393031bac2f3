import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { Notice, Spinner, TextArea } from '../../ui';
import { refused } from './boardActions';
import { descriptionToText, textToDescription } from './description';
import { ediTaskDocument, type BoardTask, type TaskDetail } from './operations';
import styles from './Tasks.module.css';

/**
 * The description as plain text (Tiptap is not installed): saved on leaving the field, as a
 * Tiptap doc of one paragraph per line. Others' edits arrive with the next opening of the task.
 */
export function TaskDescription({ task, detail, failed }: { task: BoardTask; detail: TaskDetail | null; failed: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const [saved, setSaved] = useState<string | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!detail) return;
    const loaded = descriptionToText(detail.description);
    setSaved(loaded);
    setText(loaded);
  }, [detail]);

  if (failed) return <Notice tone="error">{t('tasks.panel.detailFailed')}</Notice>;
  if (saved === null) return <Spinner label={t('tasks.panel.loadingDetail')} />;

  const save = async () => {
    if (text === saved) return;
    const previous = saved;
    setSaved(text);
    try {
      await request(ediTaskDocument, { id: task.id, description: textToDescription(text) }, { handledByCaller: true });
    } catch (error) {
      setSaved(previous);
      setText(previous);
      refused(t('tasks.errors.edit'), error);
    }
  };

  return (
    <TextArea className={styles.description} label={t('tasks.panel.description')} value={text} rows={5} disabled={!task.canEdit}
      placeholder={t('tasks.panel.descriptionPlaceholder')} onChange={(event) => setText(event.target.value)} onBlur={() => void save()} />
  );
}
