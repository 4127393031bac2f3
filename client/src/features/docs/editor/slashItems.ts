/** The slash menu: type "/" at the start of a word to turn the block into another type. */
import type { Editor, Range } from '@tiptap/core';

export type SlashItemId =
  | 'text'
  | 'heading1'
  | 'heading2'
  | 'heading3'
  | 'bulletList'
  | 'orderedList'
  | 'taskList'
  | 'quote'
  | 'codeBlock'
  | 'table'
  | 'divider'
  | 'image'
  | 'ai';

export interface SlashActions {
  /** Asks for an image to insert (the image dialog). */
  pickImage: () => void;
  /** Opens the AI writing tools' menu. */
  openAiWriting: () => void;
}

export interface SlashItem {
  id: SlashItemId;
  /** English words that also find the item, whatever the interface language. */
  keywords: readonly string[];
  run: (editor: Editor, range: Range, actions: SlashActions) => void;
}

const block = (editor: Editor, range: Range) => editor.chain().focus().deleteRange(range);

export const slashItems: readonly SlashItem[] = [
  { id: 'text', keywords: ['paragraph', 'plain'], run: (editor, range) => block(editor, range).setParagraph().run() },
  { id: 'heading1', keywords: ['h1', 'title'], run: (editor, range) => block(editor, range).setHeading({ level: 1 }).run() },
  { id: 'heading2', keywords: ['h2', 'subtitle'], run: (editor, range) => block(editor, range).setHeading({ level: 2 }).run() },
  { id: 'heading3', keywords: ['h3'], run: (editor, range) => block(editor, range).setHeading({ level: 3 }).run() },
  { id: 'bulletList', keywords: ['ul', 'unordered', 'bullet'], run: (editor, range) => block(editor, range).toggleBulletList().run() },
  { id: 'orderedList', keywords: ['ol', 'numbered'], run: (editor, range) => block(editor, range).toggleOrderedList().run() },
  { id: 'taskList', keywords: ['todo', 'checkbox', 'check'], run: (editor, range) => block(editor, range).toggleTaskList().run() },
  { id: 'quote', keywords: ['blockquote', 'citation'], run: (editor, range) => block(editor, range).setBlockquote().run() },
  { id: 'codeBlock', keywords: ['code', 'pre', 'snippet'], run: (editor, range) => block(editor, range).setCodeBlock().run() },
  {
    id: 'table',
    keywords: ['grid', 'rows', 'columns'],
    run: (editor, range) => block(editor, range).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  { id: 'divider', keywords: ['hr', 'rule', 'separator', 'line'], run: (editor, range) => block(editor, range).setHorizontalRule().run() },
  {
    id: 'image',
    keywords: ['picture', 'photo', 'media'],
    run: (editor, range, actions) => {
      block(editor, range).run();
      actions.pickImage();
    },
  },
  {
    id: 'ai',
    keywords: ['assistant', 'write', 'rewrite', 'translate', 'summarize'],
    run: (editor, range, actions) => {
      block(editor, range).run();
      actions.openAiWriting();
    },
  },
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The items whose translated title or English keywords contain the query, in menu order; one named exactly so ("/ai") first. */
export function filterSlashItems(
  query: string,
  titleOf: (id: SlashItemId) => string,
  items: readonly SlashItem[] = slashItems,
): SlashItem[] {
  const wanted = fold(query.trim());
  if (!wanted) return [...items];
  const found = items.filter((item) => [titleOf(item.id), item.id, ...item.keywords].some((word) => fold(word).includes(wanted)));
  const exact = found.filter((item) => item.id === wanted || fold(titleOf(item.id)) === wanted);
  return [...exact, ...found.filter((item) => !exact.includes(item))];
}
