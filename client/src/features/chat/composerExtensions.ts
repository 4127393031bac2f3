/**
 * The composer's editor: paragraphs of plain text (one per line) and mention chips, with undo and a
 * placeholder. No marks and no input rules: what the person types, Markdown included, is what is
 * sent. A chip is one atomic, non-editable node showing "@Name"; the arrow keys step over it and
 * Backspace or Delete removes it whole.
 */
import { mergeAttributes, Node, type Extensions } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { mentionIdPattern, mentionNodeName } from './composerDocument';

export interface MentionChipOptions {
  /** The chip's class (the composer's CSS module). */
  className: string;
}

export const MentionChip = Node.create<MentionChipOptions>({
  name: mentionNodeName,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,
  draggable: false,

  addOptions() {
    return { className: '' };
  },

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-mention'),
        renderHTML: (attributes) => ({ 'data-mention': attributes.id as string }),
      },
      label: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-label') ?? element.textContent?.replace(/^@/, '') ?? '',
        renderHTML: (attributes) => ({ 'data-label': attributes.label as string }),
      },
    };
  },

  // A chip copied in the composer, or a mention copied from a message, pastes as a chip.
  parseHTML() {
    return [
      {
        tag: 'span[data-mention]',
        getAttrs: (element) => (mentionIdPattern.test(element.getAttribute('data-mention') ?? '') ? null : false),
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, { class: this.options.className, contenteditable: 'false' }),
      `@${node.attrs.label as string}`,
    ];
  },

  renderText({ node }) {
    return `@${node.attrs.label as string}`;
  },

  addKeyboardShortcuts() {
    const removeBeside = (direction: 'before' | 'after') => () => {
      const { state, view } = this.editor;
      const { selection } = state;
      if (!selection.empty) return false;
      const node = direction === 'before' ? selection.$from.nodeBefore : selection.$from.nodeAfter;
      if (node?.type.name !== this.name) return false;
      const from = direction === 'before' ? selection.from - node.nodeSize : selection.from;
      view.dispatch(state.tr.delete(from, from + node.nodeSize).scrollIntoView());
      return true;
    };
    return { Backspace: removeBeside('before'), Delete: removeBeside('after') };
  },
});

/** Every starter-kit extension but the document, paragraphs, text and undo is off. */
const plainText = {
  blockquote: false,
  bold: false,
  bulletList: false,
  code: false,
  codeBlock: false,
  dropcursor: false,
  gapcursor: false,
  hardBreak: false,
  heading: false,
  horizontalRule: false,
  italic: false,
  listItem: false,
  listKeymap: false,
  link: false,
  orderedList: false,
  strike: false,
  trailingNode: false,
  underline: false,
} as const;

export function composerExtensions(options: { chipClassName: string; placeholder: () => string }): Extensions {
  return [
    StarterKit.configure(plainText),
    MentionChip.configure({ className: options.chipClassName }),
    Placeholder.configure({ placeholder: options.placeholder }),
  ];
}
