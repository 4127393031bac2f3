/**
 * The tasks area's keyboard (issue 5): C creates, arrows / J K (H L across columns) move focus
 * through cards, Enter opens, Escape closes, P and A pick priority and assignees, 1-4 set the
 * priority, ? lists them. Keys typed into fields, and keys meant for an open dialog or menu, are
 * left alone.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { boardAtom, focusedTaskIdAtom } from './atoms';
import { editTask } from './boardActions';
import { isTypingTarget, navigationKeys, nextFocus, priorityKeys } from './keyboardNav';
import { navigationOrderAtom, quickPickAtom, shortcutsHelpOpenAtom } from './viewAtoms';

/** Something modal (a dialog, an open menu) owns the keyboard. */
const overlayOpen = () => document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]') !== null;

export function useTaskShortcuts(project: string, openTask: string | undefined): void {
  const store = useStore();
  const navigate = useNavigate();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.isComposing) return;
      if (isTypingTarget(event.target) || overlayOpen()) return;
      const focused = store.get(focusedTaskIdAtom);
      const target = openTask ?? focused;
      const handled = () => event.preventDefault();

      const direction = navigationKeys[event.key];
      // Inside the open panel, arrows belong to its controls.
      if (direction && !(event.target instanceof Element && event.target.closest('aside'))) {
        const next = nextFocus(store.get(navigationOrderAtom), focused, direction);
        if (next) store.set(focusedTaskIdAtom, next);
        return handled();
      }
      if (event.key === 'c') {
        document.querySelector<HTMLInputElement>('[data-new-task]')?.focus();
        return handled();
      }
      if (event.key === '?') {
        store.set(shortcutsHelpOpenAtom, true);
        return handled();
      }
      if (event.key === 'Enter' && focused && !openTask) {
        void navigate(`/${project}/tasks/d/${focused}`);
        return handled();
      }
      if (event.key === 'Escape' && openTask) {
        store.set(focusedTaskIdAtom, openTask);
        void navigate(`/${project}/tasks`);
        return handled();
      }
      if (!target || !store.get(boardAtom).tasks.get(target)?.canEdit) return;
      if (event.key === 'p' || event.key === 'a') {
        store.set(quickPickAtom, { kind: event.key === 'p' ? 'priority' : 'assignee', taskId: target });
        return handled();
      }
      const priority = priorityKeys[event.key];
      if (priority !== undefined) {
        void editTask(store, { id: target, priority }, i18n.t('tasks.errors.edit'));
        handled();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, navigate, project, openTask]);
}
