/**
 * Windowing for long lists of fixed-height rows (no virtual-list library is installed): only the
 * rows in view, plus a few either side, are rendered; a spacer of the full height keeps the
 * scrollbar honest. Rows must all be `rowHeight` pixels tall, gaps included.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface WindowRange {
  /** First rendered index. */
  start: number;
  /** One past the last rendered index. */
  end: number;
}

/**
 * Before layout (or in a test DOM) the viewport measures 0: assume a tall screen's worth rather
 * than render nothing, so the first paint is never blank.
 */
export const fallbackViewportHeight = 1200;

export function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan: number): WindowRange {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const height = viewportHeight > 0 ? viewportHeight : fallbackViewportHeight;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + height) / rowHeight);
  return { start: Math.max(0, Math.min(first - overscan, count - 1)), end: Math.min(count, last + overscan) };
}

export interface Windowing extends WindowRange {
  totalHeight: number;
  /** Scrolls just enough to show row `index` (keyboard focus moving past the rendered rows). */
  scrollToIndex: (index: number) => void;
}

export function useWindowing(scrollRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 6): Windowing {
  const [viewport, setViewport] = useState({ scrollTop: 0, height: 0 });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setViewport((current) =>
        current.scrollTop === element.scrollTop && current.height === element.clientHeight ? current : { scrollTop: element.scrollTop, height: element.clientHeight },
      );
    };
    // Scroll events come faster than frames; measuring once per frame is all the eye can see.
    const schedule = () => {
      if (frame === 0) frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(measure) : (measure(), 0);
    };
    measure();
    element.addEventListener('scroll', schedule, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', schedule);
      observer?.disconnect();
      if (frame !== 0 && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    };
  }, [scrollRef]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const top = index * rowHeight;
      const height = element.clientHeight || fallbackViewportHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + height) element.scrollTop = top + rowHeight - height;
      setViewport({ scrollTop: element.scrollTop, height: element.clientHeight });
    },
    [scrollRef, rowHeight],
  );

  const range = visibleRange(viewport.scrollTop, viewport.height, rowHeight, count, overscan);
  return { ...range, totalHeight: count * rowHeight, scrollToIndex };
}
