import { describe, expect, it } from 'vitest';
import { storedEvent as event } from '../../core/eventFixtures';
import { concernsBoard } from './live';

const space = 'a'.repeat(24);
const otherSpace = 'b'.repeat(24);

describe("subTask's relevant events (concernsBoard)", () => {
  const concerns = concernsBoard(space);

  it('wakes the board for its own space: tasks, sections, tags, respacing, task files', () => {
    for (const type of [
      'task.created',
      'task.updated',
      'task.deleted',
      'task.followed',
      'state.created',
      'states.reordered',
      'tag.deleted',
      'tasks.respaced',
    ])
      expect(concerns(event(type, { projectId: space, taskId: 'task' })), type).toBe(true);
    expect(concerns(event('file.created', { projectId: space, taskId: 'task', fileId: 'file' }))).toBe(true);
    expect(concerns(event('file.deleted', { projectId: space, taskId: 'task', fileId: 'file' }))).toBe(true);
  });

  it('wakes both boards of a task moved between spaces', () => {
    const moved = event('task.moved', { taskId: 'task', fromProjectId: otherSpace, toProjectId: space });
    expect(concerns(moved)).toBe(true);
    expect(concernsBoard(otherSpace)(moved)).toBe(true);
    expect(concernsBoard('c'.repeat(24))(moved)).toBe(false);
  });

  it('wakes it for every event that may change who sees the space, of any space or of the team', () => {
    expect(concerns(event('project.updated', { projectId: otherSpace }))).toBe(true);
    expect(concerns(event('project.member_removed', { projectId: space, userId: 'someone' }))).toBe(true);
    expect(concerns(event('team.member_removed', { userId: 'someone' }))).toBe(true);
  });

  it('does not wake it for other boards, chat, files outside tasks, docs or calls', () => {
    for (const unrelated of [
      event('task.created', { projectId: otherSpace, taskId: 'task' }),
      event('state.created', { projectId: otherSpace, stateId: 'state' }),
      event('file.created', { projectId: otherSpace, taskId: 'task', fileId: 'file' }),
      event('file.created', { projectId: space, fileId: 'file' }),
      event('message.created', { projectId: space, messageId: 'message' }),
      event('chat.read', { projectId: space, userId: 'someone' }),
      event('doc.updated', { projectId: space, docId: 'doc' }),
      event('videocall.started', { projectId: space, videocallId: 'call' }),
      event('notification.created', { projectId: space, taskId: 'task', userId: 'someone' }),
    ])
      expect(concerns(unrelated), unrelated.type).toBe(false);
  });
});
