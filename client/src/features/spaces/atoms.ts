/**
 * Spaces (projects) known to the client: one Map keyed by id (STYLE), the ids getProjects listed,
 * and derived lists (the sidebar's spaces, the joinable ones). Mutation results and live
 * subProject changes go through the same functions, so both update the same atoms.
 */
import { deletedIn, deletionsAtom, deletionsOf } from '../../lib/deletions';
import { atom, type AppStore } from '../../lib/store';
import type { Space, SpaceChange, SpaceWithMembers } from './operations';

/** The last message of a space's chat, as far as the spaces list shows it. */
export interface SpaceLastMessage {
  id: string;
  body: string;
  /** The message's type: a call entry's body is JSON the lists show in words. */
  type?: string;
  createdAt: string;
  author: { id: string; firstname: string; lastname: string } | null;
}

/** A space's chat summary (SPEC §3 Project unread, lastMessage): kept live by the chat feature through storeSpaceChat. */
export interface SpaceChat {
  unread: number;
  lastMessage: SpaceLastMessage | null;
}

/** What the client may know of a space: a preloaded summary has the first fields only; its members once read. */
export type SpaceSummary = Pick<Space, 'id' | 'name' | 'color' | 'logo'> &
  Partial<Omit<Space, 'id' | 'name' | 'color' | 'logo'>> &
  Partial<Pick<SpaceWithMembers, 'users'>> &
  Partial<SpaceChat>;

/** The space whose settings dialog is open (one for the whole dashboard); null when closed. */
export const spaceSettingsTargetAtom = atom<string | null>(null);

/** Whether the "New space" dialog is open. */
export const newSpaceOpenAtom = atom(false);

export const spacesAtom = atom<ReadonlyMap<string, SpaceSummary>>(new Map());

/** Ids of the spaces of the current team the caller can see, in the order they became known; null until loaded. */
export const spaceIdsAtom = atom<readonly string[] | null>(null);

function byPersonalThenName(left: SpaceSummary, right: SpaceSummary): number {
  if (Boolean(left.isPersonal) !== Boolean(right.isPersonal)) return left.isPersonal ? -1 : 1;
  return left.name.localeCompare(right.name);
}

function listed(spaces: ReadonlyMap<string, SpaceSummary>, ids: readonly string[] | null): SpaceSummary[] {
  return (ids ?? []).flatMap((id) => {
    const space = spaces.get(id);
    return space ? [space] : [];
  });
}

/** The sidebar's spaces: the ones the caller belongs to, their personal space first, then by name. */
export const spaceListAtom = atom((get) =>
  listed(get(spacesAtom), get(spaceIdsAtom))
    .filter((space) => space.isMember !== false)
    .sort(byPersonalThenName),
);

/** Spaces the caller sees but does not belong to: public ones to join, private ones to ask for (admins see those). */
export const joinableSpacesAtom = atom((get) =>
  listed(get(spacesAtom), get(spaceIdsAtom))
    .filter((space) => space.isMember === false)
    .sort(byPersonalThenName),
);

function chatOf(space: SpaceSummary | undefined): Partial<SpaceChat> {
  if (space?.unread === undefined) return {};
  return { unread: space.unread, lastMessage: space.lastMessage ?? null };
}

/** The kind under which spaces' deletions are kept (lib/deletions). */
const spaceKind = 'space';

/** The deletions of spaces seen in a store: a space deleted stays out of the lists whatever lands after. */
export const spaceDeletions = (store: AppStore) => deletionsOf(store, spaceKind);

/**
 * Stores spaces the server sent (a list read, a mutation's answer, a live change), leaving out any whose deletion was
 * heard meanwhile: a read or an answer on its way before a deletion can land after it.
 */
export const storeSpacesAtom = atom(null, (get, set, sent: readonly SpaceSummary[], options: { replaceList: boolean }) => {
  const spaces = deletedIn(get(deletionsAtom), spaceKind).without(sent);
  const known = get(spacesAtom);
  const next = new Map(options.replaceList ? [] : known);
  // A re-read of the list (a reconnection) does not carry the chat summary: keep the one the chat feature stored.
  for (const space of spaces) next.set(space.id, { ...chatOf(known.get(space.id)), ...next.get(space.id), ...space });
  set(spacesAtom, next);
  if (options.replaceList)
    set(
      spaceIdsAtom,
      spaces.map((space) => space.id),
    );
  else set(spaceIdsAtom, (ids) => [...new Set([...(ids ?? []), ...spaces.map((space) => space.id)])]);
});

