/**
 * The composer's document and the message body it stands for. The editor holds one paragraph per
 * line, with text and mention chips only (no marks: Markdown stays literal text, as typed); the
 * body is those lines joined with "\n", each chip written as the token the server parses,
 * @[Name](userId). Offsets in the body and positions in the document map onto each other, so the
 * pure text edits of composerText.ts (bold, links, lists) apply to the body and land back in the
 * document with the selection where it belongs.
 */
import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

export const mentionNodeName = 'mention';

/** A token as the message renderer reads it: a name without brackets or line breaks, and an id. */
const mentionToken = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9_-]{1,64})\)/g;
export const mentionIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** What a chip shows and the token carries: brackets would end the token early, so they go (the server resolves the person by id). */
export function mentionLabel(person: { id: string; name: string }): string {
  return (
    person.name
      .replace(/[[\]\n]/g, '')
      .trim()
      .slice(0, 100) || person.id
  );
}

export function mentionText(attributes: { id: string; label: string }): string {
  return `@[${attributes.label}](${attributes.id})`;
}

function inlineText(node: ProseMirrorNode): string {
  if (node.type.name === mentionNodeName) return mentionText(node.attrs as { id: string; label: string });
  return node.text ?? '';
}

/** The message body the document stands for. */
export function bodyOf(doc: ProseMirrorNode): string {
  const lines: string[] = [];
  doc.forEach((paragraph) => {
    let line = '';
    paragraph.forEach((child) => {
      line += inlineText(child);
    });
    lines.push(line);
  });
  return lines.join('\n');
}

function lineContent(line: string): JSONContent[] {
  const content: JSONContent[] = [];
  let last = 0;
  for (const match of line.matchAll(mentionToken)) {
    if (match.index > last) content.push({ type: 'text', text: line.slice(last, match.index) });
    content.push({ type: mentionNodeName, attrs: { label: match[1]!, id: match[2]! } });
    last = match.index + match[0].length;
  }
  if (last < line.length) content.push({ type: 'text', text: line.slice(last) });
  return content;
}

/** The document of a body: one paragraph per line, tokens as chips. */
export function documentOf(body: string): JSONContent {
  return { type: 'doc', content: body.split('\n').map((line) => ({ type: 'paragraph', content: lineContent(line) })) };
}

/** The paragraphs of a pasted text, for the clipboard parser (same rules as documentOf). */
export function paragraphsOf(text: string): JSONContent[] {
  return documentOf(text.replace(/\r\n?/g, '\n')).content ?? [];
}

/** The body offset of a document position; a position inside nothing but a chip's edge maps to the token's edge. */
export function offsetAt(doc: ProseMirrorNode, position: number): number {
  let offset = 0;
  let found: number | null = null;
  doc.forEach((paragraph, paragraphStart, index) => {
    if (found !== null) return;
    if (index > 0) offset += 1;
    const contentStart = paragraphStart + 1;
    if (position <= contentStart) {
      found = offset;
      return;
    }
    let inner = contentStart;
    paragraph.forEach((child) => {
      if (found !== null) return;
      const length = inlineText(child).length;
      if (child.isText && position <= inner + child.nodeSize) {
        found = offset + (position - inner);
        return;
      }
      if (!child.isText && position <= inner) {
        found = offset;
        return;
      }
      offset += length;
      inner += child.nodeSize;
    });
    if (found === null && position <= paragraphStart + paragraph.nodeSize - 1) found = offset;
  });
  return found ?? offset;
}

/** The document position of a body offset; an offset inside a chip's token lands after the chip. */
export function positionAt(doc: ProseMirrorNode, target: number): number {
  let offset = 0;
  let found: number | null = null;
  doc.forEach((paragraph, paragraphStart, index) => {
    if (found !== null) return;
    if (index > 0) offset += 1;
    let inner = paragraphStart + 1;
    if (target <= offset) {
      found = inner;
      return;
    }
    paragraph.forEach((child) => {
      if (found !== null) return;
      const length = inlineText(child).length;
      if (target <= offset + length) {
        found = child.isText ? inner + (target - offset) : target === offset ? inner : inner + child.nodeSize;
        return;
      }
      offset += length;
      inner += child.nodeSize;
    });
    if (found === null && index === doc.childCount - 1) found = inner;
  });
  return found ?? Math.max(0, doc.content.size - 1);
}
