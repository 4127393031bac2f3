/** Spaces (SPEC §3 Project, §7 "Projects"): the area's documents, typed from the schema. */
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphqlDocument';

export type { PermissionChange } from '#shared/teams';

/**
 * A space as the server presents it to the caller, with what the caller may do: type is public or private,
 * permission the caller's (admin or basic; null when not a member), requested a pending join request.
 */
const spaceFragment = graphql(
  'fragment Space on Project { id team name isPersonal logo color description type createdAt isMember permission requested canManage }',
);

/** A member of a space: isAuth marks the signed-in user, role is the team role, permission the one in the space. */
const spaceMemberFragment = graphql(
  'fragment SpaceMember on ProjectUser { id firstname lastname profileImg email isAuth role permission }',
);

const spaceWithMembersFragment = graphql('fragment SpaceWithMembers on Project { ...Space users { ...SpaceMember } }', [
  spaceFragment,
  spaceMemberFragment,
]);

export type Space = ResultOf<typeof spaceFragment>;
export type SpaceMember = ResultOf<typeof spaceMemberFragment>;
export type SpaceWithMembers = ResultOf<typeof spaceWithMembersFragment>;

export const getProjectsDocument = graphql('query GetProjects { getProjects { ...Space } }', [spaceFragment]);

/** Every space with its members: the permissions matrix. */
export const getProjectsWithMembersDocument = graphql('query GetProjectsWithMembers { getProjects { ...SpaceWithMembers } }', [
  spaceWithMembersFragment,
]);

export const getProjectBasicDocument = graphql('query GetProjectBasic($id: ID!) { getProjectBasic(id: $id) { ...Space } }', [
  spaceFragment,
]);

export const getSpaceWithMembersDocument = graphql(
  'query GetSpaceWithMembers($id: ID!) { getProjectBasic(id: $id) { ...SpaceWithMembers } }',
  [spaceWithMembersFragment],
);

export const createSpaceDocument = graphql(
  `
    mutation SetProject($name: String!, $logo: String, $color: String, $description: String, $type: String) {
      setProject(name: $name, logo: $logo, color: $color, description: $description, type: $type) {
        ...Space
      }
    }
  `,
  [spaceFragment],
);

/** ediProject changes everything, the type included (space admins); logo: a PNG or JPG data URL, null to remove, or the current path to keep. */
export const editSpaceDocument = graphql(
  `
    mutation EdiProject($id: ID!, $name: String, $logo: String, $color: String, $description: String, $type: String) {
      ediProject(id: $id, name: $name, logo: $logo, color: $color, description: $description, type: $type) {
        ...SpaceWithMembers
      }
    }
  `,
  [spaceWithMembersFragment],
);

export type SpaceChanges = VariablesOf<typeof editSpaceDocument>;

export const deleteSpaceDocument = graphql('mutation DelProject($id: ID!) { delProject(id: $id) }');

export const joinSpaceDocument = graphql('mutation JoinProject($project: ID!) { joinProject(project: $project) { ...Space } }', [
  spaceFragment,
]);

/** permission: admin or basic adds or changes a member (approving a request); refused answers a request; removed takes them out (or leaves). */
export const setPermissionDocument = graphql(
  `
    mutation SetPermission($user: ID!, $project: ID!, $permission: String!) {
      setPermission(user: $user, project: $project, permission: $permission) {
        ...SpaceWithMembers
      }
    }
  `,
  [spaceWithMembersFragment],
);

/**
 * A change to the spaces: type is project.created, project.updated, project.deleted, project.member_added,
 * project.join_requested…; project is the space as the subscriber now sees it, null when it is gone or out of sight.
 * member is the one person a membership change is about (null when they left or were taken out): the space's
 * whole member list is not sent with every change, a chat message to a space of thousands included. It reads
 * no chat field (unread, lastMessage), so the server does not send it messages and reads (project.message,
 * project.read): the chat list's document (subSpaceChats) carries those, once per message.
 */
export const subProjectDocument = graphql(
  'subscription SubProject { subProject { type projectId userId project { ...Space } member { ...SpaceMember } } }',
  [spaceFragment, spaceMemberFragment],
);

export type SpaceChange = ResultOf<typeof subProjectDocument>['subProject'];
