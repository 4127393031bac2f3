/**
 * Task descriptions are Tiptap (ProseMirror) JSON, stored as the server's `cleanDescription`
 * accepts them (server/src/domains/tasks/description.ts): the editor's schema below covers every
 * node and mark the server allows, so a description written elsewhere opens without losing a
 * part; what the editor writes back is trimmed to the server's shape (no null attributes, no
 * empty doc).
 */
import { Extension, Mark, mergeAttributes, Node, type Extensions, type JSONContent } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { Link } from '@tiptap/extension-link';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { jsonObject, type JsonValue } from '../../lib/graphqlDocument';
import type { RichNode } from './operations';

/** Links open only these: the same rule as the server's. */
const safeScheme = /^(https?:\/\/|mailto:)/i;
const anyScheme = /^[a-z][a-z0-9+.-]*:/i;

/** Whether a link target is allowed: http(s) or mailto. */
export function isSafeHref(href: string | null | undefined): boolean {
  return typeof href === 'string' && safeScheme.test(href.trim());
}

/**
 * A target typed by hand, made absolute: `example.com` becomes https://example.com, an address
 * becomes mailto:; anything with another scheme (javascript:, data:, ftp:) is refused with null.
 */
export function normalizeHref(typed: string): string | null {
  const href = typed.trim();
  if (href === '') return null;
  if (isSafeHref(href)) return href;
  if (anyScheme.test(href) || !/^[\p{L}\p{N}]/u.test(href)) return null;
  return /^[^\s/@]+@[^\s/@]+\.[^\s/@]+$/.test(href) ? `mailto:${href}` : `https://${href}`;
}

/**
 * The Link extension's `isAllowedUri`: autolink hands it what was typed (`example.com`,
 * `ada@example.com`) before adding the default protocol, pasted and loaded links their full href.
 */
export function isAllowedLinkUri(url: string): boolean {
  const trimmed = url.trim();
  if (anyScheme.test(trimmed)) return isSafeHref(trimmed);
  return /^[\p{L}\p{N}]/u.test(trimmed);
}

/** Colours of marks written elsewhere: plain colour values only, never arbitrary CSS. */
const cssColour = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;
const colourAttribute = {
  color: {
    default: null,
    parseHTML: (element: HTMLElement) => element.style.color || element.getAttribute('data-color') || null,
    renderHTML: (attributes: Record<string, unknown>) =>
      typeof attributes.color === 'string' && cssColour.test(attributes.color) ? { style: `color: ${attributes.color}` } : {},
  },
};

/** Highlighted text written elsewhere (no toolbar button here): kept and shown. */
const Highlight = Mark.create({
  name: 'highlight',
  addAttributes: () => colourAttribute,
  parseHTML: () => [{ tag: 'mark' }],
  renderHTML: ({ HTMLAttributes }) => ['mark', mergeAttributes(HTMLAttributes), 0],
});

/** Coloured text written elsewhere: kept and shown. */
const TextStyle = Mark.create({
  name: 'textStyle',
  addAttributes: () => colourAttribute,
  parseHTML: () => [{ tag: 'span[style*="color"]' }],
  renderHTML: ({ HTMLAttributes }) => ['span', mergeAttributes(HTMLAttributes), 0],
});

/** A mention written elsewhere (`@Ada`): an atom, kept and shown, not typed here. */
const Mention = Node.create({
  name: 'mention',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,
  addAttributes: () => ({ id: { default: null }, label: { default: null } }),
  parseHTML: () => [
    {
      tag: 'span[data-type="mention"]',
      getAttrs: (element) => ({ id: element.getAttribute('data-id'), label: element.getAttribute('data-label') }),
    },
  ],
  renderHTML: ({ node }) => [
    'span',
    { 'data-type': 'mention', 'data-id': String(node.attrs.id ?? ''), 'data-label': String(node.attrs.label ?? '') },
    `@${String(node.attrs.label ?? '')}`,
  ],
  renderText: ({ node }) => `@${String(node.attrs.label ?? '')}`,
});

const alignments = new Set(['left', 'center', 'right', 'justify']);

