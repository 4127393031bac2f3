import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { Button, Notice, Spinner } from '../../ui';
import { editTask } from './boardActions';
import type { JsonValue } from '../../lib/graphqlDocument';
import { descriptionExtensions, isSafeHref, richTextOf, sameDescription, storedDescription } from './description';
import { DescriptionToolbar } from './DescriptionToolbar';
import type { BoardTask, RichNode, TaskDetail } from './operations';
import { acknowledgeEdit, forgetEdit, markSent, rememberEdit } from './pendingEdits';
import panelStyles from './Panel.module.css';
import editorStyles from './Editor.module.css';

/** Typing pauses this long before the description is saved; leaving the editor saves at once. */
export const descriptionIdleMs = 1000;

type SaveStatus = 'idle' | 'saving' | 'saved';

/** The description of the open task: a rich-text editor once the task's detail is read. */
export function TaskDescription({
  task,
  detail,
  failed,
  onRetry,
}: {
  task: BoardTask;
  detail: TaskDetail | null;
  failed: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  if (!detail && failed) {
    return (
      <Notice tone="error" title={t('tasks.panel.detailFailed')}>
        {onRetry && (
          <Button size="sm" onClick={onRetry}>
            {t('tasks.retry')}
          </Button>
        )}
      </Notice>
    );
  }
  if (!detail) return <Spinner label={t('tasks.panel.loadingDetail')} />;
  return <DescriptionEditor task={task} stored={detail.description} />;
}

/** Opens a link of the description in a new tab, without giving the page a handle on this one. */
function openLink(event: MouseEvent): boolean {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  const href = link?.getAttribute('href');
  if (!link || !isSafeHref(href)) return false;
  // In the editor a plain click places the caret; Ctrl / Cmd-click opens, as in other editors.
  if (link.closest('[contenteditable="true"]') && !event.metaKey && !event.ctrlKey) return false;
  event.preventDefault();
  window.open(href!, '_blank', 'noopener,noreferrer');
  return true;
}

/**
 * Saves on leaving the editor and after a pause in typing, through ediTask (optimistic; a refused
 * save rolls the text back with a toast). A new description from a teammate (subTask, then the
 * panel rereads the task) replaces the text while the editor is not focused; while it is, the
 * user's text stays and is saved over it.
 */
function DescriptionEditor({ task, stored }: { task: BoardTask; stored: JsonValue | null }) {
  const { t } = useTranslation();
  const description = useMemo(() => richTextOf(stored), [stored]);
  const store = useStore();
  const labelId = useId();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [unreadable, setUnreadable] = useState(false);
  /** The description the server has, as the editor writes it: edits are measured against it. */
  const saved = useRef<RichNode | null>(null);
  /** Like saved, but only once the server acknowledged it: what unsaved typing kept on the device builds on. */
  const confirmed = useRef<RichNode | null>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const saveAgain = useRef(false);
  /** The last description read from the server, to tell a new one from a reread. */
  const lastRead = useRef<RichNode | null>(storedDescription(description ?? { type: 'doc' }));
  /** A teammate's version that arrived while the editor was focused or a save was on its way. */
  const arrived = useRef<{ description: RichNode | null } | null>(null);
  const canEdit = task.canEdit && !unreadable;
  const userId = useAtomValue(currentUserAtom)?.id;

  const extensions = useMemo(() => descriptionExtensions(t('tasks.panel.descriptionPlaceholder')), [t]);

  const current = (editor: Editor) => storedDescription(editor.getJSON());
  const hasEdits = (editor: Editor) => !sameDescription(current(editor), saved.current);

  const replaceContent = (editor: Editor, next: RichNode | null) => {
    editor.commands.setContent(next ?? '', { emitUpdate: false });
    saved.current = current(editor);
    confirmed.current = saved.current;
  };

  const save = async (editor: Editor): Promise<void> => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (editor.isDestroyed || !editor.isEditable) return;
    if (inFlight.current) {
      saveAgain.current = true;
      return;
    }
    const next = current(editor);
    if (sameDescription(next, saved.current)) return;
    const previous = saved.current;
    saved.current = next;
    inFlight.current = true;
    setStatus('saving');
    // The key kept with the edit on the device: a replay after a reload is this same mutation.
    const key = userId ? markSent(userId, task.id, 'description', next) : undefined;
    const ok = await editTask(store, { id: task.id, description: next }, t('tasks.errors.edit'), undefined, key);
    inFlight.current = false;
    if (ok) confirmed.current = next;
    if (userId && ok) acknowledgeEdit(userId, task.id, 'description', next);
    else if (userId) forgetEdit(userId, task.id, 'description');
    // Saved: ours was written over any version that arrived meanwhile. Refused: back to the
    // server's text (a teammate's if one arrived), unless more was typed since, which is saved next.
    const theirs = arrived.current;
    arrived.current = null;
    if (!ok) {
      saved.current = previous;
      if (!editor.isDestroyed && sameDescription(current(editor), next)) replaceContent(editor, theirs ? theirs.description : previous);
    }
    setStatus(ok ? 'saved' : 'idle');
    if (saveAgain.current) {
      saveAgain.current = false;
      await save(editor);
    }
  };

  const editor = useEditor({
    extensions,
    content: description ?? '',
    editable: task.canEdit,
    // A description the schema cannot read must not be overwritten by what the editor made of it.
    enableContentCheck: true,
    onContentError: () => setUnreadable(true),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: editorStyles.editorContent ?? '' },
      handleDOMEvents: { click: (_view, event) => openLink(event) },
    },
    onCreate: ({ editor: created }) => {
      saved.current = current(created);
      confirmed.current = saved.current;
    },
    onUpdate: ({ editor: updated }) => {
      setStatus('idle');
      // Kept on the device at once, so a reload before the pause is over loses nothing (pendingEdits.ts).
      if (userId)
        rememberEdit(userId, {
          taskId: task.id,
          project: task.project,
          field: 'description',
          value: current(updated),
          base: confirmed.current,
        });
      if (idleTimer.current) clearTimeout(idleTimer.current);
      idleTimer.current = setTimeout(() => void save(updated), descriptionIdleMs);
    },
    onBlur: ({ editor: blurred }) => {
      const theirs = arrived.current;
      // Nothing typed since a teammate's version arrived: show theirs rather than write ours over it.
      if (theirs && !inFlight.current && !hasEdits(blurred)) {
        arrived.current = null;
        replaceContent(blurred, theirs.description);
        return;
      }
      void save(blurred);
    },
  });

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(canEdit, false);
  }, [editor, canEdit]);

  // A live change brought a new description.
  const takeNewDescription = useEffectEvent(() => {
    const read = storedDescription(description ?? { type: 'doc' });
    const isNew = !sameDescription(read, lastRead.current);
    lastRead.current = read;
    if (editor.isDestroyed || !isNew || sameDescription(read, saved.current)) return;
    // Focused, the user's text stays; with a save on its way, ours lands after theirs.
    if (editor.isFocused || inFlight.current || idleTimer.current) {
      arrived.current = { description };
      return;
    }
    replaceContent(editor, description);
  });
  useEffect(() => takeNewDescription(), [editor, description]);

  // Closing the panel mid-pause still saves what was typed.
  const saveWhatIsPending = useEffectEvent(() => {
    if (idleTimer.current) void save(editor);
  });
  useEffect(() => () => saveWhatIsPending(), [editor]);

  return (
    <div className={editorStyles.descriptionField}>
      <div className={editorStyles.descriptionHeader}>
        <span id={labelId} className={panelStyles.fieldLabel}>
          {t('tasks.panel.description')}
        </span>
        <span className={editorStyles.saveStatus} role="status" aria-live="polite">
          {status === 'saving' ? t('tasks.description.saving') : status === 'saved' ? t('tasks.description.saved') : ''}
        </span>
      </div>
      {unreadable && <Notice tone="info">{t('tasks.description.unreadable')}</Notice>}
      {canEdit && <DescriptionToolbar editor={editor} />}
      <EditorContent editor={editor} className={editorStyles.editor} data-readonly={!canEdit || undefined} />
    </div>
  );
}
