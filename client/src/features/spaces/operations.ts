/** Spaces (SPEC §3 Project, §7 "Projects"): typed documents of the area. */
import type { SpacePermission, SpaceType } from '#shared/teams';
import { gql } from '../../lib/graphql';

export interface SpaceMember {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
  email: string;
  /** True for the signed-in user. */
  isAuth: boolean;
  /** Effective team role: admin, basic or guest. */
  role: string | null;
  /** Effective permission in the space. */
  permission: SpacePermission | null;
}

/** A space as the server presents it to the caller, with what the caller may do. */
export interface Space {
  id: string;
  team: string;
  name: string;
  isPersonal: boolean;
  logo: string | null;
  color: string | null;
  description: string | null;
  type: SpaceType;
  createdAt: string;
  isMember: boolean;
  permission: SpacePermission | null;
  requested: boolean;
  canManage: boolean;
}

export interface SpaceWithMembers extends Space {
  users: SpaceMember[];
}

const spaceFields = 'id team name isPersonal logo color description type createdAt isMember permission requested canManage';
const memberFields = 'id firstname lastname profileImg email isAuth role permission';

export const getProjectsDocument = gql<{ getProjects: Space[] | null }>(`query GetProjects { getProjects { ${spaceFields} } }`);

/** Every space with its members: the permissions matrix. */
export const getProjectsWithMembersDocument = gql<{ getProjects: SpaceWithMembers[] }>(
  `query GetProjectsWithMembers { getProjects { ${spaceFields} users { ${memberFields} } } }`,
);

export const getProjectBasicDocument = gql<{ getProjectBasic: Space | null }, { id: string }>(
  `query GetProjectBasic($id: ID!) { getProjectBasic(id: $id) { ${spaceFields} } }`,
);

export const getSpaceWithMembersDocument = gql<{ getProjectBasic: SpaceWithMembers }, { id: string }>(
  `query GetSpaceWithMembers($id: ID!) { getProjectBasic(id: $id) { ${spaceFields} users { ${memberFields} } } }`,
);

export interface NewSpace {
  name: string;
  color?: string | null;
  description?: string | null;
  type?: SpaceType;
  logo?: string | null;
}

export const createSpaceDocument = gql<{ setProject: Space }, NewSpace>(
  `mutation SetProject($name: String!, $logo: String, $color: String, $description: String, $type: String) {
    setProject(name: $name, logo: $logo, color: $color, description: $description, type: $type) { ${spaceFields} }
  }`,
);

export interface SpaceChanges {
  id: string;
  name?: string;
  color?: string | null;
  description?: string | null;
  type?: SpaceType;
  /** A PNG or JPG data URL, null to remove, or the current path to keep. */
  logo?: string | null;
}

/** ediProject changes everything, the type included (space admins). */
export const editSpaceDocument = gql<{ ediProject: SpaceWithMembers }, SpaceChanges>(
  `mutation EdiProject($id: ID!, $name: String, $logo: String, $color: String, $description: String, $type: String) {
    ediProject(id: $id, name: $name, logo: $logo, color: $color, description: $description, type: $type) { ${spaceFields} users { ${memberFields} } }
  }`,
);

export const deleteSpaceDocument = gql<{ delProject: boolean }, { id: string }>('mutation DelProject($id: ID!) { delProject(id: $id) }');

export const joinSpaceDocument = gql<{ joinProject: Space }, { project: string }>(
  `mutation JoinProject($project: ID!) { joinProject(project: $project) { ${spaceFields} } }`,
);

/** admin or basic adds or changes a member (approving a request); refused answers a request; removed takes them out (or leaves). */
export type PermissionChange = SpacePermission | 'refused' | 'removed';

export const setPermissionDocument = gql<
  { setPermission: SpaceWithMembers },
  { user: string; project: string; permission: PermissionChange }
>(
  `mutation SetPermission($user: ID!, $project: ID!, $permission: String!) {
    setPermission(user: $user, project: $project, permission: $permission) { ${spaceFields} users { ${memberFields} } }
  }`,
);

export interface SpaceChange {
  /** project.created, project.updated, project.deleted, project.member_added, project.join_requested… */
  type: string;
  projectId: string;
  userId: string | null;
  /** The space as the subscriber now sees it; null when it is gone or out of sight. */
  project: SpaceWithMembers | null;
}

export const subProjectDocument = gql<{ subProject: SpaceChange }>(
  `subscription SubProject { subProject { type projectId userId project { ${spaceFields} users { ${memberFields} } } } }`,
);
