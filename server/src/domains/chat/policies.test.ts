import { describe, expect, it } from 'vitest';
import type { SpaceFacts, TeamSeat } from '../../core/access';
import { chatPolicy } from './policies';

const seat = (role: TeamSeat['role'], withinLimit = true): TeamSeat => ({ userId: 'u', role, withinLimit });
const publicSpace: SpaceFacts = { teamId: 't', isPersonal: false, type: 'public', ownerId: 'o' };
const privateSpace: SpaceFacts = { ...publicSpace, type: 'private' };
const member = { permission: 'basic' as const, requested: false };
const spaceAdmin = { permission: 'admin' as const, requested: false };
const outsider = { permission: null, requested: false };

describe('who follows a space conversation', () => {
  it('lets members read and post, and space admins moderate', () => {
    expect(chatPolicy.inSpace(seat('basic'), privateSpace, member)).toEqual({ read: true, post: true, moderate: false });
    expect(chatPolicy.inSpace(seat('basic'), privateSpace, spaceAdmin)).toEqual({ read: true, post: true, moderate: true });
    expect(chatPolicy.inSpace(seat('guest'), privateSpace, member)).toEqual({ read: true, post: true, moderate: false });
  });

  it('lets a basic member read a public space they did not join, without posting', () => {
    expect(chatPolicy.inSpace(seat('basic'), publicSpace, outsider)).toEqual({ read: true, post: false, moderate: false });
  });

  it('lets team admins read, post and moderate every shared space', () => {
    expect(chatPolicy.inSpace(seat('admin'), privateSpace, outsider)).toEqual({ read: true, post: true, moderate: true });
    expect(chatPolicy.inSpace(seat('admin', false), privateSpace, outsider)).toEqual({ read: false, post: false, moderate: false });
  });

  it('shuts out people outside the team, guests of other spaces and basic members of private spaces', () => {
    expect(chatPolicy.inSpace(null, publicSpace, member)).toEqual({ read: false, post: false, moderate: false });
    expect(chatPolicy.inSpace(seat('guest'), publicSpace, outsider).read).toBe(false);
    expect(chatPolicy.inSpace(seat('basic'), privateSpace, outsider).read).toBe(false);
  });
});

describe('who follows a private chat', () => {
  it('is its members while they are in its team, and nobody moderates', () => {
    expect(chatPolicy.inPrivat({ member: true, inTeam: true })).toEqual({ read: true, post: true, moderate: false });
    expect(chatPolicy.inPrivat({ member: true, inTeam: false }).read).toBe(false);
    expect(chatPolicy.inPrivat({ member: false, inTeam: true }).read).toBe(false);
  });
});

describe('message abilities', () => {
  const text = { authorId: 'u', type: 'text', deleted: false };
  it('lets authors edit their text and file messages and delete them; moderators delete any', () => {
    expect(chatPolicy.edit(text, 'u')).toBe(true);
    expect(chatPolicy.edit(text, 'v')).toBe(false);
    expect(chatPolicy.edit({ ...text, type: 'call' }, 'u')).toBe(false);
    expect(chatPolicy.delete(text, 'v', { read: true, moderate: true })).toBe(true);
    expect(chatPolicy.delete(text, 'v', { read: true, moderate: false })).toBe(false);
    expect(chatPolicy.delete({ ...text, deleted: true }, 'u', { read: true, moderate: true })).toBe(false);
  });

  it('lets authors edit file messages too, never a deleted one', () => {
    expect(chatPolicy.edit({ ...text, type: 'file' }, 'u')).toBe(true);
    expect(chatPolicy.edit({ ...text, type: 'system' }, 'u')).toBe(false);
    expect(chatPolicy.edit({ ...text, deleted: true }, 'u')).toBe(false);
  });

  it('lets authors delete their own messages with read access alone, and nobody without read access', () => {
    expect(chatPolicy.delete(text, 'u', { read: true, moderate: false })).toBe(true);
    expect(chatPolicy.delete(text, 'u', { read: false, moderate: false })).toBe(false);
    expect(chatPolicy.delete(text, 'v', { read: false, moderate: true })).toBe(false);
  });
});

describe("a meeting room's guest", () => {
  it('chats only while admitted', () => {
    expect(chatPolicy.guestMayChat('admitted')).toBe(true);
    for (const state of ['waiting', 'refused', 'removed', '']) expect(chatPolicy.guestMayChat(state), state).toBe(false);
  });
});
