/**
 * Turns an activity entry (an event from the team's log) into a sentence: who did what to whom
 * or to which space. Unknown event types still read as "<who>: <type>".
 */
import type { TFunction } from 'i18next';
import { jsonObject } from '../../lib/graphqlDocument';
import type { ActivityEntry } from './operations';

/** Event types with a sentence of their own; the translation key is the type with "_" for ".". */
export const describedEvents = [
  'team.created',
  'team.member_added',
  'team.updated',
  'team.url_changed',
  'team.member_role_changed',
  'team.member_removed',
  'team.invitation_created',
  'team.invitation_accepted',
  'team.invitation_revoked',
  'project.created',
  'project.updated',
  'project.deleted',
  'project.member_added',
  'project.permission_changed',
  'project.member_removed',
  'project.join_requested',
  'project.join_refused',
  'user.registered',
  'user.email_verified',
  'user.signed_in',
  'user.signed_out',
  'user.profile_updated',
  'user.language_changed',
  'user.password_changed',
  'user.email_changed',
  'user.default_team_changed',
  'user.setting_changed',
  'user.api_token_created',
  'user.api_token_revoked',
] as const;
type DescribedEvent = (typeof describedEvents)[number];
type Underscored<Type> = Type extends `${infer Area}.${infer Rest}` ? `${Area}_${Rest}` : never;
type EventKey = Underscored<DescribedEvent>;

const taskAreas = new Set(['task', 'tasks', 'state', 'states', 'board', 'tag']);

export interface ActivityNames {
  /** A person's name by user id, when known. */
  person: (userId: string) => string | undefined;
  /** A space's name by id, when known. */
  space: (projectId: string) => string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export function describeActivity(entry: ActivityEntry, names: ActivityNames, t: TFunction): string {
  const details = jsonObject(entry.details);
  const actor = entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}`.trim() : t('activity.system');
  const userId = text(details.userId);
  const person = userId ? (userId === entry.actor?.id ? actor : (names.person(userId) ?? t('activity.someone'))) : t('activity.someone');
  const projectId = text(details.projectId);
  const space = text(details.name) ?? (projectId ? names.space(projectId) : undefined) ?? t('activity.aSpace');
  const role = text(details.role);
  const permission = text(details.permission);
  const values = {
    actor,
    person,
    space,
    team: text(details.name) ?? t('team.fallbackName'),
    role: role === 'admin' || role === 'basic' || role === 'guest' ? t(`teams.roles.${role}`) : (role ?? ''),
    permission: permission === 'admin' || permission === 'basic' ? t(`spaces.permissions.${permission}`) : (permission ?? ''),
    email: text(details.email) ?? '',
    url: text(details.url) ?? '',
  };
  if (!(describedEvents as readonly string[]).includes(entry.type)) {
    // Events of the areas that build on spaces (tasks, sections, tags…) read as work in that space.
    if (taskAreas.has(entry.type.split('.')[0] ?? '')) return t('activity.events.tasks_area', values);
    return t('activity.events.other', { actor, type: entry.type.replace(/[._]/g, ' ') });
  }
  const key = entry.type.replace('.', '_') as EventKey;
  const selfAction = userId !== undefined && userId === entry.actor?.id;
  if (key === 'team_member_removed' && details.reason === 'left') return t('activity.events.team_member_left', values);
  if (key === 'team_invitation_created' && details.resent === true) return t('activity.events.team_invitation_resent', values);
  if (key === 'project_member_removed' && (details.reason === 'left' || selfAction))
    return t('activity.events.project_member_left', values);
  if (key === 'project_member_added' && !selfAction && entry.actor) return t('activity.events.project_member_added_by', values);
  return t(`activity.events.${key}`, values);
}
