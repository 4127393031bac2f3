import { spacePolicy, type SpaceFacts, type SpaceSeat, type TeamSeat } from '../teams/policies';

/** The caller's relation to the space a doc is in: what the teams area knows about them there. */
export interface DocAccess {
  seat: TeamSeat | null;
  space: SpaceFacts;
  spaceSeat: SpaceSeat;
}

/**
 * Who may do what to a space's docs, built on the space policy. The same answers serve the
 * resolvers, the subDoc filter and the doc websocket upgrade (read-only when `write` is false):
 * - read: whoever may see the space (members, team admins, basic members for public spaces);
 * - write (content, title and the other fields, new docs): the space's members, guests included,
 *   and those who manage the space; a member seeing a public space they did not join reads only;
 * - manage (share publicly, unshare, delete): the doc's author or those who manage the space,
 *   since a public link exposes the doc outside the team.
 */
export const docPolicy = {
  read: (access: DocAccess): boolean => spacePolicy.read(access.seat, access.space, access.spaceSeat),
  write: (access: DocAccess): boolean =>
    access.seat !== null && (access.spaceSeat.permission !== null || spacePolicy.manage(access.seat, access.space, access.spaceSeat)),
  manage: (access: DocAccess, doc: { authorId: string }): boolean =>
    docPolicy.write(access) && (doc.authorId === access.seat!.userId || spacePolicy.manage(access.seat, access.space, access.spaceSeat)),
};
