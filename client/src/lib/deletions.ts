/**
 * Per store and kind of entity, the ids whose deletion the client sent or heard. A write's answer, a live echo or a
 * read that was on its way before a deletion can land after it; what it carries must not bring the entity back
 * (README "Optimistic writes and their echoes"). Ids are never reused, so a deletion seen stays true; past a bound the
 * oldest are dropped, long after anything sent before them has landed. Kept in an atom, so an atom's write (which has
 * no store at hand) can read it too (deletedIn).
 */
import { atom, type AppStore } from './store';

/** Ids kept per kind: far more than can be deleted while one answer is on its way. */
const keptPerKind = 1000;

type DeletionState = 'pending' | 'confirmed';

/** By kind (`chat.message`, `task`, …), each id's deletion: sent by the caller and not yet answered, or done. */
export const deletionsAtom = atom<ReadonlyMap<string, ReadonlyMap<string, DeletionState>>>(new Map());

/** What is known deleted of one kind, read from deletionsAtom's value. */
export interface DeletedIds {
  /** Whether the caller sent the deletion of `id` (still on its way) or it is done. */
  has(id: string): boolean;
  /** The items whose id is not deleted; `items` itself when none is. */
  without<Item extends { id: string }>(items: readonly Item[]): readonly Item[];
}

export function deletedIn(all: ReadonlyMap<string, ReadonlyMap<string, DeletionState>>, kind: string): DeletedIds {
  const known = all.get(kind);
  return {
    has: (id) => known?.has(id) ?? false,
    without: (items) => (known && items.some((item) => known.has(item.id)) ? items.filter((item) => !known.has(item.id)) : items),
  };
}

export interface Deletions extends DeletedIds {
  /** The caller sent the deletion of `id`, shown at once. */
  begin(id: string): void;
  /** The deletion of `id` is done: heard live, or answered. */
  confirm(id: string): void;
  /**
   * The server refused the caller's deletion of `id`: forgotten, unless the deletion was confirmed meanwhile (someone
   * else's, heard live). Answers whether `id` is gone anyway.
   */
  refuse(id: string): boolean;
}

/** The deletions of one kind seen in `store`. */
export function deletionsOf(store: AppStore, kind: string): Deletions {
  const stateOf = (id: string) => store.get(deletionsAtom).get(kind)?.get(id);
  const update = (id: string, state: DeletionState | null) =>
    store.set(deletionsAtom, (all) => {
      const states = new Map(all.get(kind));
      states.delete(id);
      if (state) states.set(id, state);
      if (states.size > keptPerKind) states.delete(states.keys().next().value!);
      return new Map(all).set(kind, states);
    });
  return {
    has: (id) => deletedIn(store.get(deletionsAtom), kind).has(id),
    without: (items) => deletedIn(store.get(deletionsAtom), kind).without(items),
    begin: (id) => {
      if (stateOf(id) !== 'confirmed') update(id, 'pending');
    },
    confirm: (id) => update(id, 'confirmed'),
    refuse: (id) => {
      if (stateOf(id) === 'confirmed') return true;
      update(id, null);
      return false;
    },
  };
}
