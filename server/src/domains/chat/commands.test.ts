import { describe, expect, it } from 'vitest';
import { errorMessages, formatErrorMessage } from '#shared/errors';
import { chatMessages } from '#shared/chatRules';
import {
  checkAttachment,
  decideDeleteMessage,
  decideEditMessage,
  decideMentionNotifications,
  decidePostMessage,
  decideReaction,
  decideRead,
  excerpt,
  mentionsIn,
  pageCursor,
  pageRequest,
  fileBelongsTo,
  validateEmoji,
  validateMessageInput,
  type MessageState,
} from './commands';
import { conversationFrom, conversationOf, refOf } from './conversation';

const ann = 'a00000000000000000000001';
const bob = 'b00000000000000000000002';
const cid = 'c00000000000000000000003';
const space = 'd00000000000000000000004';
const ref = refOf(conversationOf('project', space), space);
const everyone = () => true;

const message = (overrides: Partial<MessageState> = {}): MessageState => ({
  ...ref,
  id: 'e00000000000000000000005',
  teamId: 't',
  seq: 10,
  authorId: ann,
  type: 'text',
  body: 'hello',
  mentions: [],
  deleted: false,
  ...overrides,
});

const refusal = (code: string, text?: string) => expect.objectContaining({ code, ...(text ? { message: text } : {}) }) as unknown as Error;

describe('validateMessageInput', () => {
  it('trims the body and defaults to a text message', () => {
    expect(validateMessageInput({ body: '  hi there \r\n' })).toEqual({ body: 'hi there', type: 'text', clientId: null, fileId: null });
  });

  it('refuses an empty body, one over 20,000 characters and a 100 KB one', () => {
    expect(() => validateMessageInput({ body: ' \n\t ' })).toThrowError(
      refusal('MESSAGE_BODY_REQUIRED', errorMessages.MESSAGE_BODY_REQUIRED),
    );
    expect(() => validateMessageInput({ body: 'x'.repeat(20_001) })).toThrowError(
      refusal('MESSAGE_BODY_TOO_LONG', formatErrorMessage('MESSAGE_BODY_TOO_LONG', { maximum: 20_000 })),
    );
    expect(() => validateMessageInput({ body: 'x'.repeat(102_400) })).toThrowError(
      refusal('MESSAGE_BODY_TOO_LONG', formatErrorMessage('MESSAGE_BODY_TOO_LONG', { maximum: 20_000 })),
    );
    expect(validateMessageInput({ body: `  ${'x'.repeat(20_000)}  ` }).body).toHaveLength(20_000);
  });

  it('drops control characters but keeps the Markdown as written', () => {
    expect(validateMessageInput({ body: 'a\u0000b <script>x</script> [l](javascript:y)' }).body).toBe(
      'ab <script>x</script> [l](javascript:y)',
    );
  });

  it('refuses server-only types, a file message without a file, and long client ids', () => {
    expect(() => validateMessageInput({ body: 'x', type: 'system' })).toThrowError(
      refusal('MESSAGE_TYPE_NOT_ALLOWED', errorMessages.MESSAGE_TYPE_NOT_ALLOWED),
    );
    expect(() => validateMessageInput({ body: '', type: 'file' })).toThrowError(
      refusal('MESSAGE_FILE_REQUIRED', errorMessages.MESSAGE_FILE_REQUIRED),
    );
    expect(() => validateMessageInput({ body: '', type: 'file', file: '' })).toThrowError(
      refusal('MESSAGE_FILE_REQUIRED', errorMessages.MESSAGE_FILE_REQUIRED),
    );
    expect(() => validateMessageInput({ body: 'x', clientId: 'c'.repeat(65) })).toThrowError(
      refusal('CLIENT_ID_LENGTH', formatErrorMessage('CLIENT_ID_LENGTH', { minimum: 1, maximum: 64 })),
    );
    expect(validateMessageInput({ body: 'x', clientId: 'c'.repeat(64) }).clientId).toHaveLength(64);
  });
});

