/**
 * After a page change in the dashboard, focus moves to the page's main heading and the new title
 * is announced, so keyboard and screen-reader users know where they landed (the browser does
 * neither for a single-page app). Changes inside a page (a tab, an opened item) keep focus where
 * the page puts it; only the announcement follows them.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { focusIfPresent } from '../../ui/focus';

/**
 * `pageKey` names the page (scope and area); `title` is what is announced. Returns the text for a
 * polite live region: the title after each change, never on the first page shown (the browser
 * reads that one itself).
 */
export function usePageFocus(pageKey: string, title: string, heading: RefObject<HTMLElement | null>): string {
  const shownKey = useRef(pageKey);
  const [announced, setAnnounced] = useState({ title, text: '' });
  if (announced.title !== title) setAnnounced({ title, text: title });

  useEffect(() => {
    if (shownKey.current === pageKey) return;
    shownKey.current = pageKey;
    // A dialog that led here (a new space) may still hold focus until it closes: the heading takes it right after.
    focusIfPresent(heading.current);
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === document.body || !document.activeElement) focusIfPresent(heading.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [pageKey, heading]);

  return announced.text;
}
