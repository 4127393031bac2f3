// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { setupAppI18n } from '../../test/i18n';
import { toastsAtom } from '../../ui/toastStore';
import { focusedTaskIdAtom } from './atoms';
import { boardTask } from './fixtures';
import type { BoardTask } from './operations';
import { cardEstimate } from './TaskCard';
import { listRowEstimate } from './TaskList';
import { openTasks } from './testBoard';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const rowHeight = 100;
const coverRowHeight = 220;
const gap = 6;
/** Where row `index` starts while the rows above it are not measured yet (the virtualizer's estimate). */
const estimatedStart = (index: number) => index * (cardEstimate.plain + gap);

/**
 * happy-dom has no layout, so give it one the way @tanstack/react-virtual's own tests do: every
 * scroll viewport is 600px tall and as high as its content, every virtual row (an element with data-index) 100px, or 220px
 * with a cover; scrolling moves scrollTop and fires `scroll` as a browser does.
 */
function mockLayout() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(272);
  // A viewport scrolls as far as its content (the list sized by the virtualizer) reaches.
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return Number.parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '') || 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.index === undefined) return 0;
    return this.querySelector('img') ? coverRowHeight : rowHeight;
  });
  vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  });
}

const many = (count: number, overrides: (index: number) => Partial<BoardTask> = () => ({})): BoardTask[] =>
  Array.from({ length: count }, (_, index) =>
    boardTask({ id: `t${index}`, name: `Task ${index}`, idCode: `ENG-${index}`, positionSection: (index + 1) * 1024, ...overrides(index) }),
  );

