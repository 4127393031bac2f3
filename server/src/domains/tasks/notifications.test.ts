import { describe, expect, it } from 'vitest';
import { decideTaskNotifications, type NotificationInput } from './notifications';

let counter = 0;
const input = (extra: Partial<NotificationInput>): NotificationInput => ({
  happening: { kind: 'updated', changedFields: ['name'] },
  task: { id: 'task', projectId: 'p1', teamId: 't1', idCode: 'ENG-1', name: 'Ship' },
  actorId: 'ann',
  followerIds: ['ann', 'bob', 'cid'],
  newAssigneeIds: [],
  canSee: (userId) => userId !== 'gone',
  newId: () => `n${(counter += 1)}`,
  ...extra,
});
const types = (decided: ReturnType<typeof decideTaskNotifications>) =>
  Object.fromEntries([...decided].map(([userId, events]) => [userId, events[0]!.payload.type]));

describe('task notifications', () => {
  it('tells followers but never the person who acted', () => {
    expect(types(decideTaskNotifications(input({})))).toEqual({ bob: 'TASK_UPDATED', cid: 'TASK_UPDATED' });
  });

  it('says TASK_STATE for a section change, and nothing for mere reordering', () => {
    expect(
      types(decideTaskNotifications(input({ happening: { kind: 'updated', changedFields: ['stateId', 'positionSection'] } }))),
    ).toEqual({ bob: 'TASK_STATE', cid: 'TASK_STATE' });
    expect(
      decideTaskNotifications(input({ happening: { kind: 'updated', changedFields: ['positionSection', 'positionAsignee'] } })).size,
    ).toBe(0);
  });

  it('invites new assignees once (INVITATION_TASK), instead of the follower notice', () => {
    const decided = decideTaskNotifications(input({ newAssigneeIds: ['bob', 'dan', 'ann'] }));
    expect(types(decided)).toEqual({ bob: 'INVITATION_TASK', dan: 'INVITATION_TASK', cid: 'TASK_UPDATED' });
    expect(decided.get('bob')![0]!.payload).toMatchObject({
      userId: 'bob',
      taskId: 'task',
      projectId: 'p1',
      teamId: 't1',
      authorId: 'ann',
      description: 'ENG-1 Ship',
    });
  });

  it('says TASK_MOVE and TASK_REMOVED, tells nobody when a task is created except its assignees, and skips who cannot see the space', () => {
    expect(types(decideTaskNotifications(input({ happening: { kind: 'moved' } })))).toEqual({ bob: 'TASK_MOVE', cid: 'TASK_MOVE' });
    expect(types(decideTaskNotifications(input({ happening: { kind: 'deleted' }, newAssigneeIds: ['dan'] })))).toEqual({
      bob: 'TASK_REMOVED',
      cid: 'TASK_REMOVED',
    });
    expect(
      types(
        decideTaskNotifications(input({ happening: { kind: 'created' }, followerIds: ['ann', 'bob'], newAssigneeIds: ['bob', 'gone'] })),
      ),
    ).toEqual({ bob: 'INVITATION_TASK' });
  });
});
