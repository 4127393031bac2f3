import { spaceContentPolicy } from '../../core/spaceContent';
import { spacePolicy, type SpaceFacts, type SpaceSeat, type TeamSeat } from '../../core/access';

/** The caller's standing towards whatever owns a file or folder: a space (or a task's space) or a private chat. */
export interface OwnerAccess {
  teamId: string;
  /** See the files. */
  read: boolean;
  /** Upload files and make folders. */
  write: boolean;
  /** Change and delete other people's files and folders. */
  manage: boolean;
}

export const noAccess = (teamId: string): OwnerAccess => ({ teamId, read: false, write: false, manage: false });

/**
 * A space's files follow the space content rule (spaceContentPolicy: read, write = upload). Those who
 * manage the space also rename, move, share and delete anyone's files there.
 */
export function spaceFileAccess(seat: TeamSeat | null, space: SpaceFacts, spaceSeat: SpaceSeat): OwnerAccess {
  const access = { seat, space, spaceSeat };
  return {
    teamId: space.teamId,
    read: spaceContentPolicy.read(access),
    write: spaceContentPolicy.write(access),
    manage: spacePolicy.manage(seat, space, spaceSeat),
  };
}

/** A private chat's files: its members read and upload; each changes only their own files. */
export function privatFileAccess(teamId: string, chat: { read: boolean; post: boolean }): OwnerAccess {
  return { teamId, read: chat.read, write: chat.read && chat.post, manage: false };
}

export const filePolicy = {
  read: (access: OwnerAccess): boolean => access.read,
  upload: (access: OwnerAccess): boolean => access.write,
  /**
   * Rename, move, share, delete: the author while they may still write there, or whoever manages the owner.
   * Differs from spaceContentPolicy.manage on purpose only in taking an OwnerAccess, which also covers private chats.
   */
  change: (access: OwnerAccess, item: { authorId: string }, userId: string): boolean =>
    access.write && (item.authorId === userId || access.manage),
};
