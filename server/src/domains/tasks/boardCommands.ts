import { isAcceptablePosition, listNeedsRespacing, positionSpacing, respaceBeyondMagnitude, spreadPositions } from '#shared/ordering';
import { codedError, refusal } from '../../errors';
import type { BoardState } from './commands';
import type { BoardEvent } from './events';
import { derivePrefix } from './prefix';

const sectionNotFound = () => refusal('NOT_FOUND', 'SECTION_NOT_FOUND');

export interface NewBoard {
  projectId: string;
  teamId: string;
  spaceName: string;
  takenPrefixes: ReadonlySet<string>;
  sections: readonly { stateId: string; value: string }[];
}

/** A space's board: its idCode prefix and its first sections. */
export function decideOpenBoard(input: NewBoard): BoardEvent[] {
  const positions = spreadPositions(input.sections.length);
  return [
    {
      type: 'board.created',
      payload: { projectId: input.projectId, teamId: input.teamId, prefix: derivePrefix(input.spaceName, input.takenPrefixes) },
    },
    ...input.sections.map((section, index): BoardEvent => ({
      type: 'state.created',
      payload: { stateId: section.stateId, projectId: input.projectId, value: section.value, icon: index, position: positions[index]! },
    })),
  ];
}

/** Every section of the board, in the order given, evenly spread again (one event). */
function respreadStates(board: BoardState, orderedIds: readonly string[]): BoardEvent {
  const positions = spreadPositions(orderedIds.length);
  return {
    type: 'states.reordered',
    payload: { projectId: board.projectId, positions: orderedIds.map((stateId, index) => ({ stateId, position: positions[index]! })) },
  };
}

/** createState: a new section goes after the last one; the sections are spread out again if they drifted far from zero. */
export function decideCreateState(board: BoardState, section: { stateId: string; value: string; icon: number }): BoardEvent[] {
  const last = board.states.at(-1)?.position ?? 0;
  const position = last + positionSpacing;
  const created: BoardEvent = {
    type: 'state.created',
    payload: { stateId: section.stateId, projectId: board.projectId, value: section.value, icon: section.icon, position },
  };
  if (Math.abs(position) <= respaceBeyondMagnitude) return [created];
  return [created, respreadStates(board, [...board.states.map((state) => state.id), section.stateId])];
}

export function decideUpdateState(board: BoardState, stateId: string, requested: { value?: string; icon?: number }): BoardEvent[] {
  const current = board.states.find((state) => state.id === stateId);
  if (!current) throw sectionNotFound();
  const changes: { value?: string; icon?: number } = {};
  const previous: { value?: string; icon?: number } = {};
  if (requested.value !== undefined && requested.value !== current.value) {
    changes.value = requested.value;
    previous.value = current.value;
  }
  if (requested.icon !== undefined && requested.icon !== current.icon) {
    changes.icon = requested.icon;
    previous.icon = current.icon;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'state.updated', payload: { stateId, projectId: board.projectId, changes, previous } }];
}

/**
 * deleteState: a space keeps at least one section, and the deleted section's tasks go to the end
 * of the section the caller chose, in their order (one offset moves them all).
 */
export function decideDeleteState(
  board: BoardState,
  stateId: string,
  requestedMoveTo: string | undefined,
  positions: { lastInTarget: (stateId: string) => number | null; firstInDeleted: number | null },
): BoardEvent[] {
  const deleted = board.states.find((state) => state.id === stateId);
  if (!deleted) throw sectionNotFound();
  if (board.states.length === 1) throw codedError('LAST_SECTION');
  if (requestedMoveTo === undefined && positions.firstInDeleted !== null) throw codedError('SECTION_MOVE_TO_MISSING', { field: 'moveTo' });
  const moveTo = requestedMoveTo ?? board.states.find((state) => state.id !== stateId)!.id;
  if (moveTo === stateId) throw codedError('SECTION_MOVE_TO_SAME', { field: 'moveTo' });
  if (!board.states.some((state) => state.id === moveTo)) throw refusal('NOT_FOUND', 'SECTION_OTHER_SPACE');
  const positionOffset =
    positions.firstInDeleted === null ? 0 : (positions.lastInTarget(moveTo) ?? 0) + positionSpacing - positions.firstInDeleted;
  return [{ type: 'state.deleted', payload: { stateId, projectId: board.projectId, value: deleted.value, moveTo, positionOffset } }];
}

