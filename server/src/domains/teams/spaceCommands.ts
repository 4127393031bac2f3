import { type PermissionChange, type SpacePermission, type SpaceType } from '#shared/teams';
import { codedError, refusal } from '../../errors';
import type { ProjectUpdated, SpaceEvent } from './events';
import type { SpaceFacts } from '../../core/access';

export interface SpaceState extends SpaceFacts {
  id: string;
  name: string;
  logo: string | null;
  color: string | null;
  description: string | null;
  members: readonly { userId: string; permission: SpacePermission }[];
  requests: readonly string[];
}

export interface NewSpace {
  projectId: string;
  teamId: string;
  userId: string;
  name: string;
  logo: string | null;
  color: string | null;
  description: string | null;
  type: SpaceType;
}

/** setProject: the creator is the space's first admin. */
export function decideCreateSpace(input: NewSpace): SpaceEvent[] {
  const { projectId, teamId, userId, name, logo, color, description, type } = input;
  return [
    { type: 'project.created', payload: { projectId, teamId, name, isPersonal: false, ownerId: userId, color, logo, description, type } },
    { type: 'project.member_added', payload: { projectId, userId, permission: 'admin' } },
  ];
}

export type SpaceChanges = ProjectUpdated['changes'];

/** ediProject / ediProjectBasic: only what differs is recorded; a personal space stays private. */
export function decideEditSpace(space: SpaceState, requested: SpaceChanges): SpaceEvent[] {
  if (space.isPersonal && requested.type === 'public') throw codedError('PERSONAL_SPACE_MEMBERS');
  const current: Record<string, unknown> = {
    name: space.name,
    logo: space.logo,
    color: space.color,
    description: space.description,
    type: space.type,
  };
  const changes = Object.fromEntries(
    Object.entries(requested).filter(([key, value]) => value !== undefined && current[key] !== value),
  ) as SpaceChanges;
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'project.updated', payload: { projectId: space.id, teamId: space.teamId, changes } }];
}

/** delProject: personal spaces stay; the event names who could see the space so all of them hear it went. */
export function decideDeleteSpace(space: SpaceState): SpaceEvent[] {
  if (space.isPersonal) throw codedError('PERSONAL_SPACE_DELETE');
  return [
    {
      type: 'project.deleted',
      payload: {
        projectId: space.id,
        teamId: space.teamId,
        name: space.name,
        type: space.type,
        memberIds: space.members.map((member) => member.userId),
      },
    },
  ];
}

/** joinProject: a public space at once; a private one becomes a request that its admins answer. */
export function decideJoin(space: SpaceState, userId: string): SpaceEvent[] {
  if (space.members.some((member) => member.userId === userId)) throw codedError('ALREADY_SPACE_MEMBER');
  if (space.type === 'public') return [{ type: 'project.member_added', payload: { projectId: space.id, userId, permission: 'basic' } }];
  if (space.requests.includes(userId)) throw codedError('ALREADY_REQUESTED');
  return [{ type: 'project.join_requested', payload: { projectId: space.id, userId } }];
}

export interface PermissionTarget {
  userId: string;
  /** Whether the user belongs to the space's team: nobody from elsewhere can be let in. */
  inTeam: boolean;
}

/**
 * setPermission: admin or basic adds the person (approving a request) or changes their permission;
 * refused answers a pending request; removed takes them out. A space keeps at least one admin.
 */
export function decidePermission(space: SpaceState, target: PermissionTarget, change: PermissionChange, actorId: string): SpaceEvent[] {
  if (space.isPersonal) throw codedError('PERSONAL_SPACE_MEMBERS');
  if (!target.inTeam) throw refusal('NOT_FOUND', 'NOT_TEAM_MEMBER');
  const member = space.members.find((candidate) => candidate.userId === target.userId);
  const isLastAdmin = member?.permission === 'admin' && space.members.filter((candidate) => candidate.permission === 'admin').length === 1;
  const projectId = space.id;
  const userId = target.userId;
  switch (change) {
    case 'admin':
    case 'basic':
      if (!member) return [{ type: 'project.member_added', payload: { projectId, userId, permission: change } }];
      if (member.permission === change) return [];
      if (isLastAdmin) throw codedError('LAST_SPACE_ADMIN');
      return [{ type: 'project.permission_changed', payload: { projectId, userId, permission: change } }];
    case 'refused':
      if (!space.requests.includes(userId)) throw codedError('NO_PENDING_REQUEST');
      return [{ type: 'project.join_refused', payload: { projectId, userId } }];
    case 'removed':
      if (!member) throw refusal('NOT_FOUND', 'NOT_SPACE_MEMBER');
      if (isLastAdmin) throw codedError('LAST_SPACE_ADMIN');
      return [{ type: 'project.member_removed', payload: { projectId, userId, reason: userId === actorId ? 'left' : 'removed' } }];
  }
}
