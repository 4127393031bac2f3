import { describe, expect, it } from 'vitest';
import { teamMessages } from '#shared/teams';
import { decideCreateSpace, decideDeleteSpace, decideEditSpace, decideJoin, decidePermission, type SpaceState } from './spaceCommands';

const space = (overrides: Partial<SpaceState> = {}): SpaceState => ({
  id: 'p1',
  teamId: 't1',
  name: 'Design',
  logo: null,
  color: null,
  description: null,
  isPersonal: false,
  type: 'public',
  ownerId: 'admin',
  members: [
    { userId: 'admin', permission: 'admin' },
    { userId: 'basic', permission: 'basic' },
  ],
  requests: [],
  ...overrides,
});
const inTeam = (userId: string) => ({ userId, inTeam: true });

describe('creating, editing and deleting spaces', () => {
  it('makes the creator the first admin', () => {
    const events = decideCreateSpace({
      projectId: 'p2',
      teamId: 't1',
      userId: 'u',
      name: 'Ops',
      logo: null,
      color: '#ff0000',
      description: null,
      type: 'private',
    });
    expect(events[1]).toEqual({ type: 'project.member_added', payload: { projectId: 'p2', userId: 'u', permission: 'admin' } });
  });

  it('records only changed fields, and nothing when nothing changed', () => {
    expect(decideEditSpace(space(), { name: 'Design', color: undefined })).toEqual([]);
    expect(decideEditSpace(space(), { name: 'Brand', type: 'private' })).toEqual([
      { type: 'project.updated', payload: { projectId: 'p1', teamId: 't1', changes: { name: 'Brand', type: 'private' } } },
    ]);
  });

  it('never deletes a personal space, and names who could see a deleted one', () => {
    expect(() => decideDeleteSpace(space({ isPersonal: true }))).toThrow(teamMessages.personalSpaceDelete);
    expect(decideDeleteSpace(space())[0]!.payload).toMatchObject({ memberIds: ['admin', 'basic'], type: 'public' });
  });
});

describe('joining', () => {
  it('joins a public space at once and asks to join a private one', () => {
    expect(decideJoin(space(), 'new')[0]!.type).toBe('project.member_added');
    expect(decideJoin(space({ type: 'private' }), 'new')[0]!.type).toBe('project.join_requested');
  });

  it('refuses a member and a second request', () => {
    expect(() => decideJoin(space(), 'basic')).toThrow(teamMessages.alreadySpaceMember);
    expect(() => decideJoin(space({ type: 'private', requests: ['new'] }), 'new')).toThrow(teamMessages.alreadyRequested);
  });
});

describe('setPermission', () => {
  const requested = space({ type: 'private', requests: ['new'] });

  it('approves a request with the permission given, or refuses it', () => {
    expect(decidePermission(requested, inTeam('new'), 'basic', 'admin')).toEqual([
      { type: 'project.member_added', payload: { projectId: 'p1', userId: 'new', permission: 'basic' } },
    ]);
    expect(decidePermission(requested, inTeam('new'), 'refused', 'admin')[0]!.type).toBe('project.join_refused');
    expect(() => decidePermission(space(), inTeam('new'), 'refused', 'admin')).toThrow(teamMessages.noPendingRequest);
  });

  it('changes a permission, and refuses to demote or remove the last admin', () => {
    expect(decidePermission(space(), inTeam('basic'), 'admin', 'admin')[0]!.type).toBe('project.permission_changed');
    expect(decidePermission(space(), inTeam('basic'), 'basic', 'admin')).toEqual([]);
    expect(() => decidePermission(space(), inTeam('admin'), 'basic', 'admin')).toThrow(teamMessages.lastSpaceAdmin);
    expect(() => decidePermission(space(), inTeam('admin'), 'removed', 'admin')).toThrow(teamMessages.lastSpaceAdmin);
  });

  it('records removing yourself as leaving', () => {
    expect(decidePermission(space(), inTeam('basic'), 'removed', 'basic')[0]!.payload).toMatchObject({ reason: 'left' });
  });

  it('refuses a user from another team and any change to a personal space', () => {
    expect(() => decidePermission(space(), { userId: 'outsider', inTeam: false }, 'basic', 'admin')).toThrowError(
      expect.objectContaining({ code: 'NOT_FOUND' }) as unknown as Error,
    );
    expect(() => decidePermission(space({ isPersonal: true }), inTeam('basic'), 'basic', 'admin')).toThrow(
      teamMessages.personalSpaceMembers,
    );
  });
});
