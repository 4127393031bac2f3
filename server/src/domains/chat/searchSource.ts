import { addedItem, placedNowhere, type SearchSource } from '../../core/searchSources';
import type { MessageCreated, MessageDeleted, MessageEdited, MessageEvent } from './events';

/** Messages people wrote (a text, or a file with its caption); calls, joins and other entries the app writes are not searched. */
const searchableMessageTypes = new Set(['text', 'file']);

/** Messages in the search index: their text, placed in their channel, task thread, private chat or meeting room. */
export const chatSearchSource: SearchSource<MessageEvent['type']> = {
  area: 'chat',
  changes: {
    'message.created': (stored) => {
      const message = stored.payload as MessageCreated;
      if (!searchableMessageTypes.has(message.type) || message.body.trim() === '') return [];
      const place = {
        ...placedNowhere,
        teamId: stored.teamId!,
        spaceId: message.spaceId,
        privatId: message.privatId,
        taskId: message.taskId,
        meetingroomId: message.meetingroomId,
      };
      return [addedItem('message', message.messageId, place, stored, '', message.body)];
    },
    'message.edited': (stored) => {
      const { messageId, body } = stored.payload as MessageEdited;
      return [{ type: 'setText', kind: 'message', itemId: messageId, body }];
    },
    'message.deleted': (stored) => [{ type: 'remove', where: { kind: 'message', itemId: (stored.payload as MessageDeleted).messageId } }],
  },
};
