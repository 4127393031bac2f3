/**
 * F6 and Shift+F6 move between the screen's regions, as in Slack and in desktop apps: the sidebar,
 * the main area and, when one is open, the task panel. Each region takes focus on its current
 * item (the sidebar's current page), its heading, or itself.
 */
import { useEffect } from 'react';
import { focusIfPresent } from '../../ui/focus';

/** The regions on screen, in F6 order; hidden ones (the closed drawer on a phone) are left out. */
export function screenRegions(root: ParentNode = document): HTMLElement[] {
  const candidates = [
    root.querySelector<HTMLElement>('[data-region="sidebar"]'),
    root.querySelector<HTMLElement>('[data-region="main"]'),
    ...root.querySelectorAll<HTMLElement>('[data-task-panel], [data-region="panel"]'),
  ];
  return candidates.filter((region): region is HTMLElement => region !== null && isShown(region));
}

function isShown(element: HTMLElement): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true });
  return element.getClientRects().length > 0;
}

/**
 * The region after (or before) the one holding `active`. Regions nest (the panel sits inside the
 * main area), so the innermost region holding focus is the current one.
 */
export function nextRegion(regions: readonly HTMLElement[], active: Element | null, backwards: boolean): HTMLElement | undefined {
  if (regions.length === 0) return undefined;
  let current = -1;
  regions.forEach((region, index) => {
    if (active && region.contains(active) && (current === -1 || regions[current]!.contains(region))) current = index;
  });
  if (current === -1) return backwards ? regions.at(-1) : regions[0];
  return regions[(current + (backwards ? regions.length - 1 : 1)) % regions.length];
}

/** Where focus lands in a region: its current item, its first heading, or the region itself. */
export function regionFocusTarget(region: HTMLElement): HTMLElement {
  return (
    region.querySelector<HTMLElement>('[aria-current="page"]') ?? region.querySelector<HTMLElement>('h1, h2, [data-region-focus]') ?? region
  );
}

/** Listens for F6 and Shift+F6 on the whole page while the dashboard is shown. */
export function useRegionCycling(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F6' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = nextRegion(screenRegions(), document.activeElement, event.shiftKey);
      if (!target) return;
      event.preventDefault();
      if (!focusIfPresent(regionFocusTarget(target))) focusIfPresent(target);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
