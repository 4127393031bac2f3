import { describe, expect, it } from 'vitest';
import { errorMessages, formatErrorMessage } from '#shared/errors';
import { chatMessages } from '#shared/chatRules';
import { decideCreatePrivat, decideEditPrivat, decideLeavePrivat, pairKeyOf, privatName, type PrivatState } from './privatCommands';

const refusal = (code: string, text?: string) => expect.objectContaining({ code, ...(text ? { message: text } : {}) }) as unknown as Error;
const team = ['ann', 'bob', 'cid'];
const inTeam = (userId: string) => team.includes(userId);
const nothingFound = () => undefined;

const privat = (overrides: Partial<PrivatState> = {}): PrivatState => ({
  id: 'p',
  teamId: 't',
  name: 'Group',
  logo: null,
  pairKey: null,
  inactive: false,
  memberIds: ['ann', 'bob'],
  ...overrides,
});

describe('decideCreatePrivat', () => {
  const command = { privatId: 'p1', teamId: 't', creatorId: 'ann', name: null, logo: null };

  it('makes a one-to-one chat with a pair key, the same whoever starts it', () => {
    const decided = decideCreatePrivat({ ...command, userIds: ['bob', 'ann', 'bob'] }, inTeam, nothingFound);
    expect(decided).toEqual({
      events: [
        {
          type: 'privat.created',
          payload: {
            privatId: 'p1',
            teamId: 't',
            name: null,
            logo: null,
            pairKey: pairKeyOf('t', 'bob', 'ann'),
            memberIds: ['ann', 'bob'],
          },
        },
      ],
    });
    expect(pairKeyOf('t', 'ann', 'bob')).toBe(pairKeyOf('t', 'bob', 'ann'));
  });

  it('returns the existing one-to-one chat instead of a second one', () => {
    expect(
      decideCreatePrivat({ ...command, userIds: ['bob'] }, inTeam, (key) =>
        key === pairKeyOf('t', 'ann', 'bob') ? 'existing' : undefined,
      ),
    ).toEqual({ existingId: 'existing' });
  });

  it('makes a group for several people or a name', () => {
    const several = decideCreatePrivat({ ...command, userIds: ['bob', 'cid'] }, inTeam, () => 'never');
    expect('events' in several && several.events[0]!.payload).toMatchObject({ pairKey: null, memberIds: ['ann', 'bob', 'cid'] });
    const named = decideCreatePrivat({ ...command, userIds: ['bob'], name: 'Lunch' }, inTeam, () => 'never');
    expect('events' in named && named.events[0]!.payload).toMatchObject({ pairKey: null, name: 'Lunch' });
  });

  it('refuses nobody, and people the creator may not chat with', () => {
    expect(() => decideCreatePrivat({ ...command, userIds: ['ann'] }, inTeam, nothingFound)).toThrowError(
      refusal('PRIVAT_PEOPLE_REQUIRED', errorMessages.PRIVAT_PEOPLE_REQUIRED),
    );
    expect(() => decideCreatePrivat({ ...command, userIds: ['bob', 'zed'] }, inTeam, nothingFound)).toThrowError(
      refusal('NOT_FOUND', chatMessages.privatPeopleNotInTeam),
    );
  });
});

describe('decideEditPrivat and decideLeavePrivat', () => {
  it('records only what changes', () => {
    expect(decideEditPrivat(privat(), { name: 'Group', inactive: false, addUsers: ['bob'] }, inTeam)).toEqual([]);
    expect(decideEditPrivat(privat(), { name: 'New', addUsers: ['cid'] }, inTeam)).toEqual([
      { type: 'privat.updated', payload: { privatId: 'p', changes: { name: 'New' } } },
      { type: 'privat.members_added', payload: { privatId: 'p', userIds: ['cid'] } },
    ]);
    expect(() => decideEditPrivat(privat(), { addUsers: ['zed'] }, inTeam)).toThrowError(refusal('NOT_FOUND'));
  });

  it('lets a one-to-one chat only be made inactive, never renamed, joined or left', () => {
    const pair = privat({ name: null, pairKey: 't:ann:bob' });
    expect(decideEditPrivat(pair, { inactive: true }, inTeam)).toEqual([
      { type: 'privat.updated', payload: { privatId: 'p', changes: { inactive: true } } },
    ]);
    expect(() => decideEditPrivat(pair, { name: 'Us' }, inTeam)).toThrowError(
      refusal('PRIVAT_ONE_TO_ONE_FIXED', errorMessages.PRIVAT_ONE_TO_ONE_FIXED),
    );
    expect(() => decideEditPrivat(pair, { addUsers: ['cid'] }, inTeam)).toThrowError(
      refusal('PRIVAT_ONE_TO_ONE_FIXED', errorMessages.PRIVAT_ONE_TO_ONE_FIXED),
    );
    expect(() => decideLeavePrivat(pair, 'ann')).toThrowError(refusal('PRIVAT_LEAVE_ONE_TO_ONE', errorMessages.PRIVAT_LEAVE_ONE_TO_ONE));
  });

  it('lets members leave groups', () => {
    expect(decideLeavePrivat(privat(), 'bob')).toEqual([{ type: 'privat.left', payload: { privatId: 'p', userId: 'bob' } }]);
    expect(() => decideLeavePrivat(privat(), 'cid')).toThrowError(refusal('PERMISSION_DENIED'));
  });

  it('trims names and clears empty ones', () => {
    expect(privatName('  Team  ')).toBe('Team');
    expect(privatName('')).toBeNull();
    expect(privatName(undefined)).toBeUndefined();
    expect(() => privatName('n'.repeat(101))).toThrowError(
      refusal('PRIVAT_NAME_LENGTH', formatErrorMessage('PRIVAT_NAME_LENGTH', { minimum: 1, maximum: 100 })),
    );
  });
});
