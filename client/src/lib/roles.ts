/**
 * The schema carries team roles, space permissions and space types as strings; screens show the values they know
 * (SPEC §6). One the client does not know (a newer server's) or none reads as the least it could be.
 */
import { isSpaceType, isTeamRole, spacePermissions, type SpacePermission, type SpaceType, type TeamRole } from '#shared/teams';

/** A team role: none, or one not known here, counts as basic (the server treats members past the plan's limit so). */
export function teamRoleOf(role: string | null | undefined): TeamRole {
  return isTeamRole(role) ? role : 'basic';
}

/** A permission in a space: none, or one not known here, counts as basic. */
export function spacePermissionOf(permission: string | null | undefined): SpacePermission {
  return spacePermissions.find((known) => known === permission) ?? 'basic';
}

/** A space's type: one not known here counts as private, the one that promises less. */
export function spaceTypeOf(type: string | null | undefined): SpaceType {
  return isSpaceType(type) ? type : 'private';
}
