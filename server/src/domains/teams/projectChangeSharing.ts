import { Kind, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { StoredEvent } from '../../core/events';
import { effectivePermission, spacePolicy } from '../../core/access';
import { liveAccess, type LiveDatabase } from './liveAccess';

/**
 * Project fields whose value depends on the viewer only through their seat: the space's own fields and
 * what the viewer may do there. unread, lastMessage (its flags) and users (isAuth) depend on who they are.
 */
const seatOnlyProjectFields = new Set([
  '__typename',
  'id',
  'team',
  'name',
  'isPersonal',
  'logo',
  'color',
  'description',
  'type',
  'createdAt',
  'updated',
  'isMember',
  'permission',
  'requested',
  'canManage',
]);

/**
 * The fields a selection set names, fragments spread in; null when a field or fragment carries a directive
 * (@include, @skip: what it selects would depend on the variables), which this does not try to follow.
 */
function selectedFields(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  into = new Map<string, SelectionSetNode | undefined>(),
): Map<string, SelectionSetNode | undefined> | null {
  for (const selection of selectionSet.selections) {
    if (selection.directives && selection.directives.length > 0) return null;
    if (selection.kind === Kind.FIELD) {
      // Two selections of one field (say, through two fragments) are both looked at.
      const name = selection.name.value;
      const known = into.get(name);
      if (known && selection.selectionSet)
        into.set(name, { kind: Kind.SELECTION_SET, selections: [...known.selections, ...selection.selectionSet.selections] });
      else if (!known) into.set(name, selection.selectionSet);
      continue;
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
    if (!fragment || (fragment.directives && fragment.directives.length > 0)) return null;
    if (!selectedFields(fragment.selectionSet, fragments, into)) return null;
  }
  return into;
}

/**
 * Whether a subProject subscription reads the space only through fields that depend on the viewer's seat
 * (the spaces list's document: the space and the one member a change is about), so its payload can be shared
 * by every subscriber with the same view of the event (`viewOfChange`). A document that selects the space's
 * unread count, last message or member list has each subscriber's payload made for them alone.
 */
export function readsSeatFieldsOnly(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  const field = info.fieldNodes[0];
  if (!field?.selectionSet || info.fieldNodes.length !== 1) return false;
  const change = selectedFields(field.selectionSet, info.fragments);
  if (!change) return false;
  const project = change.get('project');
  if (!project) return true;
  const fields = selectedFields(project, info.fragments);
  return fields !== null && [...fields.keys()].every((name) => seatOnlyProjectFields.has(name));
}

/** The Project fields a chat event (a message in the space's channel, the viewer's own read) changes. */
const chatProjectFields = new Set(['unread', 'lastMessage']);

/**
 * Whether a subProject subscription reads what a chat event changes: the space's unread count or last message.
 * A message or a read changes nothing else a subscriber can select, so a document that reads neither (the
 * spaces list's) is not sent the team's messages: the chat list's document carries them, once per member.
 * A selection that depends on directives is taken to read them.
 */
export function readsSpaceChat(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  const field = info.fieldNodes[0];
  if (!field?.selectionSet || info.fieldNodes.length !== 1) return true;
  const change = selectedFields(field.selectionSet, info.fragments);
  if (!change) return true;
  const project = change.get('project');
  if (!project) return false;
  const fields = selectedFields(project, info.fragments);
  return fields === null || [...fields.keys()].some((name) => chatProjectFields.has(name));
}

/** What the chat list's document may select and still share a chat event's payload (see readsSeatFieldsOrSpaceChatOnly). */
const chatSummaryProjectFields = new Set([...seatOnlyProjectFields, ...chatProjectFields]);

/**
 * Whether a subProject subscription reads the space only through seat fields and its chat summary (the chat
 * list's document: the space's id, unread count and last message). A chat event's payload for such a document
 * depends on the viewer only through their view of the space (`viewOfChange`), their unread count and whether
 * they wrote the last message (its clientId, canEdit and canDelete; canDelete also on whether they moderate, which
 * the view holds), so it is shared by the subscribers alike in those. The member list (isAuth) is not shared.
 */
export function readsSeatFieldsOrSpaceChatOnly(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  const field = info.fieldNodes[0];
  if (!field?.selectionSet || info.fieldNodes.length !== 1) return false;
  const change = selectedFields(field.selectionSet, info.fragments);
  if (!change) return false;
  const project = change.get('project');
  if (!project) return true;
  const fields = selectedFields(project, info.fragments);
  return fields !== null && [...fields.keys()].every((name) => chatSummaryProjectFields.has(name));
}

/**
 * Everything about `viewerId` a seat-only subProject payload of `event` depends on: whether they see the
 * space, their membership, permission, pending request and right to manage it, and whether the member the
 * change is about is them (ProjectUser.isAuth).
 */
export async function viewOfChange(database: LiveDatabase, viewerId: string, event: StoredEvent): Promise<string> {
  const payload = event.payload as { projectId?: string; userId?: string };
  const access = payload.projectId ? await liveAccess.spaceAccess(database, payload.projectId, viewerId) : null;
  if (!access?.seat || !spacePolicy.read(access.seat, access.space, access.spaceSeat)) return 'hidden';
  const { seat, space, spaceSeat } = access;
  return [
    spaceSeat.permission !== null ? 'member' : 'outside',
    effectivePermission(seat, spaceSeat) ?? 'none',
    spaceSeat.requested ? 'requested' : '',
    spacePolicy.manage(seat, space, spaceSeat) ? 'manages' : '',
    payload.userId === viewerId ? 'self' : '',
  ].join('|');
}
