/** Pure rules of the tasks area's keyboard: which key does what, and where focus moves. */

export type NavDirection = 'up' | 'down' | 'left' | 'right';

export const navigationKeys: Readonly<Record<string, NavDirection>> = {
  ArrowUp: 'up',
  k: 'up',
  ArrowDown: 'down',
  j: 'down',
  ArrowLeft: 'left',
  h: 'left',
  ArrowRight: 'right',
  l: 'right',
};

/**
 * Linear's numbering, which people arrive knowing: 1 urgent, 2 high, 3 normal, 4 low. The values
 * are the stored priorities (0 low .. 3 urgent).
 */
export const priorityKeys: Readonly<Record<string, number>> = { '1': 3, '2': 2, '3': 1, '4': 0 };

/**
 * The next card to focus. `columns` are the cards in view order: one list per board column, or a
 * single list for the list view. Up and down stay in the column; left and right jump to the
 * neighbouring column that has cards, at the same height or its last card. With nothing focused
 * yet, any key starts at the first card.
 */
export function nextFocus(columns: readonly (readonly string[])[], current: string | null, direction: NavDirection): string | null {
  const filled = columns.filter((column) => column.length > 0);
  if (filled.length === 0) return null;
  const columnIndex = current === null ? -1 : filled.findIndex((column) => column.includes(current));
  if (columnIndex < 0) return filled[0]![0]!;
  const column = filled[columnIndex]!;
  const row = column.indexOf(current!);
  if (direction === 'up') return column[Math.max(0, row - 1)]!;
  if (direction === 'down') return column[Math.min(column.length - 1, row + 1)]!;
  const target = filled[direction === 'left' ? Math.max(0, columnIndex - 1) : Math.min(filled.length - 1, columnIndex + 1)]!;
  return target[Math.min(row, target.length - 1)]!;
}

/** Whether a key press belongs to what the user is typing (fields, editors), so shortcuts leave it alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/**
 * Where a key press happened, for the board's shortcuts (issue 25): nowhere in particular (the
 * page itself has focus), on a card or a list row, on the board, the list or the tasks page around
 * them (its title), inside the task panel (its title, not its controls), or anywhere else, which
 * includes every link, button and field: shortcuts never take a key meant for those.
 */
export type ShortcutScope = 'page' | 'card' | 'board' | 'panel' | 'elsewhere';

const interactiveSelector =
  'a[href], button, input, select, textarea, summary, [contenteditable]:not([contenteditable="false"]), [role="button"], [role="link"], [role="menuitem"], [role="option"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"], [role="textbox"], [role="slider"], [role="spinbutton"]';

/**
 * Where the app parks focus after a page change or a closed dialog (the page's main heading, the
 * main area itself) counts as the page: nothing else has focus there.
 */
const pageFocusSelector = '[data-main-heading], [data-region="main"]';

export function shortcutScope(target: EventTarget | null): ShortcutScope {
  if (!(target instanceof Element) || target === document.body || target === document.documentElement) return 'page';
  if (target.closest('[data-task-link]')) return 'card';
  if (target.closest(interactiveSelector)) return 'elsewhere';
  if (target.matches(pageFocusSelector)) return 'page';
  if (target.closest('[data-task-panel]')) return 'panel';
  if (target.closest('[data-task-board], [data-tasks-page]')) return 'board';
  return 'elsewhere';
}

/** The shortcuts the help dialog lists, in its order; labels are translation keys under tasks.shortcuts. */
export const shortcutList = [
  { keys: ['C'], label: 'create' },
  { keys: ['↑', '↓', 'J', 'K'], label: 'move' },
  { keys: ['←', '→', 'H', 'L'], label: 'columns' },
  { keys: ['Enter'], label: 'open' },
  { keys: ['Space'], label: 'pickUp' },
  { keys: ['Esc'], label: 'close' },
  { keys: ['P'], label: 'priority' },
  { keys: ['A'], label: 'assignee' },
  { keys: ['1', '2', '3', '4'], label: 'setPriority' },
  { keys: ['?'], label: 'help' },
] as const;
