/**
 * A chat composer as a writing target: its body (Markdown, mentions as @[Name](id)) or the selected part of it.
 * The result replaces the draft or the selection, or goes below it, in one transaction of the composer's
 * editor, so one Ctrl+Z brings the draft back.
 */
import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { TextSelection } from '@tiptap/pm/state';
import type { AiWritingAction } from '#shared/ai';
import { bodyOf, documentOf, offsetAt, positionAt } from '../../chat/composerDocument';
import type { ApplyMode } from './writingRequest';
import type { WritingTarget } from './useWritingTools';

export function composerScope(editor: Editor): 'selection' | 'wholeText' {
  return editor.state.selection.empty ? 'wholeText' : 'selection';
}

/** The new body for a result: what replaces which part of the old one, and where the caret ends. */
export function composedBody(
  body: string,
  selection: { start: number; end: number },
  result: string,
  mode: ApplyMode,
): { value: string; caret: number } {
  const trimmed = result.trim();
  if (mode === 'replace') {
    const value = body.slice(0, selection.start) + trimmed + body.slice(selection.end);
    return { value, caret: selection.start + trimmed.length };
  }
  if (mode === 'insertBelow') {
    const lineEnd = body.indexOf('\n', selection.end);
    const at = lineEnd === -1 ? body.length : lineEnd;
    const value = `${body.slice(0, at)}\n${trimmed}${body.slice(at)}`;
    return { value, caret: at + 1 + trimmed.length };
  }
  const before = body.slice(0, selection.end);
  const joiner = before && !/\s$/.test(before) && /^\p{L}/u.test(trimmed) ? ' ' : '';
  const value = before + joiner + trimmed + body.slice(selection.end);
  return { value, caret: before.length + joiner.length + trimmed.length };
}

export function composerWritingTarget(editor: Editor, action: AiWritingAction): WritingTarget {
  const { doc, selection } = editor.state;
  const body = bodyOf(doc);
  const whole = selection.empty && action !== 'continue';
  const start = whole ? 0 : offsetAt(doc, selection.from);
  const end = whole ? body.length : offsetAt(doc, selection.to);
  const before = body.slice(0, end);
  const text = action === 'continue' ? (selection.empty ? before : body.slice(start, end)) : body.slice(start, end);
  return {
    source: action === 'continue' ? { text, context: before } : { text },
    apply: (markdown, mode) => {
      if (editor.isDestroyed || !markdown.trim()) return false;
      // The draft may have changed since: the range is taken again from the same offsets, clamped to what is there now.
      const current = bodyOf(editor.state.doc);
      const from = Math.min(start, current.length);
      const to = Math.min(Math.max(end, from), current.length);
      const next = composedBody(current, { start: from, end: to }, markdown, mode);
      editor
        .chain()
        .focus()
        .command(({ tr, state }) => {
          // Its own undo step, never merged with the typing just before it.
          closeHistory(tr);
          const replacement = state.schema.nodeFromJSON(documentOf(next.value));
          tr.replaceWith(0, tr.doc.content.size, replacement.content);
          tr.setSelection(TextSelection.create(tr.doc, positionAt(tr.doc, next.caret)));
          return true;
        })
        .run();
      return true;
    },
    dispose: () => undefined,
    focus: () => {
      if (!editor.isDestroyed) editor.commands.focus();
    },
  };
}
