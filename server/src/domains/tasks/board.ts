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
 * Gives a space its task board (idCode prefix and default sections, named in its owner's language)
 * unless it has one. Its events are decided in the caller's unit of work, so they are in the log
 * beside the space's own and a replay rebuilds the same board.
 */
export async function openBoard(unit: UnitOfWork, space: SpaceForBoard): Promise<void> {
  const db = unit.transaction;
  if (db.select({ projectId: taskBoards.projectId }).from(taskBoards).where(eq(taskBoards.projectId, space.projectId)).get()) return;
  const takenPrefixes = new Set(
    db
      .select({ prefix: taskBoards.prefix })
      .from(taskBoards)
      .where(eq(taskBoards.teamId, space.teamId))
      .all()
      .map((row) => row.prefix),
  );
  const language = db.select({ language: users.language }).from(users).where(eq(users.id, space.ownerId)).get()?.language ?? 'en';
  const sections = defaultSectionsFor(language).map((value) => ({ stateId: newId(), value }));
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
