// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { currentUserAtom } from '../auth/session';
import { boardAtom } from './atoms';
import { boardTask, testProject } from './fixtures';
import type { BoardTask } from './operations';
import {
  acknowledgeEdit,
  forgetEdit,
  forgetPendingTaskEdits,
  markSent,
  pendingEditsOf,
  rememberEdit,
  replayPendingEdits,
} from './pendingEdits';

const user = 'u1';
const name = (value: string, base: string) => ({ taskId: 't1', project: testProject, field: 'name' as const, value, base });
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

function boardWith(task: BoardTask) {
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: user,
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    language: 'en',
    profileImg: null,
  });
  store.set(boardAtom, { project: testProject, states: [], tasks: new Map([[task.id, task]]), tags: [], status: 'ready', complete: true });
  return store;
}

/** A moment after every record written so far: replay treats them as left by an earlier page. */
const later = () => Date.now() + 1;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('records of unsaved edits', () => {
  it('keeps the base of the first unsaved keystroke and the latest value', () => {
    rememberEdit(user, name('Wri', 'Old'));
    rememberEdit(user, name('Write', 'Wri'));
    expect(pendingEditsOf(user, testProject)).toMatchObject([{ value: 'Write', base: 'Old' }]);
    expect(pendingEditsOf('someone-else', testProject)).toEqual([]);
    expect(pendingEditsOf(user, 'another-space')).toEqual([]);
  });

  it('goes once the server has the value, and rebases when more was typed meanwhile', () => {
    rememberEdit(user, name('Write', 'Old'));
    markSent(user, 't1', 'name', 'Write');
    rememberEdit(user, name('Write it', 'Old'));
    expect(pendingEditsOf(user, testProject)[0]).toMatchObject({ value: 'Write it', base: 'Old', sent: 'Write' });
    acknowledgeEdit(user, 't1', 'name', 'Write');
    expect(pendingEditsOf(user, testProject)[0]).toMatchObject({ value: 'Write it', base: 'Write' });
    expect(pendingEditsOf(user, testProject)[0]).not.toHaveProperty('sent');
    acknowledgeEdit(user, 't1', 'name', 'Write it');
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });

  it('forgets on request, on sign-out, and after a week', () => {
    rememberEdit(user, name('A', 'B'));
    forgetEdit(user, 't1', 'name');
    expect(pendingEditsOf(user, testProject)).toEqual([]);
    rememberEdit(user, name('A', 'B'));
    forgetPendingTaskEdits(user);
    expect(localStorage.length).toBe(0);
    rememberEdit(user, name('A', 'B'), Date.now() - 8 * 24 * 60 * 60 * 1000);
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });

  it('survives unreadable storage', () => {
    localStorage.setItem(`tasks.pendingEdits.${user}`, '{not json');
    expect(pendingEditsOf(user, testProject)).toEqual([]);
    rememberEdit(user, name('A', 'B'));
    expect(pendingEditsOf(user, testProject)).toHaveLength(1);
  });
});

