/** The open space's board: its sections, tasks and tags, kept live by subTask (SPEC §4, §7). */
import { positionBetween } from '#shared/ordering';
import { emptyTaskFilter, isTaskGrouping, matchesFilter, type TaskFilter, type TaskGrouping } from '#shared/taskViews';
import { deletionsOf } from '../../lib/deletions';
import { atom, type Atom, type AppStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import type { BoardTask, ProjectState, Tag, TaskChange, TaskPerson, TaskTag } from './operations';

export interface BoardData {
  /** The space the board belongs to; null before the first load. */
  project: string | null;
  states: ProjectState[];
  tasks: ReadonlyMap<string, BoardTask>;
  /** Tags and sprints of the space. */
  tags: Tag[];
  /** notFound: the server says the space does not exist for the caller; error: the board could not be read (a retry may help). */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'notFound';
  /** False while only each section's first screen of cards is read: new tasks and moves wait for the whole board. */
  complete: boolean;
}

export const emptyBoard: BoardData = { project: null, states: [], tasks: new Map(), tags: [], status: 'idle', complete: false };

export const boardAtom = atom<BoardData>(emptyBoard);

/** Cards of each section the first screen shows: more than a tall screen holds, a small answer however large the board. */
export const firstScreenCards = 40;

/** Whether the whole board is read (false while only each section's first screen is). */
export const boardCompleteAtom = atom((get) => get(boardAtom).complete);

/** Members of the open space (who can be assigned); null until read. */
export const spaceMembersAtom = atom<{ project: string; people: TaskPerson[] } | null>(null);

/** Active filters, applied to every view. */
export const taskFilterAtom = atom<TaskFilter>(emptyTaskFilter);

export const tagsAtom = atom((get) => get(boardAtom).tags.filter((tag) => !tag.isSprint));
export const sprintsAtom = atom((get) => get(boardAtom).tags.filter((tag) => tag.isSprint));

export function personName(person: Pick<TaskPerson, 'firstname' | 'lastname'>): string {
  return `${person.firstname} ${person.lastname}`.trim();
}

/** Everyone who can be assigned or is assigned on this board, by name: members first known from the space, then from tasks. */
export const boardPeopleAtom = atom((get) => {
  const people = new Map<string, TaskPerson>();
  const members = get(spaceMembersAtom);
  const board = get(boardAtom);
  if (members && members.project === board.project) for (const person of members.people) people.set(person.id, person);
  for (const task of board.tasks.values()) for (const user of task.users) if (!people.has(user.id)) people.set(user.id, user);
  return [...people.values()].sort((left, right) => personName(left).localeCompare(personName(right)));
});

/** Top-level tasks that pass the filters; subtasks show inside their parent's panel. */
export const visibleTasksAtom = atom((get) => {
  const filter = get(taskFilterAtom);
  return [...get(boardAtom).tasks.values()].filter((task) => !task.parentTask && matchesFilter(task, filter));
});

/** Top-level tasks of each section that pass the filters, sorted by position. */
export const boardColumnsAtom = atom((get) => columnsOf(get(boardAtom).states, get(visibleTasksAtom)));

export function columnsOf(states: readonly ProjectState[], tasks: Iterable<BoardTask>): Map<string, BoardTask[]> {
  const columns = new Map<string, BoardTask[]>(states.map((state) => [state.id, []]));
  for (const task of tasks) {
    if (task.parentTask) continue;
    columns.get(task.state)?.push(task);
  }
  for (const list of columns.values()) list.sort((a, b) => a.positionSection - b.positionSection);
  return columns;
}

/** Every top-level task of the board per section, ignoring filters: positions are computed against these. */
export function allColumnsOf(board: BoardData): Map<string, BoardTask[]> {
  return columnsOf(board.states, board.tasks.values());
}

const sameItems = <T>(left: readonly T[], right: readonly T[]) =>
  left.length === right.length && left.every((item, index) => item === right[index]);

const columnAtoms = new Map<string, Atom<readonly BoardTask[]>>();
const noTasks: readonly BoardTask[] = [];

/**
 * One section's cards. The array keeps its identity while none of its tasks changed, so a live
 * change in one column re-renders that column only. The cache is keyed by section id (a handful
 * per space) and cleared past a bound, so it cannot grow with browsing.
 */
export function columnTasksAtom(stateId: string): Atom<readonly BoardTask[]> {
  let cached = columnAtoms.get(stateId);
  if (cached) return cached;
  if (columnAtoms.size > 200) columnAtoms.clear();
  let previous = noTasks;
  cached = atom((get) => {
    const next = get(boardColumnsAtom).get(stateId) ?? noTasks;
    if (!sameItems(previous, next)) previous = next;
    return previous;
  });
  columnAtoms.set(stateId, cached);
  return cached;
}

export function sortStates(states: readonly ProjectState[]): ProjectState[] {
  return [...states].sort((a, b) => a.position - b.position);
}

export function upsertTask(store: AppStore, task: BoardTask): void {
  store.set(boardAtom, (board) => {
    if (board.project !== task.project) return board;
    const tasks = new Map(board.tasks);
    tasks.set(task.id, task);
    return { ...board, tasks };
  });
}

/** The ids of a task's files as the Files tab last read them, so its card and tab badge count them at once. */
export function setTaskFiles(store: AppStore, id: string, fileIds: readonly string[]): void {
  store.set(boardAtom, (board) => {
    const task = board.tasks.get(id);
    const current = task?.files ?? [];
    if (!task || (current.length === fileIds.length && current.every((file, index) => file.id === fileIds[index]))) return board;
    const tasks = new Map(board.tasks);
    tasks.set(id, { ...task, files: fileIds.map((fileId) => ({ id: fileId })) });
    return { ...board, tasks };
  });
}

export function removeTask(store: AppStore, id: string): void {
  store.set(boardAtom, (board) => {
    if (!board.tasks.has(id)) return board;
    const tasks = new Map(board.tasks);
    tasks.delete(id);
    return { ...board, tasks };
  });
}

/** Keeps the tags of every task in step with the space's tags (renamed, recoloured or deleted). */
function retag(tasks: ReadonlyMap<string, BoardTask>, tags: readonly Tag[]): Map<string, BoardTask> {
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const fresh = (tag: TaskTag): TaskTag | null => {
    const current = byId.get(tag.id);
    return current ? { id: current.id, name: current.name, color: current.color } : null;
  };
  const next = new Map(tasks);
  for (const task of tasks.values()) {
    const taskTags = task.tags.map(fresh).filter((tag): tag is TaskTag => tag !== null);
    const sprint = task.sprint ? fresh(task.sprint) : null;
    const changed =
      taskTags.length !== task.tags.length ||
      taskTags.some((tag, index) => tag.name !== task.tags[index]?.name || tag.color !== task.tags[index]?.color) ||
      sprint?.name !== task.sprint?.name ||
      sprint?.color !== task.sprint?.color;
    if (changed) next.set(task.id, { ...task, tags: taskTags, sprint });
  }
  return next;
}

const temporaryIdPrefix = 'temp-';

/** The id of a card shown while its create waits for the server's answer. */
export const temporaryTaskId = (sequence: number): string => `${temporaryIdPrefix}${sequence}`;

/** A card shown while its create waits for the server's answer: not yet editable, drawn as pending. */
export const isTemporaryTask = (task: Pick<BoardTask, 'id'>): boolean => task.id.startsWith(temporaryIdPrefix);

/**
 * The temporary card standing for `created` while its create waits for its answer: the live echo can come
 * first, and the card it becomes must not show twice until the answer lands.
 */
function temporaryCardFor(tasks: ReadonlyMap<string, BoardTask>, created: BoardTask): string | null {
  for (const task of tasks.values()) if (standsFor(task, created)) return task.id;
  return null;
}

/** Whether `card` is the temporary card of the creation that made `created` (no id is shared before the answer). */
const standsFor = (card: BoardTask, created: BoardTask): boolean =>
  isTemporaryTask(card) && card.state === created.state && card.parentTask === created.parentTask && card.name.trim() === created.name;

/** The deletions of tasks sent or heard in a store (lib/deletions): nothing on its way brings one back. */
export const taskDeletions = (store: AppStore) => deletionsOf(store, 'task');

/** The deletions of tags and sprints sent or heard in a store. */
export const tagDeletions = (store: AppStore) => deletionsOf(store, 'tag');

/** The deletions of sections sent or heard in a store. */
export const sectionDeletions = (store: AppStore) => deletionsOf(store, 'section');

const isOlder = (incoming: BoardTask, stored: BoardTask | undefined) =>
  stored !== undefined && Date.parse(incoming.updatedAt) < Date.parse(stored.updatedAt);

/**
 * Per store, the updatedAt (in ms) of the newest version of each task heard live. A live echo is read from the
 * database at delivery, after every unit committed with its own, while a write's answer shows the task as its own
 * unit left it; two units of one group commit can carry the same millisecond, so an answer is not newer than a
 * version heard live with the same updatedAt (when that version is this write's own echo, the two are the same).
 * Tasks carry no version of their own to compare instead. One number per task heard live, dropped when it is deleted.
 */
const heardLive = new WeakMap<AppStore, Map<string, number>>();

function rememberHeard(store: AppStore, change: TaskChange): void {
  if (!change.taskId || !change.type.startsWith('task.')) return;
  let heard = heardLive.get(store);
  if (!heard) heardLive.set(store, (heard = new Map()));
  if (!change.task) heard.delete(change.taskId);
  else heard.set(change.task.id, Math.max(heard.get(change.task.id) ?? 0, Date.parse(change.task.updatedAt)));
}

/** Whether a write's answer must not replace the version shown: older, or as old as a version heard live (see heardLive). */
function isStaleAnswer(store: AppStore, answer: BoardTask, shown: BoardTask | undefined): boolean {
  if (!shown) return false;
  const answeredAt = Date.parse(answer.updatedAt);
  const shownAt = Date.parse(shown.updatedAt);
  return answeredAt < shownAt || (answeredAt === shownAt && heardLive.get(store)?.get(shown.id) === shownAt);
}

/**
 * Applies one live change of the board: upsert by id (never a second card for an id, so the
 * echo of one's own change is harmless), drop when deleted or moved away, and ignore a version
 * older than the one on screen (an echo overtaken by a later edit).
 */
export function applyTaskChange(board: BoardData, change: TaskChange): BoardData {
  if (board.project !== change.project) return board;
  let { tasks, states, tags } = board;
  if (change.taskId && change.type.startsWith('task.')) {
    const next = new Map(tasks);
    if (change.task && change.task.project === board.project) {
      if (change.type === 'task.created' && !tasks.has(change.task.id)) {
        const placeholder = temporaryCardFor(tasks, change.task);
        if (placeholder) next.delete(placeholder);
      }
      if (!isOlder(change.task, tasks.get(change.task.id))) next.set(change.task.id, change.task);
    } else next.delete(change.taskId);
    tasks = next;
  }
  if (change.states) states = sortStates(change.states);
  if (change.tags) {
    tags = change.tags;
    tasks = retag(tasks, tags);
  }
  if (change.type === 'state.deleted' && change.stateId && change.moveTo) {
    const next = new Map(tasks);
    for (const task of next.values()) if (task.state === change.stateId) next.set(task.id, { ...task, state: change.moveTo });
    tasks = next;
  }
  if (change.positions && change.positionField === 'positionSection') {
    const next = new Map(tasks);
    for (const { id, position } of change.positions) {
      const task = next.get(id);
      if (task) next.set(id, { ...task, positionSection: position });
    }
    tasks = next;
  }
  return tasks === board.tasks && states === board.states && tags === board.tags ? board : { ...board, tasks, states, tags };
}

/**
 * The caller's edits of one task still waiting for their answers: the task as the server last sent it, and each
 * edit's preview, oldest first. Whatever version of the task arrives meanwhile (a live echo, the answer of an earlier
 * edit) is shown with the previews still on their way laid over it, so a second edit sent before the first one's
 * answer does not flicker back to the first one's result, and a refused edit leaves the others shown.
 */
export interface EditsInFlight {
  server: BoardTask;
  previews: readonly { key: number; preview: Partial<BoardTask> }[];
}

export const editsInFlightAtom = atom<ReadonlyMap<string, EditsInFlight>>(new Map());

const withPreviews = (task: BoardTask, edits: EditsInFlight | undefined): BoardTask =>
  edits ? edits.previews.reduce<BoardTask>((shown, { preview }) => ({ ...shown, ...preview }), task) : task;

function setEditsInFlight(store: AppStore, id: string, edits: EditsInFlight | null): void {
  store.set(editsInFlightAtom, (all) => {
    const next = new Map(all);
    if (edits && edits.previews.length > 0) next.set(id, edits);
    else next.delete(id);
    return next;
  });
}

/**
 * The task as the server last sent it: the one kept with the edits, unless the board shows a newer one (a reload of
 * the board read it meanwhile; a version shown with previews keeps its server version's updatedAt).
 */
function serverVersion(known: EditsInFlight | undefined, shown: BoardTask | undefined): BoardTask | undefined {
  if (!known) return shown;
  return shown && isOlder(known.server, shown) ? shown : known.server;
}

let nextEditKey = 1;

/** Shows an edit of a task on the board at once, over the edits of it already on their way. Returns its key for settleEdit. */
export function beginEdit(store: AppStore, id: string, preview: Partial<BoardTask>): number | null {
  const shown = store.get(boardAtom).tasks.get(id);
  if (!shown) return null;
  const known = store.get(editsInFlightAtom).get(id);
  const key = nextEditKey++;
  const edits = { server: serverVersion(known, shown) ?? shown, previews: [...(known?.previews ?? []), { key, preview }] };
  setEditsInFlight(store, id, edits);
  upsertTask(store, withPreviews(edits.server, edits));
  return key;
}

/**
 * Ends the edit `key` of a task: `answered` is the task as the server's answer has it (null when refused). The task
 * shows the newer of that and the last version heard live (that one on a tie, see heardLive), with the other edits
 * still on their way over it; a task that left the board meanwhile (deleted or moved away, by the caller or live) is
 * not brought back, and a read on its way replays the answer under that same rule (boardAsRead).
 */
export function settleEdit(store: AppStore, id: string, key: number, answered: BoardTask | null): void {
  const known = store.get(editsInFlightAtom).get(id);
  if (!known) return;
  const board = store.get(boardAtom);
  const latest = serverVersion(known, board.tasks.get(id)) ?? known.server;
  // Not kept for a task the board no longer shows: a read that predates its leaving must not get it back through this.
  if (answered && board.project === answered.project && board.tasks.has(id))
    hear(store, { kind: 'answer', task: answered, onlyIfShown: true });
  const server = answered && !isStaleAnswer(store, answered, latest) ? answered : latest;
  const edits = { server, previews: known.previews.filter((edit) => edit.key !== key) };
  setEditsInFlight(store, id, edits);
  store.set(boardAtom, (board) => {
    if (board.project !== server.project || !board.tasks.has(id)) return board;
    return { ...board, tasks: new Map(board.tasks).set(id, withPreviews(server, edits)) };
  });
}

/**
 * A live change as the board takes it: a task, tag or section deleted meanwhile (the caller's deletion on its way,
 * whose echo comes after this one) stays deleted.
 */
function withoutDeleted(store: AppStore, change: TaskChange): TaskChange {
  if (change.type === 'task.deleted' && change.taskId) taskDeletions(store).confirm(change.taskId);
  if (change.type === 'tag.deleted' && change.tagId) tagDeletions(store).confirm(change.tagId);
  if (change.type === 'state.deleted' && change.stateId) sectionDeletions(store).confirm(change.stateId);
  const task = change.task && taskDeletions(store).has(change.task.id) ? null : change.task;
  const tags = change.tags && tagDeletions(store).without(change.tags);
  const states = change.states && sectionDeletions(store).without(change.states);
  return task === change.task && tags === change.tags && states === change.states
    ? change
    : { ...change, task, tags: tags && [...tags], states: states && [...states] };
}

/** One live change of the board (applyTaskChange), with the caller's edits still on their way kept over the task it brings. */
export function receiveTaskChange(store: AppStore, heard: TaskChange): void {
  hear(store, { kind: 'change', change: heard });
  const change = withoutDeleted(store, heard);
  const before = store.get(boardAtom);
  const after = applyTaskChange(before, change);
  if (after.project === change.project) rememberHeard(store, change);
  const id = change.task?.id;
  const edits = id ? store.get(editsInFlightAtom).get(id) : undefined;
  const server = id ? after.tasks.get(id) : undefined;
  if (!id || !edits || !server || server === before.tasks.get(id)) {
    store.set(boardAtom, after);
    return;
  }
  setEditsInFlight(store, id, { ...edits, server });
  store.set(boardAtom, { ...after, tasks: new Map(after.tasks).set(id, withPreviews(server, edits)) });
}

/**
 * A task as a write's answer has it, unless the board already shows a newer version (a live echo can come first; see
 * heardLive) or the task was deleted meanwhile.
 */
export function upsertAnsweredTask(store: AppStore, task: BoardTask): void {
  hear(store, { kind: 'answer', task, onlyIfShown: false });
  if (taskDeletions(store).has(task.id)) return;
  store.set(boardAtom, (board) => {
    if (board.project !== task.project || isStaleAnswer(store, task, board.tasks.get(task.id))) return board;
    return { ...board, tasks: new Map(board.tasks).set(task.id, task) };
  });
}

/**
 * A task put back as it was before a refused write took it off the board, or as it was last heard while the write was
 * on its way when that is newer; not when it left the board meanwhile (deleted, or moved to another space: heard live
 * while the write was on its way), nor over a newer version the board shows.
 */
export function putBackTask(store: AppStore, task: BoardTask, meanwhile: HeardMeanwhile): void {
  if (taskDeletions(store).has(task.id)) return;
  const last = lastHeardOf(meanwhile, task);
  if (last === null) return;
  const version = last && isOlder(task, last) ? last : task;
  store.set(boardAtom, (board) => {
    if (board.project !== version.project || isOlder(version, board.tasks.get(version.id))) return board;
    return { ...board, tasks: new Map(board.tasks).set(version.id, version) };
  });
}

/**
 * One thing the board heard: a live change, or a task as a write's answer had it, with the rule the answer was taken
 * under live (an edit's answer only updates a task the board shows; a creation's, duplication's or follow's answer
 * adds the task unless it is older than the one shown or deleted).
 */
export type HeardOnBoard = { kind: 'change'; change: TaskChange } | { kind: 'answer'; task: BoardTask; onlyIfShown: boolean };

/** What the board heard while a read or a write was on its way, in the order it arrived. */
export interface HeardMeanwhile {
  inOrder: HeardOnBoard[];
}

/** Per store, the reads and writes on their way, each with what the board heard since it was sent. */
const hearingsOnTheirWay = new WeakMap<AppStore, Set<HeardMeanwhile>>();

function hear(store: AppStore, heard: HeardOnBoard): void {
  for (const meanwhile of hearingsOnTheirWay.get(store) ?? []) meanwhile.inOrder.push(heard);
}

/**
 * Starts keeping what the board hears until `end` (call it when the read or write is answered or failed): a board
 * read's answer, which may predate it, then does not undo it (boardAsRead), and a refused write does not put back a
 * task that left meanwhile (putBackTask).
 */
export function startHearing(store: AppStore): { heard: HeardMeanwhile; end: () => void } {
  let hearings = hearingsOnTheirWay.get(store);
  if (!hearings) hearingsOnTheirWay.set(store, (hearings = new Set()));
  const heard: HeardMeanwhile = { inOrder: [] };
  hearings.add(heard);
  return { heard, end: () => hearings.delete(heard) };
}

/** What one thing heard says of task `task`: its version, null when it took it off the board, undefined when nothing. */
function heardOf(heard: HeardOnBoard, task: BoardTask): BoardTask | null | undefined {
  if (heard.kind === 'answer') {
    if (heard.task.id !== task.id) return undefined;
    return heard.task.project === task.project ? heard.task : null;
  }
  const { change } = heard;
  // Only its own space's feed speaks of the task on this board.
  if (change.taskId !== task.id || !change.type.startsWith('task.') || change.project !== task.project) return undefined;
  return change.task && change.task.project === task.project ? change.task : null;
}

/**
 * The task `task` as the board last heard of it in `meanwhile` (the newest version): null when the last it heard took
 * it off the board (deleted, or moved to another space), undefined when it heard nothing of it.
 */
function lastHeardOf(meanwhile: HeardMeanwhile, task: BoardTask): BoardTask | null | undefined {
  let last: BoardTask | null | undefined;
  for (const entry of meanwhile.inOrder) {
    const heard = heardOf(entry, task);
    if (heard === undefined) continue;
    last = heard === null || !last || !isOlder(heard, last) ? heard : last;
  }
  return last;
}

/** The board with one thing heard while a read was on its way applied again, under the rule it had live. */
function replayHeard(store: AppStore, board: BoardData, heard: HeardOnBoard): BoardData {
  if (heard.kind === 'change') return applyTaskChange(board, withoutDeleted(store, heard.change));
  const { task, onlyIfShown } = heard;
  const shown = board.tasks.get(task.id);
  if (board.project !== task.project || (onlyIfShown && !shown) || taskDeletions(store).has(task.id) || isStaleAnswer(store, task, shown))
    return board;
  return { ...board, tasks: new Map(board.tasks).set(task.id, task) };
}

/**
 * The board as a read of the server has it (sections and tags when read, and tasks), with what was heard while the
 * read was on its way replayed over it in the order it arrived, each answer under the rule it had live (an edit's
 * answer does not bring back a task a change heard before it took off the board), then the caller's writes still on
 * their way (withWritesOnTheirWay). Whatever was deleted meanwhile stays out.
 */
export function boardAsRead(
  store: AppStore,
  shown: BoardData,
  heard: HeardMeanwhile,
  read: { states?: readonly ProjectState[]; tags?: readonly Tag[]; tasks: readonly BoardTask[] },
): Pick<BoardData, 'states' | 'tags' | 'tasks'> {
  let board: BoardData = {
    ...shown,
    states: read.states ? sortStates(sectionDeletions(store).without(read.states)) : shown.states,
    tags: read.tags ? [...tagDeletions(store).without(read.tags)] : shown.tags,
    tasks: new Map(read.tasks.map((task) => [task.id, task])),
  };
  for (const entry of heard.inOrder) board = replayHeard(store, board, entry);
  return { states: board.states, tags: board.tags, tasks: withWritesOnTheirWay(store, shown.tasks, [...board.tasks.values()]) };
}

/**
 * The board's tasks as a read of the server has them, with the caller's writes still on their way kept over them: the
 * temporary card of each creation not yet answered (unless the read has the task it stands for, one the board did not
 * show), and each edit's preview over the task read. A task deleted meanwhile (sent or heard while the read was on its
 * way) is left out.
 */
export function withWritesOnTheirWay(
  store: AppStore,
  shown: ReadonlyMap<string, BoardTask>,
  read: readonly BoardTask[],
): Map<string, BoardTask> {
  const tasks = new Map(
    taskDeletions(store)
      .without(read)
      .map((task) => [task.id, task]),
  );
  const newlyRead = [...tasks.values()].filter((task) => !shown.has(task.id));
  for (const card of shown.values()) {
    if (!isTemporaryTask(card)) continue;
    const at = newlyRead.findIndex((created) => standsFor(card, created));
    if (at < 0) tasks.set(card.id, card);
    else newlyRead.splice(at, 1);
  }
  for (const [id, edits] of store.get(editsInFlightAtom)) {
    const readVersion = tasks.get(id);
    if (!readVersion) continue;
    const server = isOlder(readVersion, edits.server) ? edits.server : readVersion;
    setEditsInFlight(store, id, { ...edits, server });
    tasks.set(id, withPreviews(server, edits));
  }
  return tasks;
}

/**
 * The positionSection for a card dropped into `column` just before `beforeId` (at the end when
 * null), between its new neighbours; the moving card itself is left out of the neighbours.
 */
export function dropPosition(column: readonly BoardTask[], movingId: string, beforeId: string | null): number {
  const others = column.filter((task) => task.id !== movingId);
  const index = beforeId === null ? others.length : others.findIndex((task) => task.id === beforeId);
  const at = index < 0 ? others.length : index;
  return positionBetween(others[at - 1]?.positionSection ?? null, others[at]?.positionSection ?? null);
}

export type TaskView = 'board' | 'list';
export const taskViews: readonly TaskView[] = ['board', 'list'];

export interface ViewPrefs {
  view: TaskView;
  /** How the list groups its rows; the board is always by section. */
  grouping: TaskGrouping;
}

export const defaultViewPrefs: ViewPrefs = { view: 'board', grouping: 'section' };

const viewPrefsKey = (userId: string) => `tasks.view.${userId}`;

/** The remembered view of this user in this browser; the default when none or unreadable. */
export function readViewPrefs(
  userId: string | undefined,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ViewPrefs {
  try {
    const saved = JSON.parse(storage?.getItem(viewPrefsKey(userId ?? 'anonymous')) ?? 'null') as Partial<ViewPrefs> | null;
    return {
      view: saved?.view === 'list' ? 'list' : 'board',
      grouping: isTaskGrouping(saved?.grouping) ? saved.grouping : defaultViewPrefs.grouping,
    };
  } catch {
    return defaultViewPrefs;
  }
}

function writeViewPrefs(userId: string | undefined, prefs: ViewPrefs): void {
  try {
    globalThis.localStorage?.setItem(viewPrefsKey(userId ?? 'anonymous'), JSON.stringify(prefs));
  } catch {
    // A full or blocked storage only costs the memory of the choice, never the choice itself.
  }
}

const viewPrefsBaseAtom = atom<ViewPrefs | null>(null);

/** The chosen view and grouping, remembered per user in localStorage. */
export const viewPrefsAtom = atom(
  (get) => get(viewPrefsBaseAtom) ?? readViewPrefs(get(currentUserAtom)?.id),
  (get, set, change: Partial<ViewPrefs>) => {
    const next = { ...get(viewPrefsAtom), ...change };
    set(viewPrefsBaseAtom, next);
    writeViewPrefs(get(currentUserAtom)?.id, next);
  },
);

/** How the tasks area shows a space's tasks. */
export const taskViewAtom = atom(
  (get) => get(viewPrefsAtom).view,
  (_get, set, view: TaskView) => set(viewPrefsAtom, { view }),
);

/** The card or row that has keyboard focus in the tasks area; null when none. */
export const focusedTaskIdAtom = atom<string | null>(null);

/** Whether a card is being dragged (pointer or keyboard): the board's own shortcuts stand aside meanwhile. */
export const boardDraggingAtom = atom(false);
