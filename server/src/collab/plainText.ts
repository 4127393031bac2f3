import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';

type Node = Y.XmlElement | Y.XmlText | Y.XmlHook;

/** Inline nodes that stand for text: a mention shows as @label, a hard break as a new line. */
function inlineText(element: Y.XmlElement): string {
  if (element.nodeName === 'hardBreak') return '\n';
  if (element.nodeName === 'mention') {
    const label = element.getAttribute('label') ?? element.getAttribute('id');
    return typeof label === 'string' ? `@${label}` : '';
  }
  return element
    .toArray()
    .map((child) => (child instanceof Y.XmlText ? textOf(child) : child instanceof Y.XmlElement ? inlineText(child) : ''))
    .join('');
}

const textOf = (text: Y.XmlText) =>
  text
    .toDelta()
    .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('');

/**
 * A block holding text (paragraph, heading, code block, table cell's paragraph) is one line;
 * a block holding blocks (lists, quotes, tables) gives the lines of its children, in order.
 */
function collectLines(children: readonly Node[], lines: string[]): void {
  for (const child of children) {
    if (child instanceof Y.XmlText) {
      lines.push(textOf(child));
      continue;
    }
    if (!(child instanceof Y.XmlElement)) continue;
    const grandchildren = child.toArray() as Node[];
    if (grandchildren.some((node) => node instanceof Y.XmlText)) lines.push(inlineText(child));
    else collectLines(grandchildren, lines);
  }
}

/** The doc's text as Tiptap's Collaboration extension stores it (fragment 'default'), one line per block. */
export function plainTextOf(doc: Y.Doc, fragmentName = collabFragmentName): string {
  const lines: string[] = [];
  collectLines(doc.getXmlFragment(fragmentName).toArray() as Node[], lines);
  return lines
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** The `src` of every image node in the doc (Tiptap's Image extension), for checks on public links. */
export function imageSourcesOf(doc: Y.Doc, fragmentName = collabFragmentName): Set<string> {
  const sources = new Set<string>();
  const visit = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (!(node instanceof Y.XmlElement)) continue;
      const src = node.nodeName === 'image' ? node.getAttribute('src') : undefined;
      if (typeof src === 'string') sources.add(src);
      visit(node.toArray() as Node[]);
    }
  };
  visit(doc.getXmlFragment(fragmentName).toArray() as Node[]);
  return sources;
}
