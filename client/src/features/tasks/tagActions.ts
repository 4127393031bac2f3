/** Tag and sprint writes (SPEC §3): create, rename, recolour, delete. Assigning goes through ediTask. */
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import { applyTaskChange, boardAtom, tagDeletions, type BoardData } from './atoms';
import { refused } from './boardActions';
import { delTagDocument, ediTagDocument, setTagDocument, type BoardTask, type Tag } from './operations';

/** The board with the space's tags set through the same reducer live changes take, so every card follows. */
function withTags(board: BoardData, tags: Tag[]): BoardData {
  return board.project
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
    : board;
}

function setTags(store: AppStore, tags: Tag[]): void {
  store.set(boardAtom, (board) => withTags(board, tags));
}

/** Creates a tag or sprint; its answer does not bring it back when its deletion was heard first (its echoes can come before). */
export async function createTag(store: AppStore, project: string, name: string, color: string, isSprint: boolean): Promise<Tag | null> {
  try {
    const { setTag } = await request(setTagDocument, { project, name, color, isSprint }, { handledByCaller: true });
    if (!tagDeletions(store).has(setTag.id)) setTags(store, [...store.get(boardAtom).tags.filter((tag) => tag.id !== setTag.id), setTag]);
    return setTag;
  } catch (error) {
    refused(i18n.t(isSprint ? 'tasks.errors.sprint' : 'tasks.errors.tag'), error);
    return null;
  }
}

/**
 * Renames or recolours a tag everywhere at once; the old look comes back if the server refuses, unless another look
 * was heard live meanwhile. The answer and the rollback change only that tag, and only while it is listed: tags
 * created or deleted meanwhile stay as they came.
 */
export async function editTag(store: AppStore, id: string, change: { name?: string; color?: string }): Promise<boolean> {
  const before = store.get(boardAtom).tags.find((tag) => tag.id === id);
  const preview = before && { ...before, ...change };
  setTags(
    store,
    store.get(boardAtom).tags.map((tag) => (tag.id === id && preview ? preview : tag)),
  );
  try {
    const { ediTag } = await request(ediTagDocument, { id, ...change }, { handledByCaller: true });
    setTags(
      store,
      store.get(boardAtom).tags.map((tag) => (tag.id === id ? ediTag : tag)),
    );
    return true;
  } catch (error) {
    const stillPreviewed = (tag: Tag) => tag.id === id && tag.name === preview?.name && tag.color === preview.color;
    setTags(
      store,
      store.get(boardAtom).tags.map((tag) => (before && stillPreviewed(tag) ? before : tag)),
    );
    refused(i18n.t('tasks.errors.tag'), error);
    return false;
  }
}

/**
 * Deletes a tag or sprint and takes it off every task; until the answer, no echo brings it back. A refusal puts the tag
 * back, and on the tasks that had it, unless it is gone anyway: the server says it is not found (its deletion is then
 * kept), or someone's deletion of it was heard meanwhile.
 */
export async function deleteTag(store: AppStore, id: string): Promise<boolean> {
  const before = store.get(boardAtom);
  const deleted = before.tags.find((tag) => tag.id === id);
  const tagged = [...before.tasks.values()].filter((task) => task.sprint?.id === id || task.tags.some((tag) => tag.id === id));
  const deletions = tagDeletions(store);
  deletions.begin(id);
  setTags(
    store,
    before.tags.filter((tag) => tag.id !== id),
  );
  try {
    await request(delTagDocument, { id }, { handledByCaller: true });
    deletions.confirm(id);
    return true;
  } catch (error) {
    // Not found: the tag is gone for the caller, and nothing on its way may bring it back.
    if (isNotFoundError(error)) deletions.confirm(id);
    const gone = deletions.refuse(id);
    if (deleted && !gone) putBackTag(store, deleted, before.tags, tagged);
    refused(i18n.t('tasks.errors.tag'), error);
    return false;
  }
}

/**
 * Undoes a refused tag deletion on screen: the tag comes back at its place among the space's tags, and on each task
 * that had it unless the task changed since (a newer version heard live is the server's word). Everything else heard
 * live meanwhile (tasks created, deleted or edited, other tags) stays as it came.
 */
function putBackTag(store: AppStore, deleted: Tag, tagsBefore: readonly Tag[], tagged: readonly BoardTask[]): void {
  store.set(boardAtom, (board) => {
    if (board.project !== deleted.project) return board;
    const tasks = new Map(board.tasks);
    for (const task of tagged) {
      const current = tasks.get(task.id);
      if (!current || current.updatedAt !== task.updatedAt) continue;
      const shownTags = new Map(current.tags.map((tag) => [tag.id, tag]));
      tasks.set(task.id, {
        ...current,
        tags: task.tags.filter((tag) => tag.id === deleted.id || shownTags.has(tag.id)).map((tag) => shownTags.get(tag.id) ?? tag),
        sprint: task.sprint?.id === deleted.id ? (current.sprint ?? task.sprint) : current.sprint,
      });
    }
    return withTags({ ...board, tasks }, withTagBack(board.tags, deleted, tagsBefore));
  });
}

/** The space's tags with `deleted` back where it was (before the first tag that followed it), unless listed again already. */
function withTagBack(tags: readonly Tag[], deleted: Tag, tagsBefore: readonly Tag[]): Tag[] {
  if (tags.some((tag) => tag.id === deleted.id)) return [...tags];
  const following = new Set(tagsBefore.slice(tagsBefore.findIndex((tag) => tag.id === deleted.id) + 1).map((tag) => tag.id));
  const at = tags.findIndex((tag) => following.has(tag.id));
  return at < 0 ? [...tags, deleted] : [...tags.slice(0, at), deleted, ...tags.slice(at)];
}
