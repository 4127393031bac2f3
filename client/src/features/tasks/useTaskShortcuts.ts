/**
 * The tasks area's keyboard (issue 5): C creates, arrows / J K (H L across columns) move focus
 * through cards, Enter opens, Escape closes, P and A pick priority and assignees, 1-4 set the
 * priority, ? lists them. They act only where focus is on the board itself (issue 25): a card, the
 * board around the cards, the task panel's title, or nothing at all; never on a link, a button, a
 * field, an open dialog or menu, or anything outside the board. Single-character keys follow the
 * single-key preference (WCAG 2.1.4).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../lib/i18n';
import { isSingleCharacterKey, useSingleKeyShortcuts } from '../../lib/shortcutPreference';
import { useStore } from '../../lib/store';
import { boardAtom, boardDraggingAtom, focusedTaskIdAtom } from './atoms';
import { editTask } from './boardActions';
import { isTypingTarget, navigationKeys, nextFocus, priorityKeys, shortcutScope } from './keyboardNav';
import { navigationOrderAtom, quickPickAtom, shortcutsHelpOpenAtom } from './viewAtoms';

/** Something modal (a dialog, an open menu) owns the keyboard. */
const overlayOpen = () => document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]') !== null;

export function useTaskShortcuts(project: string, openTask: string | undefined): void {
  const store = useStore();
  const navigate = useNavigate();
  const singleKeys = useSingleKeyShortcuts();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.isComposing) return;
      if (isTypingTarget(event.target) || overlayOpen() || store.get(boardDraggingAtom)) return;
      const scope = shortcutScope(event.target);
      if (scope === 'elsewhere') return;
      if (isSingleCharacterKey(event.key) && !singleKeys) return;
      const focused = store.get(focusedTaskIdAtom);
      const target = openTask ?? focused;
      const handled = () => event.preventDefault();

      const direction = navigationKeys[event.key];
      // Inside the open panel, arrows belong to its controls.
      if (direction && scope !== 'panel') {
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
      // On a card, Enter follows the card's own link; here it opens the card remembered on the board.
      if (event.key === 'Enter' && focused && !openTask && (scope === 'page' || scope === 'board')) {
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
  }, [store, navigate, project, openTask, singleKeys]);
}