const todo = () => screen.getByRole('region', { name: 'To do' });
const cardsOf = (region: HTMLElement) => within(region).queryAllByTestId('task-card');
const viewportOf = (region: HTMLElement) => region.querySelector('ul')!.parentElement!;

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  localStorage.clear();
  mockLayout();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('virtualized board columns', () => {
  it('renders far fewer cards than a 5,000-task column holds, and follows scrolling', async () => {
    await openTasks({ tasks: many(5000) });
    const column = todo();
    expect(within(column).getByLabelText('5000 tasks')).toBeTruthy();
    expect(cardsOf(column).length).toBeGreaterThan(0);
    expect(cardsOf(column).length).toBeLessThan(30);
    expect(within(column).getByText('Task 0')).toBeTruthy();

    act(() => {
      const viewport = viewportOf(column);
      viewport.scrollTop = estimatedStart(2000);
      viewport.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(within(column).getByText('Task 2000')).toBeTruthy());
    expect(within(column).queryByText('Task 0')).toBeNull();
    expect(cardsOf(column).length).toBeLessThan(30);
  });

  it('places cards by their measured height, so a card with a cover takes more room', async () => {
    await openTasks({ tasks: many(20, (index) => (index === 1 ? { cover: '/media/cover.jpg' } : {})) });
    const starts = () =>
      cardsOf(todo())
        .slice(0, 4)
        .map((card) => card.style.transform);
    await waitFor(() =>
      expect(starts()).toEqual([
        'translateY(0px)',
        `translateY(${rowHeight + gap}px)`,
        `translateY(${rowHeight + gap + coverRowHeight + gap}px)`,
        `translateY(${2 * (rowHeight + gap) + coverRowHeight + gap}px)`,
      ]),
    );
  });

  it('scrolls the card that keyboard focus moves to into view, then focuses it', async () => {
    const { store } = await openTasks({ tasks: many(5000) });
    expect(within(todo()).queryByText('Task 4001')).toBeNull();
    act(() => store.set(focusedTaskIdAtom, 't4000'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Task 4000'));
    await userEvent.keyboard('j');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Task 4001'));
    expect(viewportOf(todo()).scrollTop).toBeGreaterThan(estimatedStart(3900));
    await userEvent.keyboard('{ArrowUp}k');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Task 3999'));
  });

  it('keeps the empty state and the new-task field of an empty column', async () => {
    await openTasks({ tasks: many(3) });
    const done = screen.getByRole('region', { name: 'Done' });
    expect(within(done).getByText('No tasks')).toBeTruthy();
    expect(within(done).getByRole('textbox', { name: 'New task in Done' })).toBeTruthy();
  });
});

describe('moving cards by keyboard on a virtualized board', () => {
  const edited = (tasks: BoardTask[]) => (variables: Record<string, unknown>) => ({
    data: { ediTask: { ...tasks.find((task) => task.id === variables.id), ...variables } },
  });
  /** dnd-kit's live region: what a screen reader last heard. */
  const announced = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';

  it('moves a card into another column before a card there, the position computed from the data, and says each step', async () => {
    const tasks = [...many(3), boardTask({ id: 'x', name: 'Elsewhere', state: 's2', positionSection: 1024 })];
    const { graphql } = await openTasks({ tasks, handlers: { ediTask: edited(tasks) } });
    within(todo()).getByRole('link', { name: 'Task 1' }).focus();
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(announced()).toBe('Picked up Task 1, in To do, position 2 of 3.'));
    await userEvent.keyboard('[ArrowRight]');
    await waitFor(() => expect(announced()).toBe('Moved to In progress, position 2 of 2.'));
    await userEvent.keyboard('[ArrowUp]');
    await waitFor(() => expect(announced()).toBe('Moved to In progress, position 1 of 2.'));
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', state: 's2', positionSection: 0 }));
    expect(announced()).toBe('Dropped Task 1 in In progress, position 1 of 2.');
    const inProgress = screen.getByRole('region', { name: 'In progress' });
    expect(cardsOf(inProgress).map((card) => card.textContent)).toEqual([
      expect.stringContaining('Task 1'),
      expect.stringContaining('Elsewhere'),
    ]);
  });

  it('reorders a card deep in a long column between its data neighbours, and Escape puts it back', async () => {
    const tasks = many(5000);
    const { graphql, store } = await openTasks({ tasks, handlers: { ediTask: edited(tasks) } });
    act(() => store.set(focusedTaskIdAtom, 't3000'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Task 3000'));
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(announced()).toContain('position 3001 of 5000'));
    await userEvent.keyboard('[ArrowDown][ArrowDown]');
    await waitFor(() => expect(announced()).toBe('Moved to To do, position 3003 of 5000.'));
    // The place it would land stays drawn while far from the top.
    expect(within(todo()).getByText('Task 3003').closest('li')?.getAttribute('data-drop')).toBe('before');
    await userEvent.keyboard('[Space]');
    // Between Task 3002 (3003 × 1024) and Task 3003 (3004 × 1024).
    await waitFor(() =>
      expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't3000', state: 's1', positionSection: 3003.5 * 1024 }),
    );

    act(() => store.set(focusedTaskIdAtom, 't10'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Task 10'));
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(announced()).toContain('Picked up Task 10'));
    await userEvent.keyboard('[ArrowUp][Escape]');
    await waitFor(() => expect(announced()).toBe('Cancelled. Task 10 stays in To do, position 11 of 5000.'));
    expect(graphql.callsOf('ediTask')).toHaveLength(1);
  });
});

describe('virtualized list view', () => {
  it('renders far fewer rows than 5,000 tasks and scrolls the focused row into view', async () => {
    const { store } = await openTasks({ tasks: many(5000) });
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getAllByTestId('task-row').length).toBeLessThan(30);
    expect(screen.getAllByTestId('group-header').map((header) => header.querySelector('h3')?.textContent)).toEqual(['To do']);
    act(() => store.set(focusedTaskIdAtom, 't4200'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Task 4200'));
    expect(screen.getByRole('list', { name: 'List' }).parentElement!.scrollTop).toBeGreaterThan(4000 * listRowEstimate);
    expect(screen.getAllByTestId('task-row').length).toBeLessThan(30);
  });
});
