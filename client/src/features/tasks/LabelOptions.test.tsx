// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { setupAppI18n } from '../../test/i18n';
import { toastsAtom } from '../../ui/toastStore';
import { boardTask, testProject } from './fixtures';
import type { BoardTask, Tag } from './operations';
import { openTasks } from './testBoard';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const task = boardTask({ id: 't1', name: 'Write the spec', idCode: 'ENG-1' });

function serverWith(tags: Tag[]) {
  const byId = new Map<string, BoardTask>([[task.id, task]]);
  const known = [...tags];
  return {
    getTags: () => ({ data: { getTags: known } }),
    setTag: (variables: Record<string, unknown>) => {
      const created = {
        id: `tag-${known.length + 1}`,
        name: String(variables.name),
        color: String(variables.color),
        isSprint: variables.isSprint === true,
        project: testProject,
      };
      known.push(created);
      return { data: { setTag: created } };
    },
    ediTask: (variables: Record<string, unknown>) => {
      const current = byId.get(String(variables.id))!;
      const tagsById = new Map(known.map((tag) => [tag.id, { id: tag.id, name: tag.name, color: tag.color }]));
      const next: BoardTask = {
        ...current,
        ...(Array.isArray(variables.tags) ? { tags: (variables.tags as string[]).map((id) => tagsById.get(id)!) } : {}),
        ...('sprint' in variables ? { sprint: variables.sprint ? tagsById.get(String(variables.sprint))! : null } : {}),
      };
      byId.set(next.id, next);
      return { data: { ediTask: next } };
    },
  };
}

async function openPanel(tags: Tag[] = []) {
  const opened = await openTasks({ tasks: [task], handlers: serverWith(tags), path: `/${testProject}/tasks/d/${task.id}` });
  return { ...opened, panel: await screen.findByRole('complementary', { name: 'Task details' }) };
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  appStore.set(toastsAtom, []);
  vi.unstubAllGlobals();
});

describe('tag picker', () => {
  it('creates a tag from a typed name when the space has none, and puts it on the task', async () => {
    const { graphql, panel } = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add a tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of ENG-1' });
    expect(dialog.textContent).toContain('No tags yet. Type a name to create one.');
    const field = within(dialog).getByRole('textbox', { name: 'Find or create a tag' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await userEvent.type(field, 'Backend');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag “Backend”' }));
    await waitFor(() =>
      expect(graphql.callsOf('setTag')[0]?.variables).toMatchObject({ project: testProject, name: 'Backend', isSprint: false }),
    );
    await waitFor(() => expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', tags: ['tag-1'] }));
    expect(await within(dialog).findByRole('button', { name: 'Backend', pressed: true })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel).getByRole('list', { name: 'Tags' }).textContent).toContain('Backend');
  });

  it('toggles an existing tag with Enter instead of creating a second one of the same name', async () => {
    const { graphql } = await openPanel([{ id: 'tag-1', name: 'Backend', color: '#5E6AD2', isSprint: false, project: testProject }]);
    await userEvent.click(screen.getByRole('button', { name: 'Add a tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of ENG-1' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Find or create a tag' }), 'backend');
    expect(within(dialog).queryByRole('button', { name: /Create tag/ })).toBeNull();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', tags: ['tag-1'] }));
    expect(graphql.callsOf('setTag')).toHaveLength(0);
  });

  it('does not offer a name a sprint already has, and says why', async () => {
    const { graphql } = await openPanel([{ id: 'sprint-1', name: 'Week 1', color: '#5E6AD2', isSprint: true, project: testProject }]);
    await userEvent.click(screen.getByRole('button', { name: 'Add a tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of ENG-1' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Find or create a tag' }), 'week 1{Enter}');
    expect(within(dialog).queryByRole('button', { name: /Create tag/ })).toBeNull();
    expect(within(dialog).getByRole('status').textContent).toBe('A tag or sprint of this space already has this name.');
    expect(graphql.callsOf('setTag')).toHaveLength(0);
  });
});

describe('sprint picker', () => {
  it('creates a sprint by name, sets it on the task and closes', async () => {
    const { graphql, panel } = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Sprint No sprint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sprint of ENG-1' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Find or create a sprint' }), 'Week 2{Enter}');
    await waitFor(() => expect(graphql.callsOf('setTag')[0]?.variables).toMatchObject({ name: 'Week 2', isSprint: true }));
    await waitFor(() => expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', sprint: 'tag-1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel).getByRole('button', { name: 'Sprint Week 2' })).toBeTruthy();
  });

  it('clears the sprint with "No sprint"', async () => {
    const sprint = { id: 'sprint-1', name: 'Week 1', color: '#5E6AD2', isSprint: true, project: testProject };
    const opened = await openTasks({
      tasks: [{ ...task, sprint: { id: sprint.id, name: sprint.name, color: sprint.color } }],
      handlers: {
        ...serverWith([sprint]),
        ediTask: (variables) => ({ data: { ediTask: { ...task, sprint: variables.sprint ? task.sprint : null } } }),
      },
      path: `/${testProject}/tasks/d/${task.id}`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sprint Week 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sprint of ENG-1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No sprint' }));
    await waitFor(() => expect(opened.graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', sprint: null }));
  });
});
