import { privatNameLength } from '#shared/chatRules';
import { codedError, DomainError, refusal } from '../../errors';
import type { PrivatEvent } from './events';

/** People the caller cannot chat with answer as people who do not exist, so ids of other teams cannot be probed. */
const notPartners = () => refusal('NOT_FOUND', 'PRIVAT_PEOPLE_NOT_IN_TEAM');

export interface PrivatState {
  id: string;
  teamId: string;
  name: string | null;
  logo: string | null;
  pairKey: string | null;
  inactive: boolean;
  memberIds: string[];
}

/** The key that finds a team's one-to-one chat between two people, whichever of them starts it. */
export const pairKeyOf = (teamId: string, left: string, right: string) => [teamId, ...[left, right].sort()].join(':');

/** A group's name: trimmed, 1 to 100 characters; null or empty clears it. */
export function privatName(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  const name = raw?.trim() ?? '';
  if (name === '') return null;
  if (name.length > privatNameLength.maximum) throw codedError('PRIVAT_NAME_LENGTH', { params: privatNameLength, field: 'name' });
  return name;
}

export interface NewPrivat {
  privatId: string;
  teamId: string;
  creatorId: string;
  userIds: readonly string[];
  name: string | null;
  logo: string | null;
}

const othersIn = (command: NewPrivat) => [...new Set(command.userIds)].filter((userId) => userId !== command.creatorId);

/** The pair key of the chat a command would create: one other person and no name or logo is a one-to-one chat. */
export function oneToOnePairKey(command: NewPrivat): string | null {
  const others = othersIn(command);
  return others.length === 1 && command.name === null && command.logo === null
    ? pairKeyOf(command.teamId, command.creatorId, others[0]!)
    : null;
}

/**
 * setPrivat: the creator and the people chosen, each of whom the creator may chat with. One other
 * person and no name is a one-to-one chat, which exists at most once per pair: starting it again
 * returns the existing one and writes nothing.
 */
export function decideCreatePrivat(
  command: NewPrivat,
  canChatWith: (userId: string) => boolean,
  findPair: (pairKey: string) => string | undefined,
): { existingId: string } | { events: PrivatEvent[] } {
  const others = othersIn(command);
  if (others.length === 0) throw codedError('PRIVAT_PEOPLE_REQUIRED', { field: 'users' });
  if (!others.every(canChatWith)) throw notPartners();
  const pairKey = oneToOnePairKey(command);
  if (pairKey !== null) {
    const existingId = findPair(pairKey);
    if (existingId !== undefined) return { existingId };
  }
  return {
    events: [
      {
        type: 'privat.created',
        payload: {
          privatId: command.privatId,
          teamId: command.teamId,
          name: command.name,
          logo: command.logo,
          pairKey,
          memberIds: [command.creatorId, ...others],
        },
      },
    ],
  };
}

export interface PrivatChanges {
  name?: string | null | undefined;
  logo?: string | null | undefined;
  inactive?: boolean | undefined;
  addUsers?: readonly string[] | undefined;
}

/** ediPrivat by a member: only what differs is recorded; a one-to-one chat can only be made (in)active. */
export function decideEditPrivat(privat: PrivatState, changes: PrivatChanges, canChatWith: (userId: string) => boolean): PrivatEvent[] {
  const oneToOne = privat.pairKey !== null;
  const updated: Partial<{ name: string | null; logo: string | null; inactive: boolean }> = {};
  if (changes.name !== undefined && changes.name !== privat.name) updated.name = changes.name;
  if (changes.logo !== undefined && changes.logo !== privat.logo) updated.logo = changes.logo;
  if (changes.inactive !== undefined && changes.inactive !== privat.inactive) updated.inactive = changes.inactive;
  const added = [...new Set(changes.addUsers ?? [])].filter((userId) => !privat.memberIds.includes(userId));
  if (oneToOne && (updated.name !== undefined || updated.logo !== undefined || added.length > 0))
    throw codedError('PRIVAT_ONE_TO_ONE_FIXED');
  if (!added.every(canChatWith)) throw notPartners();
  const events: PrivatEvent[] = [];
  if (Object.keys(updated).length > 0) events.push({ type: 'privat.updated', payload: { privatId: privat.id, changes: updated } });
  if (added.length > 0) events.push({ type: 'privat.members_added', payload: { privatId: privat.id, userIds: added } });
  return events;
}

/** leavePrivat: members leave group chats; a one-to-one chat stays between its two people. */
export function decideLeavePrivat(privat: PrivatState, userId: string): PrivatEvent[] {
  if (!privat.memberIds.includes(userId)) throw new DomainError('PERMISSION_DENIED');
  if (privat.pairKey !== null) throw codedError('PRIVAT_LEAVE_ONE_TO_ONE');
  return [{ type: 'privat.left', payload: { privatId: privat.id, userId } }];
}
