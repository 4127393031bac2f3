import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  Bold,
  Code,
  Columns3,
  Heading1,
  Heading2,
  Heading3,
  Image as ImageIcon,
  Italic,
  Link2,
  List,
  ListChecks,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  Rows3,
  SquareCode,
  Strikethrough,
  Table,
  TableColumnsSplit,
  TableRowsSplit,
  Trash2,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Editor.module.css';

interface ToolButton {
  key: string;
  label: string;
  icon: LucideIcon;
  run: () => void;
  active?: boolean;
  disabled?: boolean;
}

function Tool({ label, icon: Icon, run, active, disabled }: ToolButton) {
  return (
    <button
      type="button"
      className={styles.tool}
      aria-label={label}
      title={label}
      aria-pressed={active ?? undefined}
      disabled={disabled}
      // Keeps the editor's selection: a click would move the focus out of it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      <Icon size={15} aria-hidden />
    </button>
  );
}

/** The block and mark buttons above the editor; table tools appear while the caret is in a table. */
export function EditorToolbar({
  editor,
  onLink,
  onImage,
  extra,
}: {
  editor: Editor;
  onLink: () => void;
  onImage: () => void;
  /** A last group of the caller's own (the AI writing tools' menu). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      code: current.isActive('code'),
      link: current.isActive('link'),
      h1: current.isActive('heading', { level: 1 }),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      task: current.isActive('taskList'),
      quote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      table: current.isActive('table'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const groups: ToolButton[][] = [
    [
      { key: 'undo', label: t('docs.editor.undo'), icon: Undo2, run: () => chain().undo().run(), disabled: !state.canUndo },
      { key: 'redo', label: t('docs.editor.redo'), icon: Redo2, run: () => chain().redo().run(), disabled: !state.canRedo },
    ],
    [
      {
        key: 'h1',
        label: t('docs.slash.heading1'),
        icon: Heading1,
        run: () => chain().toggleHeading({ level: 1 }).run(),
        active: state.h1,
      },
      {
        key: 'h2',
        label: t('docs.slash.heading2'),
        icon: Heading2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
        active: state.h2,
      },
      {
        key: 'h3',
        label: t('docs.slash.heading3'),
        icon: Heading3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
        active: state.h3,
      },
    ],
    [
      { key: 'bold', label: t('docs.editor.bold'), icon: Bold, run: () => chain().toggleBold().run(), active: state.bold },
      { key: 'italic', label: t('docs.editor.italic'), icon: Italic, run: () => chain().toggleItalic().run(), active: state.italic },
      { key: 'strike', label: t('docs.editor.strike'), icon: Strikethrough, run: () => chain().toggleStrike().run(), active: state.strike },
      { key: 'code', label: t('docs.editor.code'), icon: Code, run: () => chain().toggleCode().run(), active: state.code },
      { key: 'link', label: t('docs.editor.link'), icon: Link2, run: onLink, active: state.link },
    ],
    [
      { key: 'bullet', label: t('docs.slash.bulletList'), icon: List, run: () => chain().toggleBulletList().run(), active: state.bullet },
      {
        key: 'ordered',
        label: t('docs.slash.orderedList'),
        icon: ListOrdered,
        run: () => chain().toggleOrderedList().run(),
        active: state.ordered,
      },
      { key: 'task', label: t('docs.slash.taskList'), icon: ListChecks, run: () => chain().toggleTaskList().run(), active: state.task },
      { key: 'quote', label: t('docs.slash.quote'), icon: Quote, run: () => chain().toggleBlockquote().run(), active: state.quote },
      {
        key: 'codeBlock',
        label: t('docs.slash.codeBlock'),
        icon: SquareCode,
        run: () => chain().toggleCodeBlock().run(),
        active: state.codeBlock,
      },
      { key: 'divider', label: t('docs.slash.divider'), icon: Minus, run: () => chain().setHorizontalRule().run() },
      { key: 'image', label: t('docs.slash.image'), icon: ImageIcon, run: onImage },
      {
        key: 'table',
        label: t('docs.slash.table'),
        icon: Table,
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        disabled: state.table,
      },
    ],
    state.table
      ? [
          { key: 'rowAfter', label: t('docs.editor.addRow'), icon: Rows3, run: () => chain().addRowAfter().run() },
          { key: 'rowDelete', label: t('docs.editor.deleteRow'), icon: TableRowsSplit, run: () => chain().deleteRow().run() },
          { key: 'columnAfter', label: t('docs.editor.addColumn'), icon: Columns3, run: () => chain().addColumnAfter().run() },
          { key: 'columnDelete', label: t('docs.editor.deleteColumn'), icon: TableColumnsSplit, run: () => chain().deleteColumn().run() },
          { key: 'tableDelete', label: t('docs.editor.deleteTable'), icon: Trash2, run: () => chain().deleteTable().run() },
        ]
      : [],
  ];
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('docs.editor.toolbar')}>
      {groups
        .filter((group) => group.length > 0)
        .map((group, index) => (
          <div key={index} className={styles.toolGroup}>
            {group.map(({ key, ...tool }) => (
              <Tool key={key} {...tool} />
            ))}
          </div>
        ))}
      {extra && <div className={styles.toolGroup}>{extra}</div>}
    </div>
  );
}
