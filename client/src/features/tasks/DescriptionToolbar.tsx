import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Code, Heading2, Italic, Link2, List, ListChecks, ListOrdered, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openDialog, showToast } from '../../ui';
import { normalizeHref } from './description';
import styles from './Editor.module.css';

type ToolKey = 'bold' | 'italic' | 'code' | 'link' | 'bulletList' | 'orderedList' | 'taskList' | 'heading';

const tools: readonly { key: ToolKey; icon: LucideIcon; run: (editor: Editor) => void }[] = [
  { key: 'bold', icon: Bold, run: (editor) => editor.chain().focus().toggleBold().run() },
  { key: 'italic', icon: Italic, run: (editor) => editor.chain().focus().toggleItalic().run() },
  { key: 'code', icon: Code, run: (editor) => editor.chain().focus().toggleCode().run() },
  { key: 'link', icon: Link2, run: () => undefined },
  { key: 'heading', icon: Heading2, run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run() },
  { key: 'bulletList', icon: List, run: (editor) => editor.chain().focus().toggleBulletList().run() },
  { key: 'orderedList', icon: ListOrdered, run: (editor) => editor.chain().focus().toggleOrderedList().run() },
  { key: 'taskList', icon: ListChecks, run: (editor) => editor.chain().focus().toggleTaskList().run() },
];

const isActive = (editor: Editor, key: ToolKey) => (key === 'heading' ? editor.isActive('heading', { level: 2 }) : editor.isActive(key));

/** The description's compact toolbar: marks, a link, a heading and the three kinds of list. */
export function DescriptionToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(tools.map(({ key }) => [key, isActive(current, key)])) as Record<ToolKey, boolean>,
  });

  /** Removes the link under the caret, or asks for an address and links the selection (or inserts the address). */
  const editLink = async () => {
    if (editor.isActive('link')) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    const { confirmed, values } = await openDialog({
      title: t('tasks.description.linkTitle'),
      inputs: [{ label: t('tasks.description.linkAddress'), placeholder: 'https://' }],
      primaryLabel: t('tasks.description.linkApply'),
    });
    if (!confirmed || editor.isDestroyed) return;
    const href = normalizeHref(values[0] ?? '');
    if (!href) {
      if ((values[0] ?? '').trim() !== '') showToast({ message: t('tasks.description.linkRefused'), icon: 'error' });
      return;
    }
    if (editor.state.selection.empty)
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    else editor.chain().focus().setLink({ href }).run();
  };

  return (
    <div className={styles.editorToolbar} role="toolbar" aria-label={t('tasks.description.toolbar')}>
      {tools.map(({ key, icon: Icon, run }) => (
        <button
          key={key}
          type="button"
          className={styles.toolButton}
          aria-label={t(`tasks.description.${key}`)}
          title={t(`tasks.description.${key}`)}
          aria-pressed={active?.[key] ?? false}
          // Keep the editor's selection: the toolbar acts on it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (key === 'link' ? void editLink() : run(editor))}
        >
          <Icon size={14} aria-hidden />
        </button>
      ))}
    </div>
  );
}
