import { spacePolicy, type SpaceContentAccess } from '../teams/policies';

/**
 * Tasks follow the space content rule (spaceContentPolicy in the teams area: read, write, and manage
 * for deleting a task). Only sections add their own: deleting one moves every task in it, so it is
 * for those who manage the space.
 */
export const taskPolicy = {
  manageSections: (access: SpaceContentAccess): boolean => spacePolicy.manage(access.seat, access.space, access.spaceSeat),
};
