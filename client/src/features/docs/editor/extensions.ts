/**
 * The doc editor's Tiptap extensions. The content lives in the session's Y.Doc (fragment
 * 'default', which the server's plain-text index reads), so undo/redo is Collaboration's yUndo:
 * per user, it never undoes a collaborator's typing. StarterKit's own undoRedo is off, as Tiptap
 * requires with Collaboration.
 */
import { Extension, type AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import Mention, { type MentionNodeAttrs } from '@tiptap/extension-mention';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { PluginKey } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { Suggestion } from '@tiptap/suggestion';
import { collabFragmentName } from '#shared/docs';
import type { CollabSession } from '../collab/session';
import { caretColor } from './caretColor';
import { isAppMediaPath } from './images';
import { isSafeLink, linkRel } from './links';
import { filterSlashItems, type SlashActions, type SlashItem, type SlashItemId } from './slashItems';
import type { SuggestionStore } from './suggestionStore';

export interface MentionItem extends MentionNodeAttrs {
  id: string;
  label: string;
}

export interface EditorDependencies {
  session: CollabSession;
  /** Shown on this user's caret to the others; null for public readers. */
  user: { name: string; color: string } | null;
  placeholder: string;
  suggestions: SuggestionStore;
  slashTitle: (id: SlashItemId) => string;
  slashActions: SlashActions;
  /** The space's members and tasks matching a query (already loaded, so the menus answer at once). */
  findPeople: (query: string) => MentionItem[];
  findTasks: (query: string) => MentionItem[];
  /** The space, for links to a mentioned task's panel. */
  project: string | null;
  /** The URL an image is shown from: its /media path for members, a signed URL on a public link. */
  resolveImage: (src: string) => Promise<string>;
}

/** Task mentions are links to the task's panel (SPEC §2: /:project/tasks/d/:task). */
export function taskPath(project: string, taskId: string): string {
  return `/${project}/tasks/d/${encodeURIComponent(taskId)}`;
}

function slashCommand({ suggestions, slashTitle, slashActions }: EditorDependencies) {
  return Extension.create({
    name: 'slashCommand',
    addProseMirrorPlugins() {
      return [
        Suggestion<SlashItem, SlashItem>({
          editor: this.editor,
          char: '/',
          pluginKey: new PluginKey('slashCommand'),
          // Inside code a slash is code, not a command.
          allow: ({ state, range }) => !state.doc.resolve(range.from).parent.type.spec.code,
          items: ({ query }) => filterSlashItems(query, slashTitle),
          command: ({ editor, range, props }) => props.run(editor, range, slashActions),
          render: suggestions.renderer<SlashItem>('slash', (item) => ({ key: item.id, label: slashTitle(item.id) })),
        }),
      ];
    },
  });
}

function mentions({ suggestions, findPeople, findTasks, project }: EditorDependencies) {
  const option = (item: MentionItem) => ({ key: item.id, label: item.label });
  return Mention.configure({
    HTMLAttributes: { class: 'doc-mention' },
    renderText: ({ node }) => `${node.attrs.mentionSuggestionChar ?? '@'}${node.attrs.label ?? node.attrs.id}`,
    renderHTML: ({ options, node }) => {
      const label = `${node.attrs.mentionSuggestionChar ?? '@'}${node.attrs.label ?? node.attrs.id}`;
      if (node.attrs.mentionSuggestionChar === '#' && project && node.attrs.id) {
        return ['a', { ...options.HTMLAttributes, href: taskPath(project, String(node.attrs.id)), 'data-task': node.attrs.id }, label];
      }
      return ['span', options.HTMLAttributes, label];
    },
    suggestions: [
      {
        char: '@',
        pluginKey: new PluginKey('mentionPeople'),
        items: ({ query }) => findPeople(query),
        render: suggestions.renderer<MentionItem>('person', option),
      },
      {
        char: '#',
        pluginKey: new PluginKey('mentionTasks'),
        items: ({ query }) => findTasks(query),
        render: suggestions.renderer<MentionItem>('task', option),
      },
    ],
  });
}

/**
 * Images show only from the app's own /media paths; any other src (synced from a modified client)
 * renders as nothing. The URL is resolved per viewer: a public reader needs a signed one.
 */
function appImages(resolveImage: EditorDependencies['resolveImage']) {
  return Image.configure({ inline: false, allowBase64: false }).extend({
    addNodeView() {
      return ({ node }) => {
        const dom = document.createElement('img');
        dom.className = 'doc-image';
        if (typeof node.attrs.alt === 'string') dom.alt = node.attrs.alt;
        const src = node.attrs.src as unknown;
        if (isAppMediaPath(typeof src === 'string' ? src : null)) {
          void resolveImage(src as string).then(
            (url) => {
              dom.src = url;
            },
            () => dom.setAttribute('data-broken', ''),
          );
        }
        return { dom };
      };
    },
  });
}

export function docExtensions(dependencies: EditorDependencies): AnyExtension[] {
  const { session, user, placeholder } = dependencies;
  return [
    StarterKit.configure({
      undoRedo: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        // http, https and mailto are linkify's own schemes. Registering one again (the option's
        // default is none) made linkify warn "already initialized" from the second editor on.
        protocols: [],
        HTMLAttributes: { rel: linkRel, target: '_blank' },
        isAllowedUri: (url) => isSafeLink(url),
        shouldAutoLink: (url) => isSafeLink(url.includes(':') ? url : `https://${url}`),
      },
    }),
    Placeholder.configure({ placeholder }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    appImages(dependencies.resolveImage),
    mentions(dependencies),
    slashCommand(dependencies),
    Collaboration.configure({ document: session.doc, field: collabFragmentName }),
    // A public reader's awareness is not relayed by the server, but it still sees the writers' carets.
    CollaborationCaret.configure({ provider: session.provider, user: user ?? { name: '', color: caretColor('') } }),
  ];
}
