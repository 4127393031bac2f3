import { eq } from 'drizzle-orm';
import { defaultSectionsFor } from '#shared/taskRules';
import type { UnitOfWork } from '../../core/commands';
import type { DomainEvent } from '../../core/events';
import { newId } from '../../core/ids';
import { users } from '../accounts/tables';
import type { ProjectCreated } from '../teams/events';
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
export function openBoard(unit: UnitOfWork, space: SpaceForBoard): void {
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
  unit.append(
    boardStream(space.projectId),
    decideOpenBoard({ projectId: space.projectId, teamId: space.teamId, spaceName: space.name, takenPrefixes, sections }),
    { teamId: space.teamId },
  );
}

/**
 * Called wherever spaces are created (sign-up, setTeam, joining a team, setProject) with the events
 * about to be appended: every `project.created` among them gets its board first, in the same unit of
 * work. Spaces made before tasks existed get theirs on first use (see `ensureBoard`).
 */
export function openBoardsForNewSpaces(unit: UnitOfWork, spaceEvents: readonly DomainEvent[]): void {
  for (const event of spaceEvents) {
    if (event.type !== 'project.created') continue;
    const created = event.payload as ProjectCreated;
    openBoard(unit, { projectId: created.projectId, teamId: created.teamId, name: created.name, ownerId: created.ownerId });
  }
}

export { boardStream };
