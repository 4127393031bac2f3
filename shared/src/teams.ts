import { isOneOf } from './guards';

/**
 * SPEC §6 roles. A team member is admin or basic; a guest is someone invited by e-mail into one
 * space, who sees only the spaces they are in.
 */
export const teamRoles = ['admin', 'basic', 'guest'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** SPEC §6: permission per user per space. */
export const spacePermissions = ['admin', 'basic'] as const;
export type SpacePermission = (typeof spacePermissions)[number];

/** What setPermission accepts: a permission, refusing a pending join request, or taking someone out. */
export const permissionChanges = ['admin', 'basic', 'refused', 'removed'] as const;
export type PermissionChange = (typeof permissionChanges)[number];

/** Public spaces can be joined at once by any team member; private ones take a request an admin approves. */
export const spaceTypes = ['public', 'private'] as const;
export type SpaceType = (typeof spaceTypes)[number];

export const isTeamRole = (value: unknown): value is TeamRole => isOneOf(teamRoles, value);
export const isPermissionChange = (value: unknown): value is PermissionChange => isOneOf(permissionChanges, value);
export const isSpaceType = (value: unknown): value is SpaceType => isOneOf(spaceTypes, value);

/** Invitation links stop working after this many days; the admin can invite again. */
export const invitationLifetimeDays = 14;

/**
 * A team's custom URL is a lowercase slug: 3 to 48 letters, digits and hyphens, not starting or
 * ending with a hyphen, so it reads well in an address and can become a subdomain later.
 */
export const customUrlLength = { minimum: 3, maximum: 48 } as const;
export const customUrlPattern = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Names the product's own pages and services use, which a team cannot take. */
export const reservedCustomUrls: readonly string[] = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'chats',
  'dev',
  'docs',
  'graphql',
  'help',
  'healthz',
  'locales',
  'mail',
  'media',
  'meetingroom',
  'metrics',
  'mobile',
  'overview',
  'redirect',
  'share',
  'signin',
  'signup',
  'static',
  'status',
  'support',
  'www',
];

export type CustomUrlProblem = 'length' | 'characters' | 'reserved';

export const customUrlProblemMessages: Readonly<Record<CustomUrlProblem, string>> = {
  length: `Use ${customUrlLength.minimum} to ${customUrlLength.maximum} characters for the team URL.`,
  characters: 'Use only lowercase letters, digits and hyphens in the team URL, without a hyphen at either end.',
  reserved: 'This team URL is reserved. Choose another one.',
};

/** The form a custom URL is stored in: what a user types, trimmed and lower-cased. */
export function normalizeCustomUrl(value: string): string {
  return value.trim().toLowerCase();
}

/** What is wrong with an already normalised custom URL, or null when it is acceptable. */
export function customUrlProblem(url: string): CustomUrlProblem | null {
  if (url.length < customUrlLength.minimum || url.length > customUrlLength.maximum) return 'length';
  if (!customUrlPattern.test(url)) return 'characters';
  if (reservedCustomUrls.includes(url)) return 'reserved';
  return null;
}

/** Messages of refusals in the teams area, shared so the client can show the same words. */
export const teamMessages = {
  customUrlTaken: 'This team URL is already taken. Choose another one.',
  lastAdmin: 'You are the last admin of this team. Make someone else admin first.',
  aloneInTeam: 'You are the only member of this team, so leaving would abandon it. Invite someone and make them admin first.',
  notTeamMember: 'This person is not a member of this team.',
  alreadyTeamMember: 'This person is already a member of this team.',
  teamNotFound: 'This team does not exist or you are not a member of it.',
  spaceNotFound: 'This space does not exist or you cannot see it.',
  personalSpaceDelete: 'A personal space cannot be deleted.',
  personalSpaceMembers: 'A personal space has one member: its owner.',
  lastSpaceAdmin: 'This space needs at least one admin. Make someone else admin first.',
  guestNeedsSpace: 'Choose the space a guest is invited to.',
  noPendingRequest: 'This person has not asked to join this space.',
  alreadySpaceMember: 'You are already a member of this space.',
  alreadyRequested: 'You already asked to join this space. An admin will answer.',
  noCurrentTeam: 'You do not belong to a team yet.',
} as const;
