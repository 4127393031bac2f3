/**
 * Descriptions are stored as Tiptap (ProseMirror) JSON. Tiptap is not installed yet, so the panel
 * edits them as plain text: reading flattens the tree to lines, writing sends one paragraph per
 * line (the server accepts exactly that shape). Formatting made elsewhere is kept until the text
 * itself is edited here.
 */
import type { RichNode } from './operations';

const blockTypes = new Set(['paragraph', 'heading', 'blockquote', 'codeBlock', 'listItem', 'taskItem', 'horizontalRule']);

function textOf(node: RichNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  if (node.type === 'mention') return `@${String(node.attrs?.label ?? '')}`;
  return (node.content ?? []).map(textOf).join('');
}

/** The lines of a description: one per block, lists flattened with a dash. */
export function descriptionToText(doc: RichNode | null): string {
  if (!doc) return '';
  const lines: string[] = [];
  const walk = (node: RichNode, inList: boolean) => {
    if (node.type === 'listItem' || node.type === 'taskItem') {
      const [first, ...rest] = node.content ?? [];
      lines.push(`- ${first ? textOf(first) : ''}`);
      for (const child of rest) walk(child, true);
      return;
    }
    if (blockTypes.has(node.type)) {
      lines.push(textOf(node));
      return;
    }
    for (const child of node.content ?? []) walk(child, inList || node.type.endsWith('List'));
  };
  walk(doc, false);
  return lines.join('\n');
}

/** Plain text as a Tiptap doc, one paragraph per line; null (no description) for blank text. */
export function textToDescription(text: string): RichNode | null {
  if (text.trim() === '') return null;
  return {
    type: 'doc',
    content: text.split(/\r?\n/).map((line) => (line.length > 0 ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
  };
}
