import { spacePolicy, type SpaceFacts, type SpaceSeat, type TeamSeat } from '../teams/policies';

/** The caller's relation to the space a task is in: what the teams area knows about them there. */
export interface BoardAccess {
  seat: TeamSeat | null;
  space: SpaceFacts;
  spaceSeat: SpaceSeat;
}

/**
 * Who may do what to a space's tasks, built on the space policy:
 * - read (and follow): whoever may see the space (its members, team admins, basic members for public spaces);
 * - write (create, edit, move, sections, tags): the space's members, guests included, and those who
 *   manage the space; a member seeing a public space they did not join reads until they join;
 * - delete a task: its author, a space admin or a team admin (who manages every shared space);
 * - delete a section: those who manage the space, since it moves every task in it.
 */
export const taskPolicy = {
  read: (access: BoardAccess): boolean => spacePolicy.read(access.seat, access.space, access.spaceSeat),
  write: (access: BoardAccess): boolean =>
    access.seat !== null && (access.spaceSeat.permission !== null || spacePolicy.manage(access.seat, access.space, access.spaceSeat)),
  delete: (access: BoardAccess, task: { authorId: string }): boolean =>
    taskPolicy.write(access) && (task.authorId === access.seat!.userId || spacePolicy.manage(access.seat, access.space, access.spaceSeat)),
  manageSections: (access: BoardAccess): boolean => spacePolicy.manage(access.seat, access.space, access.spaceSeat),
};