/** Paragraph and heading alignment written elsewhere: kept and shown. */
const TextAlign = Extension.create({
  name: 'textAlignAttribute',
  addGlobalAttributes: () => [
    {
      types: ['paragraph', 'heading'],
      attributes: {
        textAlign: {
          default: null,
          parseHTML: (element: HTMLElement) => (alignments.has(element.style.textAlign) ? element.style.textAlign : null),
          renderHTML: (attributes: Record<string, unknown>) =>
            typeof attributes.textAlign === 'string' && alignments.has(attributes.textAlign)
              ? { style: `text-align: ${attributes.textAlign}` }
              : {},
        },
      },
    },
  ],
});

/** The description editor's extensions: StarterKit's Markdown input rules, links, task lists, a placeholder. */
export function descriptionExtensions(placeholder: string): Extensions {
  return [
    // The Link extension is configured on its own below; a trailing node would make every
    // description that ends in a list or heading look edited on load.
    StarterKit.configure({ link: false, trailingNode: false, heading: { levels: [1, 2, 3] } }),
    Link.configure({
      // http, https and mailto are linkify's own schemes: no custom one to register.
      protocols: [],
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // A click in the editor places the caret; the panel opens links itself, without an opener.
      openOnClick: false,
      isAllowedUri: (url) => isAllowedLinkUri(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Placeholder.configure({ placeholder }),
    Image,
    Mention,
    Highlight,
    TextStyle,
    TextAlign,
  ];
}

type Attributes = NonNullable<RichNode['attrs']>;

function cleanAttributes(attrs: Record<string, unknown> | undefined): Attributes | undefined {
  if (!attrs) return undefined;
  const kept: Attributes = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      kept[name] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function toRichNode(node: JSONContent): RichNode {
  const rich: RichNode = { type: node.type ?? 'paragraph' };
  const attrs = cleanAttributes(node.attrs);
  if (attrs) rich.attrs = attrs;
  if (node.text !== undefined) rich.text = node.text;
  if (node.marks && node.marks.length > 0) {
    // A link is stored by its target alone (rel and target are the editor's to add), and only a safe one.
    const marks = node.marks
      .filter((mark) => mark.type !== 'link' || isSafeHref(mark.attrs?.href))
      .map((mark) => {
        const markAttrs = cleanAttributes(mark.type === 'link' ? { href: mark.attrs?.href } : mark.attrs);
        return markAttrs ? { type: mark.type, attrs: markAttrs } : { type: mark.type };
      });
    if (marks.length > 0) rich.marks = marks;
  }
  if (node.content && node.content.length > 0) rich.content = node.content.map(toRichNode);
  return rich;
}

/** A description as the server sends it (the schema's JSON) read as rich text; what is not a node is left out. */
export function richTextOf(value: JsonValue | null | undefined): RichNode | null {
  const node = jsonObject(value ?? undefined);
  if (typeof node.type !== 'string') return null;
  const rich: RichNode = { type: node.type };
  const attrs = cleanAttributes(jsonObject(node.attrs));
  if (attrs) rich.attrs = attrs;
  if (typeof node.text === 'string') rich.text = node.text;
  if (Array.isArray(node.marks)) {
    const marks = node.marks.flatMap((value) => {
      const mark = jsonObject(value);
      if (typeof mark.type !== 'string') return [];
      const markAttrs = cleanAttributes(jsonObject(mark.attrs));
      return [markAttrs ? { type: mark.type, attrs: markAttrs } : { type: mark.type }];
    });
    if (marks.length > 0) rich.marks = marks;
  }
  if (Array.isArray(node.content)) {
    const content = node.content.flatMap((child) => richTextOf(child) ?? []);
    if (content.length > 0) rich.content = content;
  }
  return rich;
}

const isBlank = (doc: RichNode) => !doc.content || doc.content.every((block) => block.type === 'paragraph' && !block.content);

/** The editor's document as the server stores it: null attributes dropped, null for an empty description. */
export function storedDescription(doc: JSONContent): RichNode | null {
  const rich = toRichNode(doc);
  return isBlank(rich) ? null : rich;
}

/** Whether two stored descriptions say the same. */
export function sameDescription(left: RichNode | null, right: RichNode | null): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
