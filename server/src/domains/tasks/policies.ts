import { spaceContentPolicy, type SpaceContentAccess } from '../../core/spaceContent';
import { spacePolicy } from '../../core/access';

/**
 * Tasks follow the space content rule (spaceContentPolicy in the teams area: read, write, and manage
 * for deleting a task). Sections add their own: deleting one moves every task in it, so it is
 * for those who manage the space. A list across spaces (getTasks without a project: Home's
 * "my tasks") takes a space's tasks only where the caller could read them on its board.
 */
export const taskPolicy = {
  manageSections: (access: SpaceContentAccess): boolean => spacePolicy.manage(access.seat, access.space, access.spaceSeat),
  listAcrossSpaces: (access: SpaceContentAccess): boolean => spaceContentPolicy.read(access),
};
