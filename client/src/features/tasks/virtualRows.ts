/**
 * What the board's columns and the list share on top of @tanstack/react-virtual: rows that must
 * stay mounted while out of view, and keyboard focus scrolled into view through the virtualizer.
 */
import { defaultRangeExtractor, observeElementRect, type Range, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect } from 'react';

/**
 * Before the viewport is measured, or wherever it measures nothing (a DOM without layout, a hidden
 * column), assume a tall screen's worth: the virtualizer renders no row at all for a 0px viewport,
 * and the first paint should never be blank.
 */
export const initialViewport: Rect = { width: 272, height: 1200 };

/** observeElementRect, with `initialViewport` standing in for a viewport that measures 0. */
export const observeViewportRect: typeof observeElementRect = (instance, onRect) =>
  observeElementRect(instance, (rect) =>
    onRect(rect.height > 0 ? rect : { width: rect.width || initialViewport.width, height: initialViewport.height }),
  );

/** Rows rendered either side of the viewport. */
export const overscan = 6;

/**
 * A range extractor that keeps `pinned` rows mounted even when scrolled away: the focused row keeps
 * the keyboard focus, and a dragged card keeps its drag session alive (a removed drag source never
 * gets its `dragend`).
 */
export function useRangeWithPinned(...pinned: number[]): (range: Range) => number[] {
  const key = pinned.join(',');
  return useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const extra =
        key === ''
          ? []
          : key
              .split(',')
              .map(Number)
              .filter((index) => index >= 0 && index < range.count && !indexes.includes(index));
      return extra.length === 0 ? indexes : [...indexes, ...extra].sort((left, right) => left - right);
    },
    [key],
  );
}

/** Scrolls the focused row (j/k, arrows) into view; the row focuses itself once it is rendered. */
export function useScrollToFocused(virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement>, focusedIndex: number): void {
  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
  }, [virtualizer, focusedIndex]);
}
