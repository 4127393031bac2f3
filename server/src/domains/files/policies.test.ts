import { describe, expect, it } from 'vitest';
import type { SpaceFacts, SpaceSeat, TeamSeat } from '../../core/access';
import { filePolicy, noAccess, privatFileAccess, spaceFileAccess } from './policies';

const seat = (role: TeamSeat['role'], withinLimit = true): TeamSeat => ({ userId: 'me', role, withinLimit });
const publicSpace: SpaceFacts = { teamId: 'team', isPersonal: false, type: 'public', ownerId: 'owner' };
const privateSpace: SpaceFacts = { ...publicSpace, type: 'private' };
const outsider: SpaceSeat = { permission: null, requested: false };
const member: SpaceSeat = { permission: 'basic', requested: false };
const spaceAdmin: SpaceSeat = { permission: 'admin', requested: false };

describe("a space's files", () => {
  it('are read and uploaded by its members, changed by those who manage it', () => {
    expect(spaceFileAccess(seat('basic'), privateSpace, member)).toEqual({ teamId: 'team', read: true, write: true, manage: false });
    expect(spaceFileAccess(seat('guest'), privateSpace, member)).toEqual({ teamId: 'team', read: true, write: true, manage: false });
    expect(spaceFileAccess(seat('basic'), privateSpace, spaceAdmin)).toEqual({ teamId: 'team', read: true, write: true, manage: true });
    expect(spaceFileAccess(seat('admin'), privateSpace, outsider)).toEqual({ teamId: 'team', read: true, write: true, manage: true });
  });

  it('are only read by a basic member who did not join the public space, and hidden in a private one', () => {
    expect(spaceFileAccess(seat('basic'), publicSpace, outsider)).toEqual({ teamId: 'team', read: true, write: false, manage: false });
    expect(spaceFileAccess(seat('basic'), privateSpace, outsider)).toEqual({ teamId: 'team', read: false, write: false, manage: false });
  });

  it('are closed to someone no longer in the team, whatever permission was left behind', () => {
    expect(spaceFileAccess(null, publicSpace, spaceAdmin)).toEqual(noAccess('team'));
  });
});

describe("a private chat's files", () => {
  it('are read and uploaded by its members, and changed by nobody else', () => {
    expect(privatFileAccess('team', { read: true, post: true })).toEqual({ teamId: 'team', read: true, write: true, manage: false });
    expect(privatFileAccess('team', { read: true, post: false })).toEqual({ teamId: 'team', read: true, write: false, manage: false });
    expect(privatFileAccess('team', { read: false, post: true })).toEqual(noAccess('team'));
  });
});

describe('filePolicy', () => {
  const full = { teamId: 'team', read: true, write: true, manage: true };
  const writer = { ...full, manage: false };
  const reader = { ...writer, write: false };

  it('reads and uploads by the access', () => {
    expect(filePolicy.read(reader)).toBe(true);
    expect(filePolicy.read(noAccess('team'))).toBe(false);
    expect(filePolicy.upload(writer)).toBe(true);
    expect(filePolicy.upload(reader)).toBe(false);
  });

  it('lets the author change their file while they may write, and managers any file', () => {
    expect(filePolicy.change(writer, { authorId: 'me' }, 'me')).toBe(true);
    expect(filePolicy.change(writer, { authorId: 'other' }, 'me')).toBe(false);
    expect(filePolicy.change(reader, { authorId: 'me' }, 'me')).toBe(false);
    expect(filePolicy.change(full, { authorId: 'other' }, 'me')).toBe(true);
    expect(filePolicy.change({ ...full, write: false }, { authorId: 'other' }, 'me')).toBe(false);
  });
});
