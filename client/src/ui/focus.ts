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
