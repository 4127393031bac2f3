/**
 * The doc editor as a writing target: the selection, or the whole doc when nothing is selected; for continue,
 * the text before the caret. The range follows every change made meanwhile (a collaborator typing above it
 * moves it), so the result lands where it belongs; a range someone deleted is "gone".
 */
import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import type { AiWritingAction } from '#shared/ai';
import { applyToDoc, type DocRange } from './editorContent';
import type { WritingTarget } from './useWritingTools';

const blockSeparator = '\n\n';

/** What the tools will work on right now: the selection, or the whole text. */
export function docScope(editor: Editor): 'selection' | 'wholeText' {
  return editor.state.selection.empty ? 'wholeText' : 'selection';
}

export function docWritingTarget(editor: Editor, action: AiWritingAction): WritingTarget {
  const { doc, selection } = editor.state;
  const size = doc.content.size;
  let range: DocRange;
  let text: string;
  let context: string | undefined;
  if (action === 'continue') {
    const caret = selection.to;
    context = doc.textBetween(0, caret, blockSeparator);
    const block = selection.$to.parent.textBetween(0, selection.$to.parentOffset, blockSeparator);
    text = selection.empty ? block.trim() || context : doc.textBetween(selection.from, selection.to, blockSeparator);
    range = { from: caret, to: caret };
  } else if (selection.empty) {
    range = { from: 0, to: size };
    text = doc.textBetween(0, size, blockSeparator);
  } else {
    range = { from: selection.from, to: selection.to };
    text = doc.textBetween(selection.from, selection.to, blockSeparator);
  }
  const wasEmpty = range.from === range.to;
  // Mappable positions: through the editor's own steps, and through Yjs relative positions when a collaborator's
  // change arrives (the binding redraws the whole doc then, which a step mapping cannot follow).
  let from = editor.utils.createMappablePosition(range.from);
  let to = editor.utils.createMappablePosition(range.to);
  let gone = false;
  const follow = ({ transaction }: { transaction: Transaction }) => {
    if (!transaction.docChanged) return;
    from = editor.utils.getUpdatedPosition(from, transaction).position;
    to = editor.utils.getUpdatedPosition(to, transaction).position;
    range = { from: from.position, to: Math.max(from.position, to.position) };
    if (!wasEmpty && range.from === range.to) gone = true;
  };
  editor.on('transaction', follow);
  return {
    source: context === undefined ? { text } : { text, context },
    apply: (markdown, mode) => !editor.isDestroyed && applyToDoc(editor, markdown, range, mode),
    isGone: () => gone || editor.isDestroyed,
    dispose: () => editor.off('transaction', follow),
    focus: () => {
      if (!editor.isDestroyed) editor.commands.focus();
    },
  };
}
