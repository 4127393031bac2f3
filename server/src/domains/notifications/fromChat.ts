import type { Reaction } from '../../core/commands';
import { conversationReaders, findMessage, messageExcerpt, parseConversationKey, type MessageCreated } from '../chat';
import { notify } from './notify';

/**
 * ANSWER_CREATED: a reply to your message, in any conversation you may still read. Someone the reply
 * mentions was told already (MESSAGE_MENTION), and nobody is told of their own reply to themselves.
 */
export const answerNotifications: Reaction = {
  name: 'notifications: a reply to your message',
  on: ['message.created'],
  async react(unit, event) {
    const message = event.payload as MessageCreated;
    if (!message.replyToId || event.teamId === null) return;
    const db = unit.transaction;
    const replied = await findMessage(db, message.replyToId);
    if (!replied || replied.deletedAt !== null || message.mentions.includes(replied.authorId)) return;
    const canRead = await conversationReaders(db, parseConversationKey(message.conversation), [replied.authorId]);
    await notify(
      unit,
      [replied.authorId],
      {
        type: 'ANSWER_CREATED',
        teamId: event.teamId,
        authorId: event.actorId,
        description: messageExcerpt(message.body),
        projectId: message.projectId ?? message.spaceId,
        taskId: message.taskId,
        privatId: message.privatId,
        meetingroomId: message.meetingroomId,
        messageId: message.messageId,
      },
      canRead,
    );
  },
};
