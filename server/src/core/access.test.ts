import { describe, expect, it } from 'vitest';
import {
  effectivePermission,
  effectiveTeamRole,
  noSpaceSeat,
  spacePolicy,
  spaceTypeOf,
  teamPolicy,
  type SpaceFacts,
  type TeamSeat,
} from './access';

const admin: TeamSeat = { userId: 'a', role: 'admin', withinLimit: true };
const adminBeyondLimit: TeamSeat = { userId: 'b', role: 'admin', withinLimit: false };
const basic: TeamSeat = { userId: 'c', role: 'basic', withinLimit: true };
const guest: TeamSeat = { userId: 'g', role: 'guest', withinLimit: true };
const publicSpace: SpaceFacts = { teamId: 't', isPersonal: false, type: 'public', ownerId: 'a' };
const privateSpace: SpaceFacts = { ...publicSpace, type: 'private' };
const personalSpace: SpaceFacts = { ...privateSpace, isPersonal: true, ownerId: 'c' };

describe('team policy', () => {
  it('lets admins manage the team, and nobody outside it read it', () => {
    expect(teamPolicy.manage(admin)).toBe(true);
    expect(teamPolicy.manage(basic)).toBe(false);
    expect(teamPolicy.read(null)).toBe(false);
    expect(teamPolicy.manage(null)).toBe(false);
  });

  it('gives members beyond the plan limit basic access whatever role they hold (SPEC §6)', () => {
    expect(effectiveTeamRole(adminBeyondLimit)).toBe('basic');
    expect(teamPolicy.manage(adminBeyondLimit)).toBe(false);
    expect(effectivePermission(adminBeyondLimit, { permission: 'admin', requested: false })).toBe('basic');
  });

  it('keeps guests out of team-wide participation', () => {
    expect(teamPolicy.participate(guest)).toBe(false);
    expect(teamPolicy.participate(basic)).toBe(true);
    expect(teamPolicy.participate(null)).toBe(false);
  });

  it('lets every member read the team, guests included', () => {
    expect(teamPolicy.read(basic)).toBe(true);
    expect(teamPolicy.read(guest)).toBe(true);
  });

  it('keeps a guest a guest whatever the limit, and gives a space permission only to members of the space', () => {
    expect(effectiveTeamRole(guest)).toBe('guest');
    expect(effectiveTeamRole({ ...guest, withinLimit: false })).toBe('guest');
    expect(effectivePermission(admin, noSpaceSeat)).toBeNull();
    expect(effectivePermission(null, { permission: 'admin', requested: false })).toBeNull();
    expect(effectivePermission(admin, { permission: 'admin', requested: false })).toBe('admin');
    expect(effectivePermission(guest, { permission: 'admin', requested: false })).toBe('basic');
  });

  it('reads "no seat in the space" as no permission and no pending request', () => {
    expect(noSpaceSeat).toEqual({ permission: null, requested: false });
  });
});

describe('space policy', () => {
  it('shows public spaces to members, private ones only to their members and team admins', () => {
    expect(spacePolicy.read(basic, publicSpace, noSpaceSeat)).toBe(true);
    expect(spacePolicy.read(basic, privateSpace, noSpaceSeat)).toBe(false);
    expect(spacePolicy.read(basic, privateSpace, { permission: 'basic', requested: false })).toBe(true);
    expect(spacePolicy.read(admin, privateSpace, noSpaceSeat)).toBe(true);
  });

  it('shows a guest only the spaces they are in', () => {
    expect(spacePolicy.read(guest, publicSpace, noSpaceSeat)).toBe(false);
    expect(spacePolicy.read(guest, privateSpace, { permission: 'basic', requested: false })).toBe(true);
    expect(spacePolicy.join(guest, publicSpace)).toBe(false);
  });

  it('lets members of the team join shared spaces (or ask to), and nobody from outside it', () => {
    expect(spacePolicy.join(basic, publicSpace)).toBe(true);
    expect(spacePolicy.join(admin, privateSpace)).toBe(true);
    expect(spacePolicy.join(null, publicSpace)).toBe(false);
  });

  it('keeps a personal space to its owner, even from team admins', () => {
    expect(spacePolicy.read(admin, personalSpace, noSpaceSeat)).toBe(false);
    expect(spacePolicy.manage(admin, personalSpace, noSpaceSeat)).toBe(false);
    expect(spacePolicy.manage(basic, personalSpace, { permission: 'admin', requested: false })).toBe(true);
    expect(spacePolicy.join(basic, personalSpace)).toBe(false);
  });

  it('lets space admins and team admins manage a space, not basic members', () => {
    expect(spacePolicy.manage(basic, publicSpace, { permission: 'admin', requested: false })).toBe(true);
    expect(spacePolicy.manage(basic, publicSpace, { permission: 'basic', requested: false })).toBe(false);
    expect(spacePolicy.manage(admin, privateSpace, noSpaceSeat)).toBe(true);
    expect(spacePolicy.manage(guest, publicSpace, { permission: 'admin', requested: false })).toBe(false);
    expect(spacePolicy.manage(null, publicSpace, { permission: 'admin', requested: false })).toBe(false);
  });

  it('treats spaces without a type as private', () => {
    expect(spaceTypeOf(null)).toBe('private');
    expect(spaceTypeOf('public')).toBe('public');
  });
});