describe('attachments', () => {
  const file = { id: 'f00000000000000000000006', authorId: ann, projectId: space, taskId: null, privatId: null };

  it('makes a message with a file a file message, whose body may be empty', () => {
    expect(validateMessageInput({ body: '  ', file: file.id })).toEqual({ body: '', type: 'file', clientId: null, fileId: file.id });
    expect(validateMessageInput({ body: 'caption', type: 'text', file: file.id }).type).toBe('file');
  });

  it("accepts the author's own file of the same conversation only", () => {
    expect(checkAttachment(file, ref, ann)).toBe(file.id);
    expect(() => checkAttachment(undefined, ref, ann)).toThrowError(refusal('NOT_FOUND', chatMessages.fileNotFound));
    expect(() => checkAttachment(file, ref, bob)).toThrowError(refusal('PERMISSION_DENIED', chatMessages.fileNotYours));
    expect(() => checkAttachment({ ...file, projectId: cid }, ref, ann)).toThrowError(
      refusal('MESSAGE_FILE_ELSEWHERE', errorMessages.MESSAGE_FILE_ELSEWHERE),
    );
  });

  it("tells a space's own files from its tasks' and a private chat's", () => {
    const task = 'e00000000000000000000007';
    expect(fileBelongsTo({ projectId: space, taskId: task, privatId: null }, ref)).toBe(false);
    expect(fileBelongsTo({ projectId: space, taskId: task, privatId: null }, refOf(conversationOf('task', task), space))).toBe(true);
    expect(fileBelongsTo({ projectId: space, taskId: null, privatId: null }, refOf(conversationOf('task', task), space))).toBe(false);
    expect(fileBelongsTo({ projectId: null, taskId: null, privatId: cid }, refOf(conversationOf('privat', cid), null))).toBe(true);
    expect(fileBelongsTo({ projectId: null, taskId: null, privatId: cid }, refOf(conversationOf('meetingroom', cid), null))).toBe(false);
  });
});

describe('conversationFrom', () => {
  it('needs exactly one target', () => {
    expect(conversationFrom({ project: space, privat: null })).toEqual({ kind: 'project', id: space, key: `project:${space}` });
    expect(() => conversationFrom({})).toThrowError(refusal('ONE_CONVERSATION', errorMessages.ONE_CONVERSATION));
    expect(() => conversationFrom({ project: space, task: space })).toThrowError(
      refusal('ONE_CONVERSATION', errorMessages.ONE_CONVERSATION),
    );
  });

  it('refuses meeting invitations as not found until meetings exist', () => {
    expect(() => conversationFrom({ invitation: space })).toThrowError(refusal('NOT_FOUND', chatMessages.invitationNotFound));
  });
});

describe('mentions', () => {
  it('keeps readers other than the author, once each, in order', () => {
    const body = `@[Bob](${bob}) hi @[Ann](${ann}) @[Bob again](${bob}) @[Cid](${cid}) @[Broken](nope)`;
    expect(mentionsIn(body, ann, everyone)).toEqual([bob, cid]);
    expect(mentionsIn(body, ann, (userId) => userId !== cid)).toEqual([bob]);
  });

  it('notifies each recipient once with the message and a readable excerpt', () => {
    const decided = decideMentionNotifications(
      { ...ref, messageId: 'm', teamId: 't', authorId: ann, body: `Hey @[Bob](${bob}),\n\nlook` },
      [bob],
      () => 'n1',
    );
    expect([...decided.keys()]).toEqual([bob]);
    expect(decided.get(bob)![0]!.payload).toMatchObject({
      type: 'MESSAGE_MENTION',
      userId: bob,
      projectId: space,
      messageId: 'm',
      description: 'Hey @Bob, look',
    });
    expect(excerpt('y'.repeat(200))).toHaveLength(140);
  });
});

describe('decidePostMessage', () => {
  const command = {
    messageId: 'm1',
    authorId: ann,
    body: `hi @[Bob](${bob})`,
    type: 'text' as const,
    clientId: 'c1',
    replyToId: null,
    fileId: null,
  };

  it('records the message with the mentions that may be told', () => {
    const [event] = decidePostMessage(command, ref, undefined, everyone);
    expect(event).toEqual({
      type: 'message.created',
      payload: {
        ...ref,
        messageId: 'm1',
        body: command.body,
        type: 'text',
        fileId: null,
        replyToId: null,
        clientId: 'c1',
        mentions: [bob],
      },
    });
  });

  it('records the attached file', () => {
    const [event] = decidePostMessage({ ...command, body: '', type: 'file', fileId: 'f1' }, ref, undefined, everyone);
    expect(event?.payload).toMatchObject({ type: 'file', fileId: 'f1', body: '', mentions: [] });
  });

  it('replies only to a live message of the same conversation', () => {
    expect(decidePostMessage({ ...command, replyToId: 'q' }, ref, message({ id: 'q' }), everyone)).toHaveLength(1);
    const other = refOf(conversationOf('privat', cid), null);
    for (const quoted of [undefined, message({ deleted: true }), message({ ...other })]) {
      expect(() => decidePostMessage({ ...command, replyToId: 'q' }, ref, quoted, everyone)).toThrowError(
        refusal('NOT_FOUND', chatMessages.replyNotFound),
      );
    }
  });
});

