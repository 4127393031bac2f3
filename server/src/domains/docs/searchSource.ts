import { addedItem, placedNowhere, type SearchSource } from '../../core/searchSources';
import type { DocCreated, DocDeleted, DocEdited, DocEvent } from './events';

/** Docs in the search index: the title and emoji from the log (their text comes from the docs rooms, beside the log). */
export const docsSearchSource: SearchSource<DocEvent['type']> = {
  area: 'docs',
  changes: {
    'doc.created': (stored) => {
      const doc = stored.payload as DocCreated;
      const place = { ...placedNowhere, teamId: doc.teamId, spaceId: doc.projectId, emoji: doc.emoji };
      // The doc's text is indexed apart (setDocText: the docs rooms store it, it is not in the log).
      return [addedItem('doc', doc.docId, place, stored, doc.title, '')];
    },
    'doc.edited': (stored) => {
      const { docId, changes } = stored.payload as DocEdited;
      return [
        ...(changes.title !== undefined ? [{ type: 'setText', kind: 'doc', itemId: docId, title: changes.title } as const] : []),
        ...(changes.emoji !== undefined
          ? [{ type: 'setPlace', where: { kind: 'doc', itemId: docId }, set: { emoji: changes.emoji } } as const]
          : []),
      ];
    },
    'doc.deleted': (stored) => [{ type: 'remove', where: { kind: 'doc', itemId: (stored.payload as DocDeleted).docId } }],
  },
};