/**
 * updateStates: sections of one space get the positions given, in one event; unchanged ones are
 * left out. When the result crowds two sections or drifts beyond the respacing threshold, every
 * section is spread out again in the resulting order instead (still one event).
 */
export function decideReorderStates(board: BoardState, ids: readonly string[], positions: readonly number[]): BoardEvent[] {
  if (ids.length !== positions.length) throw codedError('SECTION_POSITIONS_MISMATCH', { field: 'positions' });
  if (new Set(ids).size !== ids.length) throw codedError('SECTION_REPEATED', { field: 'ids' });
  if (positions.some((position) => !isAcceptablePosition(position))) throw codedError('POSITION_OUT_OF_RANGE', { field: 'positions' });
  const changed = ids.flatMap((stateId, index) => {
    const state = board.states.find((candidate) => candidate.id === stateId);
    if (!state) throw refusal('NOT_FOUND', 'SECTION_OTHER_SPACE');
    return state.position === positions[index] ? [] : [{ stateId, position: positions[index]! }];
  });
  if (changed.length === 0) return [];
  const requested = new Map(changed.map((change) => [change.stateId, change.position]));
  const result = board.states.map((state) => ({ id: state.id, position: requested.get(state.id) ?? state.position }));
  if (!listNeedsRespacing(result.map((state) => state.position)))
    return [{ type: 'states.reordered', payload: { projectId: board.projectId, positions: changed } }];
  // Equal positions keep the requested section first: the caller asked for that place.
  const ordered = result.sort(
    (left, right) =>
      left.position - right.position || Number(requested.has(right.id)) - Number(requested.has(left.id)) || (left.id < right.id ? -1 : 1),
  );
  return [
    respreadStates(
      board,
      ordered.map((state) => state.id),
    ),
  ];
}

const sameName = (left: string, right: string) => left.localeCompare(right, undefined, { sensitivity: 'accent' }) === 0;

/** setTag: names are unique in a space among tags and sprints alike, so a filter never shows two of one name. */
export function decideCreateTag(board: BoardState, tag: { tagId: string; name: string; color: string; isSprint: boolean }): BoardEvent[] {
  if (board.tags.some((existing) => sameName(existing.name, tag.name))) throw codedError('TAG_NAME_TAKEN', { field: 'name' });
  return [
    {
      type: 'tag.created',
      payload: { tagId: tag.tagId, projectId: board.projectId, name: tag.name, color: tag.color, isSprint: tag.isSprint },
    },
  ];
}

export interface TagState {
  id: string;
  name: string;
  color: string;
}

export function decideUpdateTag(board: BoardState, tag: TagState, requested: { name?: string; color?: string }): BoardEvent[] {
  const changes: { name?: string; color?: string } = {};
  const previous: { name?: string; color?: string } = {};
  if (requested.name !== undefined && requested.name !== tag.name) {
    if (board.tags.some((existing) => existing.id !== tag.id && sameName(existing.name, requested.name!)))
      throw codedError('TAG_NAME_TAKEN', { field: 'name' });
    changes.name = requested.name;
    previous.name = tag.name;
  }
  if (requested.color !== undefined && requested.color !== tag.color) {
    changes.color = requested.color;
    previous.color = tag.color;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'tag.updated', payload: { tagId: tag.id, projectId: board.projectId, changes, previous } }];
}

/** delTag: the tag leaves every task that had it (as a tag or as its sprint). */
export function decideDeleteTag(board: BoardState, tag: TagState): BoardEvent[] {
  return [{ type: 'tag.deleted', payload: { tagId: tag.id, projectId: board.projectId, name: tag.name } }];
}
