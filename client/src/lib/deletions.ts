/**
 * Per store and kind of entity, the ids whose deletion the client sent or heard. A write's answer, a live echo or a
 * read that was on its way before a deletion can land after it; what it carries must not bring the entity back
 * (README "Optimistic writes and their echoes"). Ids are never reused, so a deletion seen stays true; past a bound the
 * oldest are dropped, long after anything sent before them has landed.
 */
import type { AppStore } from './store';

/** Ids kept per kind: far more than can be deleted while one answer is on its way. */
const keptPerKind = 1000;

export interface Deletions {
  /** Whether the caller sent the deletion of `id` (still on its way) or it is done. */
  has(id: string): boolean;
  /** The caller sent the deletion of `id`, shown at once. */
  begin(id: string): void;
  /** The deletion of `id` is done: heard live, or answered. */
  confirm(id: string): void;
  /**
   * The server refused the caller's deletion of `id`: forgotten, unless the deletion was confirmed meanwhile (someone
   * else's, heard live). Answers whether `id` is gone anyway.
   */
  refuse(id: string): boolean;
  /** The items whose id is not deleted; `items` itself when none is. */
  without<Item extends { id: string }>(items: readonly Item[]): readonly Item[];
}

type DeletionState = 'pending' | 'confirmed';

const deletionsByStore = new WeakMap<AppStore, Map<string, Map<string, DeletionState>>>();

function keep(states: Map<string, DeletionState>, id: string, state: DeletionState): void {
  states.delete(id);
  states.set(id, state);
  if (states.size > keptPerKind) states.delete(states.keys().next().value!);
}

/** The deletions of one kind (`chat.message`, `task`, …) seen in `store`. */
export function deletionsOf(store: AppStore, kind: string): Deletions {
  let kinds = deletionsByStore.get(store);
  if (!kinds) deletionsByStore.set(store, (kinds = new Map()));
  let states = kinds.get(kind);
  if (!states) kinds.set(kind, (states = new Map()));
  const known = states;
  return {
    has: (id) => known.has(id),
    begin: (id) => {
      if (known.get(id) !== 'confirmed') keep(known, id, 'pending');
    },
    confirm: (id) => keep(known, id, 'confirmed'),
    refuse: (id) => {
      if (known.get(id) === 'confirmed') return true;
      known.delete(id);
      return false;
    },
    without: (items) => (items.some((item) => known.has(item.id)) ? items.filter((item) => !known.has(item.id)) : items),
  };
}
