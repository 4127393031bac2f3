import type { Reaction } from '../../core/commands';
import { newId } from '../../core/ids';
import { findMeetingNotes } from '../../core/meetingNotes';
import type { CallEntryBody, VideocallFinished } from '../meetings';
import { conversationOf, refOf } from './conversation';
import { chatStream, type MessageEvent } from './events';

/**
 * A finished call of a private chat or of a space (its room) leaves one entry in that chat: a message of
 * type call whose body is JSON (CallEntryBody: the call, made / missed / cancelled, the talk duration).
 * The entry's author is whoever's leave finished the call; a call finished by a restart (no one) leaves none.
 */
export const finishedCallsLeaveAChatEntry: Reaction = {
  name: 'chat: a finished call of a private chat or a space leaves an entry in its chat',
  on: ['videocall.finished'],
  async react(unit, event) {
    const finished = event.payload as VideocallFinished;
    if (finished.outcome === undefined || unit.actorId === null) return;
    const conversation = finished.privatId
      ? conversationOf('privat', finished.privatId)
      : finished.projectId !== null
        ? conversationOf('project', finished.projectId)
        : null;
    if (!conversation) return;
    const body: CallEntryBody = {
      videocall: finished.videocallId,
      outcome: finished.outcome,
      durationMs: finished.durationMs ?? 0,
      startedBy: finished.startedBy ?? null,
    };
    // A space's room keeps its notes doc across calls: the entry links it so the notes are found from the chat afterwards.
    const notes =
      finished.projectId !== null && !finished.privatId ? await findMeetingNotes(unit.transaction, finished.meetingroomId) : null;
    if (notes) body.notes = { doc: notes.docId, project: notes.projectId };
    const created: MessageEvent = {
      type: 'message.created',
      payload: {
        ...refOf(conversation, conversation.kind === 'project' ? conversation.id : null),
        messageId: newId(unit.now.getTime()),
        body: JSON.stringify(body),
        type: 'call',
        fileId: null,
        replyToId: null,
        clientId: null,
        mentions: [],
      },
    };
    await unit.append(chatStream(conversation.key), [created], { teamId: finished.teamId });
  },
};
