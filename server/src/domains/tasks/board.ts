import { eq } from 'drizzle-orm';
import { defaultSectionsFor } from '#shared/taskRules';
import type { Reaction, UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { users } from '../accounts';
import type { ProjectCreated } from '../teams';
import { decideOpenBoard } from './boardCommands';
import { taskBoards } from './tables';
import { boardStream } from '../../core/streams';

export interface SpaceForBoard {
  projectId: string;
  teamId: string;
  name: string;
  ownerId: string;
}

/**
 * The name locked while a board of the team picks its prefix: no event is ever appended under it (unit.lock takes a
 * stream's name; the prefixes of a team's boards are no stream's state).
 */
const boardPrefixesLock = (teamId: string) => `board-prefixes:${teamId}`;

/**
 * Gives a space its task board (idCode prefix and default sections, named in its owner's language)
 * unless it has one. Its events are decided in the caller's unit of work, so they are in the log
 * beside the space's own and a replay rebuilds the same board.
 */
export async function openBoard(unit: UnitOfWork, space: SpaceForBoard): Promise<void> {
  const db = unit.transaction;
  // The board's stream, and the team's prefixes: two spaces of a team opening their boards at once on PostgreSQL
  // would otherwise both pick the same free prefix, and the second would fail on task_boards_team_prefix.
  await unit.lock(boardStream(space.projectId), boardPrefixesLock(space.teamId));
  const [existing] = await db.select({ projectId: taskBoards.projectId }).from(taskBoards).where(eq(taskBoards.projectId, space.projectId));
  if (existing) return;
  const prefixRows = await db.select({ prefix: taskBoards.prefix }).from(taskBoards).where(eq(taskBoards.teamId, space.teamId));
  const takenPrefixes = new Set(prefixRows.map((row) => row.prefix));
  const [owner] = await db.select({ language: users.language }).from(users).where(eq(users.id, space.ownerId));
  const sections = defaultSectionsFor(owner?.language ?? 'en').map((value) => ({ stateId: newId(), value }));
  await unit.append(
    boardStream(space.projectId),
    decideOpenBoard({ projectId: space.projectId, teamId: space.teamId, spaceName: space.name, takenPrefixes, sections }),
    { teamId: space.teamId },
  );
}

/**
 * The tasks area's reaction to a new space (created at sign-up, with a team, by an invitation or by
 * setProject, and any way to come): it gets its board in the same unit of work, so no way of creating
 * a space can skip it. Spaces made before tasks existed get theirs on first use (see `ensureBoard`).
 */
export const newSpaceOpensItsBoard: Reaction = {
  name: 'tasks: a new space opens its board',
  on: ['project.created'],
  async react(unit, event) {
    const created = event.payload as ProjectCreated;
    await openBoard(unit, { projectId: created.projectId, teamId: created.teamId, name: created.name, ownerId: created.ownerId });
  },
};

export { boardStream };
