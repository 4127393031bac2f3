/** Tag and sprint writes (SPEC §3): create, rename, recolour, delete. Assigning goes through ediTask. */
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import { applyTaskChange, boardAtom } from './atoms';
import { refused } from './boardActions';
import { delTagDocument, ediTagDocument, setTagDocument, type Tag } from './operations';

/** Puts the space's tags through the same reducer live changes take, so every card follows. */
function setTags(store: AppStore, tags: Tag[]): void {
  store.set(boardAtom, (board) =>
    board.project
      ? applyTaskChange(board, {
          type: 'tag.updated',
          seq: 0,
          project: board.project,
          taskId: null,
          task: null,
          stateId: null,
          tagId: null,
          moveTo: null,
          states: null,
          tags,
          positionField: null,
          positions: null,
        })
      : board,
  );
}

export async function createTag(store: AppStore, project: string, name: string, color: string, isSprint: boolean): Promise<Tag | null> {
  try {
    const { setTag } = await request(setTagDocument, { project, name, color, isSprint }, { handledByCaller: true });
    setTags(store, [...store.get(boardAtom).tags.filter((tag) => tag.id !== setTag.id), setTag]);
    return setTag;
  } catch (error) {
    refused(i18n.t(isSprint ? 'tasks.errors.sprint' : 'tasks.errors.tag'), error);
    return null;
  }
}

/** Renames or recolours a tag everywhere at once; the old look comes back if the server refuses. */
export async function editTag(store: AppStore, id: string, change: { name?: string; color?: string }): Promise<boolean> {
  const before = store.get(boardAtom).tags;
  setTags(
    store,
    before.map((tag) => (tag.id === id ? { ...tag, ...change } : tag)),
  );
  try {
    const { ediTag } = await request(ediTagDocument, { id, ...change }, { handledByCaller: true });
    setTags(
      store,
      store.get(boardAtom).tags.map((tag) => (tag.id === id ? ediTag : tag)),
    );
    return true;
  } catch (error) {
    setTags(store, before);
    refused(i18n.t('tasks.errors.tag'), error);
    return false;
  }
}

/** Deletes a tag or sprint and takes it off every task. Rolling back restores the tasks as they were. */
export async function deleteTag(store: AppStore, id: string): Promise<boolean> {
  const before = store.get(boardAtom);
  setTags(
    store,
    before.tags.filter((tag) => tag.id !== id),
  );
  try {
    await request(delTagDocument, { id }, { handledByCaller: true });
    return true;
  } catch (error) {
    // Refused because someone deleted it first: it stays gone (its live echo may have come already).
    if (!isNotFoundError(error))
      store.set(boardAtom, (board) => (board.project === before.project ? { ...board, tags: before.tags, tasks: before.tasks } : board));
    refused(i18n.t('tasks.errors.tag'), error);
    return false;
  }
}