/** Keeps one space the server returned (a mutation result, a live change) in the map and the list. */
export function storeSpace(store: AppStore, space: Space): void {
  store.set(storeSpacesAtom, [space], { replaceList: false });
}

/** Takes a space out of the lists: deleted (`deleted`: it never comes back), or out of the caller's sight. */
export function forgetSpace(store: AppStore, id: string, { deleted }: { deleted: boolean }): void {
  if (deleted) spaceDeletions(store).confirm(id);
  const next = new Map(store.get(spacesAtom));
  next.delete(id);
  store.set(spacesAtom, next);
  store.set(spaceIdsAtom, (ids) => (ids ?? []).filter((known) => known !== id));
  forgetRequests(store, id);
}

/** Updates a known space's unread count and last message (getProjects' chat fields, subProject's project.message / project.read). */
export function storeSpaceChat(store: AppStore, id: string, chat: SpaceChat): void {
  const spaces = store.get(spacesAtom);
  const space = spaces.get(id);
  if (
    !space ||
    (space.unread === chat.unread && space.lastMessage?.id === chat.lastMessage?.id && space.lastMessage?.body === chat.lastMessage?.body)
  )
    return;
  store.set(spacesAtom, new Map(spaces).set(id, { ...space, ...chat }));
}

/**
 * Pending requests to join, per space: the server announces them live (project.join_requested) and
 * answers them with member_added or join_refused. Team admins also read open ones from the activity log.
 */
export const spaceRequestsAtom = atom<ReadonlyMap<string, readonly string[]>>(new Map());

export function addRequest(store: AppStore, projectId: string, userId: string): void {
  const current = store.get(spaceRequestsAtom);
  const users = current.get(projectId) ?? [];
  if (users.includes(userId)) return;
  store.set(spaceRequestsAtom, new Map(current).set(projectId, [...users, userId]));
}

export function removeRequest(store: AppStore, projectId: string, userId: string): void {
  const current = store.get(spaceRequestsAtom);
  const users = current.get(projectId);
  if (!users?.includes(userId)) return;
  store.set(
    spaceRequestsAtom,
    new Map(current).set(
      projectId,
      users.filter((id) => id !== userId),
    ),
  );
}

function forgetRequests(store: AppStore, projectId: string): void {
  const current = store.get(spaceRequestsAtom);
  if (!current.has(projectId)) return;
  const next = new Map(current);
  next.delete(projectId);
  store.set(spaceRequestsAtom, next);
}

/** Membership changes: the one member they are about is added, changed, or (given as null) taken out of the list. */
const membershipChanges = new Set(['project.member_added', 'project.permission_changed', 'project.member_removed']);

/**
 * A space's known member list with one membership change applied; the list stays unknown when it was
 * (whoever shows it reads it whole, getSpaceWithMembers).
 */
function withMemberChange(known: SpaceSummary | undefined, change: SpaceChange): Pick<SpaceWithMembers, 'users'> | undefined {
  if (!known?.users || !change.userId || !membershipChanges.has(change.type)) return undefined;
  const others = known.users.filter((member) => member.id !== change.userId);
  if (!change.member) return { users: others };
  const at = known.users.findIndex((member) => member.id === change.userId);
  return { users: at < 0 ? [...others, change.member] : known.users.map((member, index) => (index === at ? change.member! : member)) };
}

/** How a live change (subProject) updates the atoms: the same path mutation results take. */
export function applySpaceChange(store: AppStore, change: SpaceChange): void {
  if (!change.project) {
    forgetSpace(store, change.projectId, { deleted: change.type === 'project.deleted' });
    return;
  }
  const members = withMemberChange(store.get(spacesAtom).get(change.projectId), change);
  storeSpace(store, members ? { ...change.project, ...members } : change.project);
  if (!change.userId) return;
  if (change.type === 'project.join_requested' && change.project.canManage) addRequest(store, change.projectId, change.userId);
  if (change.type === 'project.member_added' || change.type === 'project.join_refused')
    removeRequest(store, change.projectId, change.userId);
}
