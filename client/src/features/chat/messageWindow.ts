/**
 * Which loaded messages are rendered. Long histories stay smooth by rendering a bounded window
 * (at most `maximumRendered` messages) and unloading far ones from the DOM as the user scrolls,
 * instead of per-row virtualisation: chat rows have very variable heights (code blocks, quotes,
 * reactions) that a fixed-row virtualiser gets wrong, and a windowing of whole pages needs no
 * measurement. The window is anchored by message ids, so pages merged in above or below (older
 * pages, live messages, a reconnection's merge) never shift what is on screen.
 */

export const maximumRendered = 150;
export const windowStep = 50;

export interface WindowAnchor {
  /** The first rendered message; null to start `maximumRendered` before the end. */
  firstId: string | null;
  /** The last rendered message; ignored while following the newest. */
  lastId: string | null;
  /** Following the newest messages: new ones extend the window and the oldest rendered slide out. */
  tail: boolean;
}

export const tailAnchor: WindowAnchor = { firstId: null, lastId: null, tail: true };

export interface WindowRange {
  start: number;
  end: number;
}

export function windowRange(ids: readonly string[], anchor: WindowAnchor, maximum = maximumRendered): WindowRange {
  const total = ids.length;
  const lastIndex = anchor.lastId === null ? -1 : ids.indexOf(anchor.lastId);
  const end = anchor.tail || lastIndex === -1 ? total : lastIndex + 1;
  const firstIndex = anchor.firstId === null ? -1 : ids.indexOf(anchor.firstId);
  let start = firstIndex === -1 || firstIndex >= end ? Math.max(0, end - maximum) : firstIndex;
  if (end - start > maximum) start = end - maximum;
  return { start, end };
}

function anchorOf(ids: readonly string[], start: number, end: number): WindowAnchor {
  return { firstId: ids[start] ?? null, lastId: ids[end - 1] ?? null, tail: end >= ids.length };
}

/** Renders `step` more messages above, unloading the ones furthest below past the maximum. */
export function expandUp(ids: readonly string[], range: WindowRange, step = windowStep, maximum = maximumRendered): WindowAnchor {
  const start = Math.max(0, range.start - step);
  const end = Math.min(range.end, start + maximum);
  return anchorOf(ids, start, end);
}

/** Renders `step` more messages below, unloading the ones furthest above past the maximum. */
export function expandDown(ids: readonly string[], range: WindowRange, step = windowStep, maximum = maximumRendered): WindowAnchor {
  const end = Math.min(ids.length, range.end + step);
  const start = Math.max(range.start, end - maximum);
  return anchorOf(ids, start, end);
}

/** A window around one message (a link to it), as far below it as above; the newest are not followed. */
export function aroundAnchor(ids: readonly string[], id: string, maximum = maximumRendered): WindowAnchor {
  const index = ids.indexOf(id);
  if (index === -1) return tailAnchor;
  const start = Math.max(0, Math.min(index - Math.floor(maximum / 2), ids.length - maximum));
  return anchorOf(ids, start, Math.min(ids.length, start + maximum));
}
