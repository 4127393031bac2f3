/**
 * A safety net for every route: when a navigation inside the app leaves focus on <body> (the link
 * or button that had it is gone, as after signing in or opening an item from a list), focus goes
 * to the new page's main heading as soon as it is drawn, so the next Tab starts from there.
 * Never on the first page of a load (the browser starts at the top, with the skip link), and never
 * taken from an element that holds focus.
 */
import { useEffect, useRef } from 'react';
import { focusIfPresent, focusIsLost, mainHeading } from '../ui/focus';

/** How long a lazily loaded page may take to draw its heading before focus is left where it is. */
const headingWaitMs = 5000;

export function useFocusAfterNavigation(pathname: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return undefined;
    shown.current = pathname;
    const settled = () => !focusIsLost() || focusIfPresent(mainHeading());
    if (settled()) return undefined;
    const observer = new MutationObserver(() => {
      if (settled()) stop();
    });
    const timer = setTimeout(() => stop(), headingWaitMs);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
