import type { SpacePermission, SpaceType, TeamRole } from '#shared/teams';

/**
 * A user's place in a team. `withinLimit` is false for members who joined after the plan's
 * member limit was reached (SPEC §6): whatever role is stored, they act as basic members.
 */
export interface TeamSeat {
  userId: string;
  role: TeamRole;
  withinLimit: boolean;
}

export interface SpaceFacts {
  teamId: string;
  isPersonal: boolean;
  type: SpaceType;
  ownerId: string;
}

/** The user's relation to one space: their stored permission (null when not a member) and any pending request. */
export interface SpaceSeat {
  permission: SpacePermission | null;
  requested: boolean;
}

export const noSpaceSeat: SpaceSeat = { permission: null, requested: false };

/** Spaces made before spaces had a type are private: nobody gains access by the upgrade. */
export function spaceTypeOf(stored: string | null | undefined): SpaceType {
  return stored === 'public' ? 'public' : 'private';
}

export function effectiveTeamRole(seat: TeamSeat): TeamRole {
  if (seat.role === 'guest') return 'guest';
  return seat.role === 'admin' && seat.withinLimit ? 'admin' : 'basic';
}

/** The permission a member acts with in a space; guests and members beyond the limit are never space admins. */
export function effectivePermission(seat: TeamSeat | null, spaceSeat: SpaceSeat): SpacePermission | null {
  if (seat === null || spaceSeat.permission === null) return null;
  if (spaceSeat.permission === 'basic' || seat.role === 'guest' || !seat.withinLimit) return 'basic';
  return 'admin';
}

/** Who may do what to a team. `seat` is null when the user is not a member: nothing is allowed. */
export const teamPolicy = {
  read: (seat: TeamSeat | null): seat is TeamSeat => seat !== null,
  /** Team administration: rename, logo, URL, roles, invitations, removing members, the activity report. */
  manage: (seat: TeamSeat | null): seat is TeamSeat => seat !== null && effectiveTeamRole(seat) === 'admin',
  /** Creating spaces and listing the team's people is for members; guests only see their own spaces. */
  participate: (seat: TeamSeat | null): seat is TeamSeat => seat !== null && seat.role !== 'guest',
};

/**
 * Who may do what to a space. A personal space belongs to its owner alone. Team admins see and
 * manage every other space of their team (private ones included: they administer the team);
 * basic members see the public spaces and the ones they belong to; guests only the latter.
 */
export const spacePolicy = {
  read(seat: TeamSeat | null, space: SpaceFacts, spaceSeat: SpaceSeat): boolean {
    if (seat === null) return false;
    if (spaceSeat.permission !== null) return true;
    if (space.isPersonal) return false;
    const role = effectiveTeamRole(seat);
    return role === 'admin' || (role === 'basic' && space.type === 'public');
  },
  manage(seat: TeamSeat | null, space: SpaceFacts, spaceSeat: SpaceSeat): boolean {
    if (seat === null) return false;
    if (effectivePermission(seat, spaceSeat) === 'admin') return true;
    return !space.isPersonal && effectiveTeamRole(seat) === 'admin';
  },
  /** Members may join public spaces, or ask to join private ones whose id someone shared with them. */
  join(seat: TeamSeat | null, space: SpaceFacts): boolean {
    return seat !== null && seat.role !== 'guest' && !space.isPersonal;
  },
};
