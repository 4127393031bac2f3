/** What the command palette's actions do, apart from its component so each is testable on its own. */

/** Whether every word typed is in the label (or one of its keywords), ignoring case: how actions are narrowed. */
export function matchesTyped(typed: string, label: string, keywords: readonly string[] = []): boolean {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [label, ...keywords].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * Puts focus on the element `selector` finds once it is on the page and the palette has closed, and keeps it there
 * while the page settles: a page that renders again replaces the element, and a closing task panel gives focus back
 * to its card, at a time that depends on the machine. It lets go as soon as the person presses a key or the
 * pointer, `holdMs` after it first put focus there, or after `timeoutMs` without finding the element (a board
 * still loading).
 */
export function focusWhenShown(selector: string, timeoutMs = 5000, holdMs = 2000): void {
  const started = performance.now();
  let firstFocused: number | null = null;
  let personActed = false;
  const acted = (event: Event) => {
    if (event.isTrusted) personActed = true;
  };
  window.addEventListener('pointerdown', acted, true);
  window.addEventListener('keydown', acted, true);
  const look = () => {
    const now = performance.now();
    if (personActed || (firstFocused === null ? now - started > timeoutMs : now - firstFocused > holdMs)) {
      window.removeEventListener('pointerdown', acted, true);
      window.removeEventListener('keydown', acted, true);
      return;
    }
    const element = document.querySelector<HTMLElement>(selector);
    if (element && document.activeElement !== element && !document.querySelector('[data-command-palette]')) {
      element.focus();
      firstFocused ??= now;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** The search page's address for a query, in the scope the palette was opened in. */
export function searchPagePath(scope: string, text: string): string {
  const query = text.trim();
  return query ? `/${scope}/search?${new URLSearchParams({ q: query }).toString()}` : `/${scope}/search`;
}
