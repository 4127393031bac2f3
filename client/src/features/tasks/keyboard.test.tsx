// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { singleKeyShortcutsAtom } from '../../lib/shortcutPreference';
import { appStore } from '../../lib/store';
import { setupAppI18n } from '../../test/i18n';
import { toastsAtom } from '../../ui/toastStore';
import { focusedTaskIdAtom } from './atoms';
import { testProject } from './fixtures';
import { defaultTasks, openTasks } from './testBoard';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const focusedName = () => document.activeElement?.textContent;

describe('tasks keyboard', () => {
  it('moves focus through cards with j, k and the arrows, across columns with l and h', async () => {
    await openTasks();
    await userEvent.keyboard('j');
    expect(focusedName()).toBe('Write the spec');
    await userEvent.keyboard('j');
    expect(focusedName()).toBe('Review the spec');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('Review the spec');
    await userEvent.keyboard('l');
    expect(focusedName()).toBe('Ship the board');
    await userEvent.keyboard('h');
    expect(focusedName()).toBe('Write the spec');
    await userEvent.keyboard('{ArrowDown}k');
    expect(focusedName()).toBe('Write the spec');
  });

  it('opens the focused task with Enter and closes it with Escape, keeping the focus', async () => {
    const { router } = await openTasks();
    await userEvent.keyboard('jj{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/tasks/d/t2`));
    expect(await screen.findByRole('complementary', { name: 'Task details' })).toBeTruthy();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/tasks`));
    expect(screen.queryByRole('complementary', { name: 'Task details' })).toBeNull();
  });

  it('focuses the first column’s new-task field with c, and leaves keys typed there alone', async () => {
    await openTasks();
    await userEvent.keyboard('c');
    const field = screen.getByRole('textbox', { name: 'New task in To do' });
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('jk');
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('jk');
  });

  it('sets the focused task’s priority with 1 to 4 and opens the priority picker with p', async () => {
    const { graphql } = await openTasks({
      handlers: {
        ediTask: (variables) => ({ data: { ediTask: { ...defaultTasks.find((task) => task.id === variables.id), ...variables } } }),
      },
    });
    await userEvent.keyboard('j1');
    await waitFor(() => expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', priority: 3 }));
    await userEvent.keyboard('p');
    const picker = await screen.findByRole('dialog', { name: 'Priority of ENG-1' });
    await userEvent.click(within(picker).getByRole('button', { name: /Low/ }));
    await waitFor(() => expect(graphql.callsOf('ediTask')[1]?.variables).toEqual({ id: 't1', priority: 0 }));
  });

  it('lists every shortcut in the help dialog opened with ?', async () => {
    await openTasks();
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Create a task')).toBeTruthy();
    expect(within(help).getByText('Change assignees')).toBeTruthy();
  });

  it('leaves Enter on a button alone once focus has left the board, and forgets the card it had', async () => {
    const { router, store } = await openTasks();
    await userEvent.keyboard('j');
    expect(focusedName()).toBe('Write the spec');
    const filter = screen.getByRole('button', { name: /Filter/ });
    filter.focus();
    expect(store.get(focusedTaskIdAtom)).toBeNull();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('j');
    expect(router.state.location.pathname).toBe(`/${testProject}/tasks`);
    expect(store.get(focusedTaskIdAtom)).toBeNull();
  });

  it('turns every single-key shortcut off with the preference, and keeps the arrows', async () => {
    const { store, router } = await openTasks();
    act(() => store.set(singleKeyShortcutsAtom, false));
    await userEvent.keyboard('j');
    expect(store.get(focusedTaskIdAtom)).toBeNull();
    await userEvent.keyboard('c?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(document.activeElement).toBe(document.body);
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('Write the spec');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/tasks/d/t1`));
  });

  it('moves focus to the panel’s title when it opens; Escape in a field closes it and focus comes back to the card', async () => {
    const { router } = await openTasks();
    await userEvent.keyboard('jj{Enter}');
    const panel = await screen.findByRole('complementary', { name: 'Task details' });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'ENG-2 Review the spec' })));
    await userEvent.click(within(panel).getByRole('textbox', { name: 'Name' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/tasks`));
    await waitFor(() => expect(focusedName()).toBe('Review the spec'));
    expect(document.activeElement?.getAttribute('data-task-link')).toBe('t2');
  });

  it('lets a first Escape in the name field take back unsaved typing, and a second close the panel', async () => {
    const { router } = await openTasks({ path: `/${testProject}/tasks/d/t1` });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, ' again');
    await userEvent.keyboard('{Escape}');
    expect((name as HTMLInputElement).value).toBe('Write the spec');
    expect(router.state.location.pathname).toBe(`/${testProject}/tasks/d/t1`);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/tasks`));
  });
});
