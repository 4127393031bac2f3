import { codedError } from '../../errors';
import { isAllowedImage } from './covers';

/**
 * Task descriptions are Tiptap (ProseMirror) JSON, not HTML: there is no markup to sanitise, only a
 * tree to check. Node types are an allow-list (an unknown one is refused so nothing is silently
 * lost), attributes are kept only where listed and only as plain values, links keep only http(s)
 * and mailto targets, and images only the addresses covers may use. The client renders the tree
 * with Tiptap, which never turns JSON into raw HTML.
 */
const nodeAttributes: Readonly<Record<string, readonly string[]>> = {
  doc: [],
  paragraph: ['textAlign'],
  text: [],
  heading: ['level', 'textAlign'],
  bulletList: [],
  orderedList: ['start'],
  listItem: [],
  taskList: [],
  taskItem: ['checked'],
  blockquote: [],
  codeBlock: ['language'],
  horizontalRule: [],
  hardBreak: [],
  image: ['src', 'alt', 'title'],
  mention: ['id', 'label'],
};

const markAttributes: Readonly<Record<string, readonly string[]>> = {
  bold: [],
  italic: [],
  strike: [],
  underline: [],
  code: [],
  highlight: ['color'],
  textStyle: ['color'],
  link: ['href'],
};

const limits = { serializedCharacters: 200_000, depth: 24, nodes: 20_000, attributeCharacters: 2_000 } as const;

export interface RichNode {
  type: string;
  attrs?: Record<string, string | number | boolean | null>;
  content?: RichNode[];
  marks?: { type: string; attrs?: Record<string, string | number | boolean | null> }[];
  text?: string;
}

const invalid = () => codedError('DESCRIPTION_INVALID', { field: 'description' });
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function cleanAttributes(given: unknown, allowed: readonly string[]): Record<string, string | number | boolean | null> | undefined {
  if (!isRecord(given)) return undefined;
  const kept: Record<string, string | number | boolean | null> = {};
  for (const name of allowed) {
    const value = given[name];
    if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) kept[name] = value;
    else if (typeof value === 'string' && value.length <= limits.attributeCharacters) kept[name] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

const isSafeLink = (href: unknown) => typeof href === 'string' && /^(https?:\/\/|mailto:)/i.test(href.trim());

function cleanNode(given: unknown, depth: number, counter: { nodes: number }): RichNode | null {
  if (!isRecord(given) || typeof given.type !== 'string') throw invalid();
  const allowed = nodeAttributes[given.type];
  if (!allowed) throw codedError('DESCRIPTION_CONTENT_UNSUPPORTED', { params: { type: given.type.slice(0, 40) }, field: 'description' });
  counter.nodes += 1;
  if (depth > limits.depth || counter.nodes > limits.nodes) throw codedError('DESCRIPTION_TOO_LARGE', { field: 'description' });
  const node: RichNode = { type: given.type };
  const attrs = cleanAttributes(given.attrs, allowed);
  if (given.type === 'image' && !isAllowedImage(attrs?.src)) return null;
  if (attrs) node.attrs = attrs;
  if (given.type === 'text') {
    if (typeof given.text !== 'string' || given.text.length === 0) throw invalid();
    node.text = given.text;
  }
  if (given.content !== undefined) {
    if (!Array.isArray(given.content)) throw invalid();
    node.content = given.content.map((child) => cleanNode(child, depth + 1, counter)).filter((child): child is RichNode => child !== null);
  }
  if (given.marks !== undefined) {
    if (!Array.isArray(given.marks)) throw invalid();
    const marks = given.marks.flatMap((mark) => {
      if (!isRecord(mark) || typeof mark.type !== 'string' || !markAttributes[mark.type]) return [];
      const markAttrs = cleanAttributes(mark.attrs, markAttributes[mark.type]!);
      if (mark.type === 'link' && !isSafeLink(markAttrs?.href)) return [];
      return [markAttrs ? { type: mark.type, attrs: markAttrs } : { type: mark.type }];
    });
    if (marks.length > 0) node.marks = marks;
  }
  return node;
}

/** A plain string becomes paragraphs, one per line. */
function fromPlainText(text: string): RichNode | null {
  if (text.trim() === '') return null;
  return {
    type: 'doc',
    content: text
      .split(/\r?\n/)
      .map((line) => (line.length > 0 ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
  };
}

/** A description as stored: a checked and cleaned `doc` tree, or null for none. */
export function cleanDescription(given: unknown): RichNode | null {
  if (given === null || given === undefined) return null;
  if (JSON.stringify(given).length > limits.serializedCharacters) throw codedError('DESCRIPTION_TOO_LARGE', { field: 'description' });
  const tree = typeof given === 'string' ? fromPlainText(given) : cleanNode(given, 0, { nodes: 0 });
  if (tree === null) return null;
  if (tree.type !== 'doc') throw invalid();
  return tree.content && tree.content.length > 0 ? tree : null;
}

/** The words of a description, for search and for notifications. */
export function plainText(node: RichNode | null): string {
  if (node === null) return '';
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const inner = (node.content ?? []).map(plainText).join(node.type === 'doc' || node.type.endsWith('List') ? '\n' : '');
  return node.type === 'mention' ? `@${String(node.attrs?.label ?? '')}` : inner;
}
