/**
 * Applying a result to the doc: its Markdown drawn by WritingMarkdown into a detached element, that element
 * parsed by the editor's own schema (whatever the schema has no node for becomes text), and the slice put
 * in with ONE transaction. The doc's editor is bound to the Y.Doc, so the change reaches collaborators as
 * one Yjs update, and Collaboration's per-user undo takes it back in one step: the undo manager is told to
 * stop capturing before and after, so the change is never merged with the typing around it.
 */
import type { Editor } from '@tiptap/core';
import { DOMParser as ProseMirrorParser, Fragment, Slice, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { WritingMarkdown } from './WritingMarkdown';
import type { ApplyMode } from './writingRequest';

/** The result as DOM the editor parses: headings become h1-h6, the rest is the chat renderer's HTML. */
export function markdownElement(markdown: string): HTMLElement {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<WritingMarkdown source={markdown} />));
  const element = document.createElement('div');
  element.innerHTML = container.innerHTML;
  root.unmount();
  for (const heading of element.querySelectorAll<HTMLElement>('[role="heading"]')) {
    const level = Math.min(6, Math.max(1, Number(heading.dataset.level) || 1));
    const replacement = document.createElement(`h${level}`);
    replacement.innerHTML = heading.querySelector('p')?.innerHTML ?? heading.textContent ?? '';
    heading.replaceWith(replacement);
  }
  return element;
}

/** The result as a slice of the doc's schema (open at its ends, so a one-paragraph result joins the text around it). */
export function markdownSlice(editor: Editor, markdown: string): Slice {
  return ProseMirrorParser.fromSchema(editor.schema).parseSlice(markdownElement(markdown));
}

/** The part of the doc a tool was run on, kept current while the doc changes (collaborators keep typing). */
export interface DocRange {
  from: number;
  to: number;
}

function stopCapturing(editor: Editor): void {
  const undo = yUndoPluginKey.getState(editor.state) as { undoManager?: { stopCapturing: () => void } } | undefined;
  undo?.undoManager?.stopCapturing();
}

/** Where "insert below" puts the result: after the top-level block holding the range's end. */
function blockEnd(doc: ProseMirrorNode, position: number): number {
  const resolved = doc.resolve(Math.min(position, doc.content.size));
  return resolved.depth === 0 ? resolved.pos : resolved.after(1);
}

/**
 * The blocks a range covers whole (from the start of its first textblock to the end of its last, or the whole doc):
 * those are replaced as blocks, so no empty paragraph is left behind; null for a part of a paragraph.
 */
function wholeBlocks(doc: ProseMirrorNode, from: number, to: number): DocRange | null {
  if (from === 0 && to === doc.content.size) return { from, to };
  const start = doc.resolve(from);
  const end = doc.resolve(to);
  if (!start.parent.isTextblock || !end.parent.isTextblock || start.depth === 0 || end.depth === 0) return null;
  if (start.parentOffset !== 0 || end.parentOffset !== end.parent.content.size) return null;
  return { from: start.before(), to: end.after() };
}

/** Applies the result to the range in one transaction; false when there is nothing to apply. */
export function applyToDoc(editor: Editor, markdown: string, range: DocRange, mode: ApplyMode): boolean {
  const slice = markdownSlice(editor, markdown);
  if (slice.content.size === 0) return false;
  const { doc } = editor.state;
  const from = Math.max(0, Math.min(range.from, doc.content.size));
  const to = Math.max(from, Math.min(range.to, doc.content.size));
  const transaction = editor.state.tr;
  if (mode === 'replace') {
    const blocks = from < to && slice.content.firstChild?.isBlock ? wholeBlocks(doc, from, to) : null;
    if (blocks) transaction.replaceRange(blocks.from, blocks.to, new Slice(slice.content, 0, 0));
    else transaction.replaceRange(from, to, slice);
  } else if (mode === 'insertBelow') {
    const at = blockEnd(doc, to);
    const blocks = slice.content.firstChild?.isBlock
      ? slice.content
      : Fragment.from(editor.schema.nodes.paragraph!.create(null, slice.content));
    transaction.insert(at, blocks);
  } else {
    const before = doc.textBetween(Math.max(0, to - 1), to, '\n', '\n');
    const joined = before && !/\s/.test(before) && /^\p{L}/u.test(markdown.trimStart()) ? prependSpace(editor, slice) : slice;
    transaction.replaceRange(to, to, joined);
  }
  const end = transaction.mapping.map(to, 1);
  transaction.setSelection(TextSelection.near(transaction.doc.resolve(Math.min(end, transaction.doc.content.size))));
  stopCapturing(editor);
  editor.view.dispatch(transaction.scrollIntoView());
  stopCapturing(editor);
  editor.commands.focus();
  return true;
}

/** Continue writing right after a word: the result starts with a space. */
function prependSpace(editor: Editor, slice: Slice): Slice {
  const first = slice.content.firstChild;
  if (!first?.isTextblock || slice.openStart === 0) return slice;
  const spaced = first.copy(Fragment.from(editor.schema.text(' ')).append(first.content));
  return new Slice(slice.content.replaceChild(0, spaced), slice.openStart, slice.openEnd);
}