describe('editing, deleting and reacting', () => {
  it('lets only the author edit, and records nothing when the body is the same', () => {
    expect(() => decideEditMessage(message(), bob, 'mine now', everyone)).toThrowError(
      refusal('PERMISSION_DENIED', chatMessages.editOwnOnly),
    );
    expect(() => decideEditMessage(message({ type: 'system' }), ann, 'x', everyone)).toThrowError(
      refusal('MESSAGE_EDIT_NOT_TEXT', errorMessages.MESSAGE_EDIT_NOT_TEXT),
    );
    expect(() => decideEditMessage(message({ deleted: true }), ann, 'x', everyone)).toThrowError(refusal('NOT_FOUND'));
    expect(decideEditMessage(message(), ann, ' hello ', everyone)).toEqual([]);
    expect(decideEditMessage(message(), ann, 'changed', everyone)[0]).toMatchObject({
      type: 'message.edited',
      payload: { body: 'changed', mentions: [] },
    });
  });

  it('lets the author or a moderator delete', () => {
    expect(decideDeleteMessage(message(), ann, { moderate: false })).toHaveLength(1);
    expect(decideDeleteMessage(message(), bob, { moderate: true })[0]!.payload).toMatchObject({ authorId: ann });
    expect(() => decideDeleteMessage(message(), bob, { moderate: false })).toThrowError(
      refusal('PERMISSION_DENIED', chatMessages.deleteNotAllowed),
    );
    expect(() => decideDeleteMessage(message({ deleted: true }), ann, { moderate: true })).toThrowError(refusal('NOT_FOUND'));
  });

  it('toggles reactions and checks the emoji', () => {
    expect(decideReaction(message(), bob, '👍', false)[0]!.payload).toMatchObject({ added: true, emoji: '👍' });
    expect(decideReaction(message(), bob, '👍', true)[0]!.payload).toMatchObject({ added: false });
    expect(validateEmoji(' 🎉 ')).toBe('🎉');
    for (const bad of ['', 'two words', '<b>', 'x'.repeat(33)])
      expect(() => validateEmoji(bad)).toThrowError(refusal('REACTION_EMOJI_INVALID', errorMessages.REACTION_EMOJI_INVALID));
  });
});

describe('read markers and pages', () => {
  it('records a read only when the marker moves forward', () => {
    expect(decideRead(ref, bob, 5, 5)).toEqual([]);
    expect(decideRead(ref, bob, 0, 0)).toEqual([]);
    expect(decideRead(ref, bob, 5, 9)).toEqual([{ type: 'chat.read', payload: { ...ref, userId: bob, seq: 9 } }]);
  });

  it('pages 50 by default and 1 to 100 on request', () => {
    expect(pageRequest({})).toEqual({ limit: 50, before: null });
    expect(pageRequest({ first: 100, before: 'm' })).toEqual({ limit: 100, before: 'm' });
    for (const first of [0, 101, 2.5])
      expect(() => pageRequest({ first })).toThrowError(
        refusal('MESSAGE_PAGE_SIZE', formatErrorMessage('MESSAGE_PAGE_SIZE', { maximum: 100 })),
      );
  });

  it('starts a page below a message of the same conversation only', () => {
    expect(pageCursor({ conversation: ref.conversation, seq: 42 }, ref.conversation)).toBe(42);
    expect(() => pageCursor({ conversation: 'privat:x', seq: 42 }, ref.conversation)).toThrowError(
      refusal('NOT_FOUND', chatMessages.beforeNotFound),
    );
    expect(() => pageCursor(undefined, ref.conversation)).toThrowError(refusal('NOT_FOUND'));
  });
});
