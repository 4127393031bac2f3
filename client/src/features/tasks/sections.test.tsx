// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, createAppStore } from '../../lib/store';
import { failure } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { dialogQueueAtom, settleDialog } from '../../ui/dialogStore';
import { toastsAtom } from '../../ui/toastStore';
import { taskFilterAtom } from './atoms';
import { boardTask, section } from './fixtures';
import { openTasks, testStates } from './testBoard';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  appStore.set(dialogQueueAtom, []);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const columnNames = () => screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));

async function openSectionMenu(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('section management', () => {
  it('deletes a section after asking which section receives its tasks', async () => {
    const { graphql } = await openTasks({ handlers: { deleteState: () => ({ data: { deleteState: testStates.slice(1) } }) } });
    await userEvent.click(within(await openSectionMenu('To do')).getByRole('menuitem', { name: 'Delete section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the section “To do”?' });
    expect(dialog.textContent).toContain('Its 2 tasks move to the section you choose.');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Move its tasks to' }), 's3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete section' }));
    await waitFor(() => expect(graphql.callsOf('deleteState')[0]?.variables).toEqual({ id: 's1', moveTo: 's3' }));
    await waitFor(() => expect(columnNames()).toEqual(['In progress', 'Done']));
    expect(within(screen.getByRole('region', { name: 'Done' })).getByText('Write the spec')).toBeTruthy();
  });

  it('moves a section right with one position write, and rolls it back when refused', async () => {
    const { graphql } = await openTasks({
      handlers: { updateStates: () => failure('PERMISSION_DENIED', 'Only admins reorder sections.') },
    });
    await userEvent.click(within(await openSectionMenu('To do')).getByRole('menuitem', { name: 'Move right' }));
    await waitFor(() => expect(graphql.callsOf('updateStates')[0]?.variables).toEqual({ ids: ['s1'], positions: [2560] }));
    await waitFor(() => expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Only admins reorder sections.'));
    expect(columnNames()).toEqual(['To do', 'In progress', 'Done']);
  });

  it('gives a section another icon', async () => {
    const { graphql } = await openTasks({
      handlers: { updateState: (variables) => ({ data: { updateState: { ...testStates[0], ...variables } } }) },
    });
    const menu = await openSectionMenu('To do');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Icon' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Icon 5' }));
    await waitFor(() => expect(graphql.callsOf('updateState')[0]?.variables).toEqual({ id: 's1', icon: 4 }));
  });

  it('adds a section at the end of the board', async () => {
    const { graphql } = await openTasks({
      handlers: { createState: (variables) => ({ data: { createState: section('s4', String(variables.value), 4096) } }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    const dialog = appStore.get(dialogQueueAtom)[0]!;
    expect(dialog.options.title).toBe('New section');
    settleDialog(dialog.id, { confirmed: true, values: ['In review'] });
    await waitFor(() => expect(columnNames()).toEqual(['To do', 'In progress', 'Done', 'In review']));
    expect(graphql.callsOf('createState')[0]?.variables).toMatchObject({ value: 'In review', icon: 0 });
  });
});

describe('filters', () => {
  it('shows active filters as chips applied to the board, removable one by one or all at once', async () => {
    const store = createAppStore();
    store.set(taskFilterAtom, { tags: [], sprints: [], assignees: [], priorities: [3] });
    await openTasks({
      store,
      tasks: [
        boardTask({ id: 't1', name: 'Urgent one', priority: 3 }),
        boardTask({ id: 't2', name: 'Calm one', priority: 0, positionSection: 2048 }),
      ],
    });
    // The board resets filters of another space on load; set them again for this one.
    store.set(taskFilterAtom, { tags: [], sprints: [], assignees: ['unassigned'], priorities: [3] });
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Priority: Urgent')).toBeTruthy();
    expect(within(chips).getByText('Assignee: No assignee')).toBeTruthy();
    expect(screen.getAllByTestId('task-card').map((card) => card.textContent)).toEqual([expect.stringContaining('Urgent one')]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Urgent' }));
    await waitFor(() => expect(screen.getAllByTestId('task-card')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });
});
