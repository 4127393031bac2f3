import type { StoredEvent } from '../../core/events';
import { addedItem, placedNowhere, type IndexChange, type SearchSource } from '../../core/searchSources';
import type { MessageCreated, MessageDeleted, MessageEdited } from './events';

/** Messages people wrote (a text, or a file with its caption); calls, joins and other entries the app writes are not searched. */
const searchableMessageTypes = new Set(['text', 'file']);

function changesOf(stored: StoredEvent): IndexChange[] {
  switch (stored.type) {
    case 'message.created': {
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
    }
    case 'message.edited': {
      const { messageId, body } = stored.payload as MessageEdited;
      return [{ type: 'setText', kind: 'message', itemId: messageId, body }];
    }
    case 'message.deleted':
      return [{ type: 'remove', where: { kind: 'message', itemId: (stored.payload as MessageDeleted).messageId } }];
    default:
      return [];
  }
}

/** Messages in the search index: their text, placed in their channel, task thread, private chat or meeting room. */
export const chatSearchSource: SearchSource = {
  area: 'chat',
  eventTypes: ['message.created', 'message.edited', 'message.deleted'],
  changesOf,
};
