// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { nextRegion, regionFocusTarget, screenRegions } from './regions';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The dashboard's shape: the sidebar, the main area, and the task panel inside the main area. */
function frame({ panel }: { panel: boolean }) {
  document.body.innerHTML = `
    <aside data-region="sidebar"><nav><a href="/a">Home</a><a href="/b" aria-current="page">Tasks</a></nav></aside>
    <main data-region="main" tabindex="-1"><button id="filter">Filter</button>
      ${panel ? '<aside data-task-panel aria-label="Task"><h2 tabindex="-1">T-1</h2><input aria-label="Name"></aside>' : ''}
    </main>`;
  return {
    sidebar: document.querySelector<HTMLElement>('[data-region="sidebar"]')!,
    main: document.querySelector<HTMLElement>('main')!,
    panel: document.querySelector<HTMLElement>('[data-task-panel]'),
  };
}

describe('F6 regions', () => {
  it('lists the sidebar, the main area and an open panel, in that order', () => {
    const { sidebar, main, panel } = frame({ panel: true });
    expect(screenRegions()).toEqual([sidebar, main, panel]);
  });

  it('moves forward and wraps around, taking the innermost region as the current one', () => {
    const { sidebar, main, panel } = frame({ panel: true });
    const regions = [sidebar, main, panel!];
    expect(nextRegion(regions, sidebar.querySelector('a'), false)).toBe(main);
    expect(nextRegion(regions, document.getElementById('filter'), false)).toBe(panel);
    expect(nextRegion(regions, panel!.querySelector('input'), false)).toBe(sidebar);
  });

  it('moves backward with Shift, and starts at an end when focus is in no region', () => {
    const { sidebar, main } = frame({ panel: false });
    expect(nextRegion([sidebar, main], sidebar.querySelector('a'), true)).toBe(main);
    expect(nextRegion([sidebar, main], document.body, false)).toBe(sidebar);
    expect(nextRegion([sidebar, main], document.body, true)).toBe(main);
    expect(nextRegion([], document.body, false)).toBeUndefined();
  });

  it('lands on the sidebar current page, the panel heading, or the region itself', () => {
    const { sidebar, main, panel } = frame({ panel: true });
    expect(regionFocusTarget(sidebar).textContent).toBe('Tasks');
    expect(regionFocusTarget(panel!).tagName).toBe('H2');
    document.getElementById('filter')!.remove();
    panel!.remove();
    expect(regionFocusTarget(main)).toBe(main);
  });
});
