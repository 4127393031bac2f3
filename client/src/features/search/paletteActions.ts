/** What the command palette's actions do, apart from its component so each is testable on its own. */

/** Whether every word typed is in the label (or one of its keywords), ignoring case: how actions are narrowed. */
export function matchesTyped(typed: string, label: string, keywords: readonly string[] = []): boolean {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [label, ...keywords].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * Focuses the element `selector` finds once it is on the page and the palette has closed (its dialog gives focus
 * back as it goes), giving up after `timeoutMs`: the new-task field of a board still loading.
 */
export function focusWhenShown(selector: string, timeoutMs = 5000): void {
  const started = performance.now();
  const look = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element && !document.querySelector('[data-command-palette]')) {
      element.focus();
      return;
    }
    if (performance.now() - started < timeoutMs) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** The search page's address for a query, in the scope the palette was opened in. */
export function searchPagePath(scope: string, text: string): string {
  const query = text.trim();
  return query ? `/${scope}/search?${new URLSearchParams({ q: query }).toString()}` : `/${scope}/search`;
}
