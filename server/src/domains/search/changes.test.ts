import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../core/eventFixtures';
import type { StoredEvent } from '../../core/events';
import type { IndexChange } from '../../core/searchSources';
import { indexChangesFrom, indexChangesOf, searchSources } from './changes';

const createdAt = '2026-05-01T10:00:00.000Z';

describe('indexChangesOf', () => {
  it('adds a task with its code, its description as text, and itself as the task its thread and files follow', () => {
    const event = storedEvent(
      'task.created',
      {
        taskId: 'task-1',
        teamId: 'team-1',
        projectId: 'space-1',
        idCode: 'T-4',
        name: 'Fix the login',
        description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Sessions expire' }] }] },
      },
      { createdAt },
    );
    expect(indexChangesOf(event)).toEqual([
      {
        type: 'add',
        item: {
          kind: 'task',
          itemId: 'task-1',
          teamId: 'team-1',
          spaceId: 'space-1',
          privatId: null,
          taskId: 'task-1',
          meetingroomId: null,
          code: 'T-4',
          emoji: null,
          folderId: null,
          createdAt,
          title: 'Fix the login',
          body: 'Sessions expire',
        },
      },
    ]);
  });

  it('changes only what an update names, and nothing for an update of other fields', () => {
    expect(indexChangesOf(storedEvent('task.updated', { taskId: 'task-1', changes: { name: 'Renamed' } }))).toEqual([
      { type: 'setText', kind: 'task', itemId: 'task-1', title: 'Renamed' },
    ]);
    expect(indexChangesOf(storedEvent('task.updated', { taskId: 'task-1', changes: { stateId: 'done' } }))).toEqual([]);
    expect(
      indexChangesOf(storedEvent('file.updated', { fileId: 'file-1', projectId: 'space-1', changes: { name: 'a.pdf', folderId: null } })),
    ).toEqual([
      { type: 'setText', kind: 'file', itemId: 'file-1', title: 'a.pdf' },
      { type: 'setPlace', where: { kind: 'file', itemId: 'file-1' }, set: { folderId: null } },
    ]);
  });

  it('moves a task with its thread and files, and removes a task or a space with everything in it', () => {
    expect(indexChangesOf(storedEvent('task.moved', { taskId: 'task-1', toProjectId: 'space-2', idCode: 'B-1' }))).toEqual([
      { type: 'setPlace', where: { taskId: 'task-1' }, set: { spaceId: 'space-2' } },
      { type: 'setPlace', where: { kind: 'task', itemId: 'task-1' }, set: { code: 'B-1' } },
    ]);
    expect(indexChangesOf(storedEvent('task.deleted', { taskId: 'task-1' }))).toEqual([{ type: 'remove', where: { taskId: 'task-1' } }]);
    expect(indexChangesOf(storedEvent('project.deleted', { projectId: 'space-2' }))).toEqual([
      { type: 'remove', where: { spaceId: 'space-2' } },
    ]);
    expect(indexChangesOf(storedEvent('folder.deleted', { folderId: 'folder-2', upfolderId: 'folder-1' }))).toEqual([
      { type: 'setPlace', where: { kind: 'file', folderId: 'folder-2' }, set: { folderId: 'folder-1' } },
    ]);
  });

  it('indexes text and file messages with words, and nothing else', () => {
    const message = (type: string, body: string) =>
      storedEvent(
        'message.created',
        { messageId: 'message-1', type, body, spaceId: null, privatId: 'chat-1', taskId: null, meetingroomId: null },
        { teamId: 'team-1', createdAt },
      );
    expect(indexChangesOf(message('text', 'hello there'))).toMatchObject([
      { type: 'add', item: { kind: 'message', itemId: 'message-1', teamId: 'team-1', privatId: 'chat-1', title: '', body: 'hello there' } },
    ]);
    expect(indexChangesOf(message('text', '   '))).toEqual([]);
    expect(indexChangesOf(message('call', 'Call started'))).toEqual([]);
    expect(indexChangesOf(storedEvent('team.renamed', { teamId: 'team-1', name: 'New' }))).toEqual([]);
  });

  it('adds a calendar event in no space with its title and description, follows its edits and removes it when deleted', () => {
    const created = storedEvent(
      'calendarEvent.created',
      {
        eventId: 'event-1',
        teamId: 'team-1',
        origin: 'local',
        authorId: 'user-1',
        calendarId: null,
        title: 'Quarterly review',
        description: 'Numbers and plans',
        recurring: 'weekly',
        rrule: 'FREQ=WEEKLY',
        people: [],
      },
      { createdAt },
    );
    expect(indexChangesOf(created)).toEqual([
      {
        type: 'add',
        item: {
          kind: 'event',
          itemId: 'event-1',
          teamId: 'team-1',
          spaceId: null,
          privatId: null,
          taskId: null,
          meetingroomId: null,
          code: null,
          emoji: null,
          folderId: null,
          createdAt,
          title: 'Quarterly review',
          body: 'Numbers and plans',
        },
      },
    ]);
    expect(indexChangesOf(storedEvent('calendarEvent.edited', { eventId: 'event-1', changes: { description: 'Only plans' } }))).toEqual([
      { type: 'setText', kind: 'event', itemId: 'event-1', body: 'Only plans' },
    ]);
    expect(indexChangesOf(storedEvent('calendarEvent.edited', { eventId: 'event-1', changes: { startAt: createdAt } }))).toEqual([]);
    expect(indexChangesOf(storedEvent('calendarEvent.deleted', { eventId: 'event-1', userIds: [], guests: [] }))).toEqual([
      { type: 'remove', where: { kind: 'event', itemId: 'event-1' } },
    ]);
    // A series is one item: one occurrence's own title or an answer changes nothing in the index.
    expect(
      indexChangesOf(storedEvent('calendarEvent.occurrenceChanged', { eventId: 'event-1', occurrenceStart: createdAt, title: 'Moved' })),
    ).toEqual([]);
    expect(indexChangesOf(storedEvent('calendarEvent.responded', { eventId: 'event-1', userId: 'user-2', response: 'accepted' }))).toEqual(
      [],
    );
  });

  it('has one source per area, each reading the event types it has handlers for', () => {
    expect(searchSources.map((source) => source.area)).toEqual(['teams', 'tasks', 'chat', 'files', 'docs', 'calendar']);
    expect(searchSources.map((source) => Object.keys(source.changes))).toEqual([
      ['project.deleted'],
      ['task.created', 'task.updated', 'task.moved', 'task.deleted'],
      ['message.created', 'message.edited', 'message.deleted'],
      ['file.created', 'file.updated', 'file.text_extracted', 'file.deleted', 'folder.deleted'],
      ['doc.created', 'doc.edited', 'doc.deleted'],
      ['calendarEvent.created', 'calendarEvent.edited', 'calendarEvent.deleted'],
    ]);
    // Types no source has a handler for change nothing (a follow, a doc's own updated event).
    expect(indexChangesOf(storedEvent('task.followed', { taskId: 'task-1', userId: 'user-1' }))).toEqual([]);
    expect(indexChangesOf(storedEvent('doc.updated', { docId: 'doc-1', projectId: 'space-1' }))).toEqual([]);
  });

  it('gives the changes of every source that reads a type, in the list order, and none for a type none reads', () => {
    const removeSpace = (stored: StoredEvent): IndexChange[] => [
      { type: 'remove', where: { spaceId: (stored.payload as { projectId: string }).projectId } },
    ];
    const renameDoc = (): IndexChange[] => [{ type: 'setText', kind: 'doc', itemId: 'doc-1', title: 'Archived' }];
    const compose = indexChangesFrom([
      { area: 'first', changes: { 'project.deleted': removeSpace } },
      { area: 'second', changes: { 'project.deleted': renameDoc, 'doc.created': renameDoc } },
    ]);
    expect(compose(storedEvent('project.deleted', { projectId: 'space-1' }))).toEqual([
      { type: 'remove', where: { spaceId: 'space-1' } },
      { type: 'setText', kind: 'doc', itemId: 'doc-1', title: 'Archived' },
    ]);
    expect(compose(storedEvent('doc.created', { docId: 'doc-1' }))).toEqual([
      { type: 'setText', kind: 'doc', itemId: 'doc-1', title: 'Archived' },
    ]);
    expect(compose(storedEvent('task.created', { taskId: 'task-1' }))).toEqual([]);
  });
});