describe('replay after a reload', () => {
  it('saves a rename an earlier page left unsaved, when the name is still the one it started from', async () => {
    const graphql = mockGraphQL({ ediTask: (variables) => ({ data: { ediTask: boardTask({ id: 't1', name: String(variables.name) }) } }) });
    const store = boardWith(boardTask({ id: 't1', name: 'Old' }));
    rememberEdit(user, name('Renamed just before the reload', 'Old'));
    await replayPendingEdits(store, testProject, later());
    expect(graphql.callsOf('ediTask').map((call) => call.variables)).toEqual([{ id: 't1', name: 'Renamed just before the reload' }]);
    expect(store.get(boardAtom).tasks.get('t1')?.name).toBe('Renamed just before the reload');
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });

  it('also builds on a save that was on its way when the page went', async () => {
    const graphql = mockGraphQL({ ediTask: (variables) => ({ data: { ediTask: boardTask({ id: 't1', name: String(variables.name) }) } }) });
    const store = boardWith(boardTask({ id: 't1', name: 'Write' }));
    rememberEdit(user, name('Write', 'Old'));
    markSent(user, 't1', 'name', 'Write');
    rememberEdit(user, name('Write it all', 'Old'));
    await replayPendingEdits(store, testProject, later());
    expect(graphql.callsOf('ediTask').map((call) => call.variables)).toEqual([{ id: 't1', name: 'Write it all' }]);
  });

  it('drops an edit a teammate overtook, or one the server already has, without writing', async () => {
    const graphql = mockGraphQL({});
    const store = boardWith(boardTask({ id: 't1', name: 'Their name' }));
    rememberEdit(user, name('Mine', 'Old'));
    await replayPendingEdits(store, testProject, later());
    rememberEdit(user, name('Their name', 'Old'));
    await replayPendingEdits(store, testProject, later());
    expect(graphql.callsOf('ediTask')).toEqual([]);
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });

  it('leaves edits typed on this page to their field', async () => {
    const graphql = mockGraphQL({});
    const store = boardWith(boardTask({ id: 't1', name: 'Old' }));
    rememberEdit(user, name('Still typing', 'Old'));
    await replayPendingEdits(store, testProject, Date.now() - 60_000);
    expect(graphql.callsOf('ediTask')).toEqual([]);
    expect(pendingEditsOf(user, testProject)).toHaveLength(1);
  });

  it('keeps the edit when the server cannot be reached, and drops it when the server refuses it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = boardWith(boardTask({ id: 't1', name: 'Old' }));
    rememberEdit(user, name('Offline rename', 'Old'));
    await replayPendingEdits(store, testProject, later());
    expect(pendingEditsOf(user, testProject)).toHaveLength(1);
    mockGraphQL({ ediTask: () => failure('BAD_USER_INPUT', 'Use at most 500 characters for the task name.') });
    await replayPendingEdits(store, testProject, later());
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });

  it('replays a value with the Idempotency-Key recorded before it left, the same one after every reload', async () => {
    const keys: (string | undefined)[] = [];
    let reachable = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['idempotency-key']);
        if (!reachable) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ data: { ediTask: boardTask({ id: 't1', name: 'Kept' }) } }));
      }),
    );
    const store = boardWith(boardTask({ id: 't1', name: 'Old' }));
    rememberEdit(user, name('Kept', 'Old'));
    await replayPendingEdits(store, testProject, later());
    const recorded = pendingEditsOf(user, testProject)[0]?.sentKey;
    expect(recorded).toMatch(/^[0-9a-f-]{36}$/);
    reachable = true;
    await replayPendingEdits(store, testProject, later());
    expect(keys).toEqual([recorded, recorded]);
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });

  it("gives the page's own save of a value one key, kept until another value is sent", () => {
    rememberEdit(user, name('One', 'Old'));
    const first = markSent(user, 't1', 'name', 'One');
    expect(markSent(user, 't1', 'name', 'One')).toBe(first);
    rememberEdit(user, name('One more', 'Old'));
    expect(pendingEditsOf(user, testProject)[0]?.sentKey).toBe(first);
    const second = markSent(user, 't1', 'name', 'One more');
    expect(second).not.toBe(first);
    acknowledgeEdit(user, 't1', 'name', 'One');
    expect(pendingEditsOf(user, testProject)[0]).not.toHaveProperty('sentKey');
  });

  it('saves a description the same way, reading the task for its current text', async () => {
    const graphql = mockGraphQL({
      getTask: () => ({
        data: {
          getTask: {
            ...boardTask({ id: 't1', name: 'Old' }),
            description: doc('Before'),
            createdAt: '2025-01-01T00:00:00.000Z',
            unread: 0,
            author: null,
          },
        },
      }),
      ediTask: () => ({ data: { ediTask: boardTask({ id: 't1', name: 'Old' }) } }),
    });
    const store = boardWith(boardTask({ id: 't1', name: 'Old' }));
    rememberEdit(user, { taskId: 't1', project: testProject, field: 'description', value: doc('After'), base: doc('Before') });
    await replayPendingEdits(store, testProject, later());
    expect(graphql.callsOf('ediTask').map((call) => call.variables)).toEqual([{ id: 't1', description: doc('After') }]);
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });

  it('drops edits of a task that is no longer on the board', async () => {
    const graphql = mockGraphQL({});
    const store = boardWith(boardTask({ id: 't2', name: 'Other' }));
    rememberEdit(user, name('Gone', 'Old'));
    await replayPendingEdits(store, testProject, later());
    expect(graphql.calls).toEqual([]);
    expect(pendingEditsOf(user, testProject)).toEqual([]);
  });
});
