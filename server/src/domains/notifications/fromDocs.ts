import type { Reaction } from '../../core/commands';
import { readableSpaceContent } from '../../core/spaceContent';
import { findDocRow, type DocMentionsChanged } from '../docs';
import { line, notify } from './notify';

/**
 * MESSAGE_MENTION with `doc`: someone added an @mention of a person to a doc (the docs area's
 * `docMentions.changed`, recorded at most once per debounce window, never per keystroke). Each newly
 * mentioned person is told once, by the one who added the mention, while they may read the doc's space;
 * never the author. The chat's type, not one of its own: "mentioned you" reads the same, and the panel's
 * mentions filter and the per-type preferences then treat every mention alike.
 */
export const docMentionNotifications: Reaction = {
  name: 'notifications: mentioned in a doc',
  on: ['docMentions.changed'],
  async react(unit, event) {
    const change = event.payload as DocMentionsChanged;
    if (change.added.length === 0) return;
    const db = unit.transaction;
    const doc = await findDocRow(db, change.docId);
    if (!doc) return;
    const canRead = async (userId: string) => (await readableSpaceContent(db, doc.projectId, userId)) !== null;
    for (const mention of change.added) {
      await notify(
        unit,
        [mention.userId],
        {
          type: 'MESSAGE_MENTION',
          teamId: doc.teamId,
          authorId: mention.authorId,
          description: line(doc.title),
          projectId: doc.projectId,
          docId: doc.id,
        },
        canRead,
      );
    }
  },
};
