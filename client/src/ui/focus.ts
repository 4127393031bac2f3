import { useRef } from 'react';

/** Moving focus where a keyboard or screen-reader user expects it, without ever leaving it on <body>. */

/** The page's main heading: the dashboard's top bar title, or the first heading of a page without one. */
export function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-main-heading]') ?? document.querySelector<HTMLElement>('main h1, h1');
}

/**
 * Focuses `element` if it is still on the page and can take focus; a heading is made focusable
 * from script only (tabindex -1). Says whether focus is there now.
 */
export function focusIfPresent(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
  return document.activeElement === element;
}

/** Whether focus has been lost: nothing, or the body, has it. */
export function focusIsLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/**
 * Focus handling for a Radix dialog opened from state rather than from a Radix trigger (Radix alone
 * would then drop focus on <body> when it closes): `remember` in onOpenAutoFocus notes the opener,
 * `restore` in onCloseAutoFocus puts focus on `returnFocusTo`'s element (something the dialog
 * created, possibly drawn a frame later), else back on the opener, else on the main heading.
 */
export function useDialogFocusReturn(returnFocusTo?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    // Radix moves focus inside right after onOpenAutoFocus: what has focus now is the opener.
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  };
  const restore = (event: Event) => {
    event.preventDefault();
    const previous = opener.current;
    opener.current = null;
    if (focusIfPresent(returnFocusTo?.())) return;
    if (!returnFocusTo && focusIfPresent(previous)) return;
    requestAnimationFrame(() => {
      if (focusIfPresent(returnFocusTo?.())) return;
      if (focusIsLost() && !focusIfPresent(previous)) focusIfPresent(mainHeading());
    });
  };
  return { remember, restore };
}
