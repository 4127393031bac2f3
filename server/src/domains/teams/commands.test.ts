import { describe, expect, it } from 'vitest';
import { teamMessages } from '#shared/teams';
import {
  decideAddMember,
  decideCreateTeam,
  decideDefaultTeamAfterLeaving,
  decideInvitation,
  decideMemberRemoval,
  decideTeamUpdate,
  type TeamState,
} from './commands';

const team = (members: TeamState['members']): TeamState => ({ id: 't1', name: 'Acme', logo: null, url: 'acme', members });
const adminAndBasic = team([
  { userId: 'admin', role: 'admin' },
  { userId: 'basic', role: 'basic' },
]);

describe('setTeam', () => {
  it('given a user, when they create a team, then they are its admin with a personal space and it becomes current', () => {
    const decided = decideCreateTeam({
      teamId: 't2',
      personalProjectId: 'p2',
      userId: 'u',
      name: 'New',
      logo: null,
      personalSpaceName: 'Ada',
    });
    expect(decided.team.map((event) => event.type)).toEqual(['team.created', 'team.member_added']);
    expect(decided.team[1]!.payload).toEqual({ teamId: 't2', userId: 'u', role: 'admin' });
    expect(decided.spaces.get('p2')!.map((event) => event.type)).toEqual(['project.created', 'project.member_added']);
    expect(decided.user).toEqual([{ type: 'user.default_team_changed', payload: { userId: 'u', teamId: 't2' } }]);
  });
});

describe('leaving and removing members', () => {
  it('refuses the last admin while others remain', () => {
    expect(() => decideMemberRemoval(adminAndBasic, 'admin', 'left')).toThrow(teamMessages.lastAdmin);
  });

  it('refuses the only member: leaving would abandon the team', () => {
    expect(() => decideMemberRemoval(team([{ userId: 'admin', role: 'admin' }]), 'admin', 'left')).toThrow(teamMessages.aloneInTeam);
  });

  it('refuses someone who is not a member with NOT_FOUND', () => {
    expect(() => decideMemberRemoval(adminAndBasic, 'stranger', 'removed')).toThrowError(
      expect.objectContaining({ code: 'NOT_FOUND' }) as unknown as Error,
    );
  });

  it('lets a basic member leave, and an admin leave when another admin remains', () => {
    expect(decideMemberRemoval(adminAndBasic, 'basic', 'left')).toEqual([
      { type: 'team.member_removed', payload: { teamId: 't1', userId: 'basic', reason: 'left' } },
    ]);
    const twoAdmins = team([
      { userId: 'a', role: 'admin' },
      { userId: 'b', role: 'admin' },
    ]);
    expect(decideMemberRemoval(twoAdmins, 'a', 'left')).toHaveLength(1);
  });

  it('moves the current team only when the team left was the current one', () => {
    expect(decideDefaultTeamAfterLeaving({ id: 'u', defaultTeamId: 't1' }, 't1', 't9')).toEqual([
      { type: 'user.default_team_changed', payload: { userId: 'u', teamId: 't9' } },
    ]);
    expect(decideDefaultTeamAfterLeaving({ id: 'u', defaultTeamId: 't5' }, 't1', 't9')).toEqual([]);
  });
});

describe('updateTeam', () => {
  it('records only what changed', () => {
    expect(decideTeamUpdate(adminAndBasic, { name: 'Acme', url: 'acme', urlTaken: false }).events).toEqual([]);
    const renamed = decideTeamUpdate(adminAndBasic, { name: 'Acme Inc', urlTaken: false });
    expect(renamed.events).toEqual([{ type: 'team.updated', payload: { teamId: 't1', changes: { name: 'Acme Inc' } } }]);
  });

  it('refuses a taken or malformed custom URL and reports a new one as a URL change', () => {
    expect(() => decideTeamUpdate(adminAndBasic, { url: 'other', urlTaken: true })).toThrow(teamMessages.customUrlTaken);
    expect(() => decideTeamUpdate(adminAndBasic, { url: 'a_b', urlTaken: false })).toThrowError(
      expect.objectContaining({ code: 'TEAM_URL_CHARACTERS', field: 'url' }) as unknown as Error,
    );
    const changed = decideTeamUpdate(adminAndBasic, { url: 'acme-2', urlTaken: false });
    expect(changed).toEqual({ events: [{ type: 'team.url_changed', payload: { teamId: 't1', url: 'acme-2' } }], urlChanged: true });
  });

  it('refuses to demote or kick the last admin, and changes nothing else in the same call', () => {
    expect(() => decideTeamUpdate(adminAndBasic, { name: 'X', role: { userId: 'admin', role: 'basic' }, urlTaken: false })).toThrow(
      teamMessages.lastAdmin,
    );
    expect(() => decideTeamUpdate(adminAndBasic, { kick: 'admin', urlTaken: false })).toThrow(teamMessages.lastAdmin);
  });

  it('promotes then lets the former admin be kicked in one call', () => {
    const decided = decideTeamUpdate(adminAndBasic, { role: { userId: 'basic', role: 'admin' }, kick: 'admin', urlTaken: false });
    expect(decided.events.map((event) => event.type)).toEqual(['team.member_role_changed', 'team.member_removed']);
  });
});

describe('adding members and inviting', () => {
  it('gives a new member a personal space, or back the one they had', () => {
    const fresh = decideAddMember(adminAndBasic, {
      userId: 'n',
      role: 'basic',
      projectId: null,
      personalSpace: { existingId: null, newId: 'p9', name: 'Nia' },
    });
    expect(fresh.spaces.get('p9')!.map((event) => event.type)).toEqual(['project.created', 'project.member_added']);
    const returning = decideAddMember(adminAndBasic, {
      userId: 'n',
      role: 'basic',
      projectId: null,
      personalSpace: { existingId: 'p1', newId: 'p9', name: 'Nia' },
    });
    expect([...returning.spaces.keys()]).toEqual(['p1']);
  });

  it('gives a guest only the invitation space', () => {
    const guest = decideAddMember(adminAndBasic, {
      userId: 'g',
      role: 'guest',
      projectId: 'p5',
      personalSpace: { existingId: null, newId: 'p9', name: 'G' },
    });
    expect([...guest.spaces.keys()]).toEqual(['p5']);
    expect(guest.team[0]!.payload).toMatchObject({ role: 'guest' });
  });

  it('refuses a member twice, and a guest without a space', () => {
    expect(() =>
      decideAddMember(adminAndBasic, {
        userId: 'basic',
        role: 'basic',
        projectId: null,
        personalSpace: { existingId: null, newId: 'p', name: 'B' },
      }),
    ).toThrow(teamMessages.alreadyTeamMember);
    const invitation = {
      invitationId: 'i',
      email: 'g@example.com',
      inviterId: 'admin',
      role: 'guest' as const,
      projectId: null,
      message: null,
      expiresAt: 'x',
      pendingInvitationId: null,
    };
    expect(() => decideInvitation(adminAndBasic, invitation)).toThrow(teamMessages.guestNeedsSpace);
  });

  it('replaces a pending invitation to the same address', () => {
    const events = decideInvitation(adminAndBasic, {
      invitationId: 'i2',
      email: 'x@example.com',
      inviterId: 'admin',
      role: 'basic',
      projectId: null,
      message: 'hi',
      expiresAt: 'x',
      pendingInvitationId: 'i1',
    });
    expect(events[0]!.payload).toMatchObject({ invitationId: 'i2', replaces: 'i1', teamId: 't1' });
  });
});
