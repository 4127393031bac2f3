import { describe, expect, it } from 'vitest';
import type { SpaceFacts, SpaceSeat, TeamSeat } from '../../core/access';
import type { SpaceContentAccess } from '../../core/spaceContent';
import { taskPolicy } from './policies';

const seat = (role: TeamSeat['role'], withinLimit = true): TeamSeat => ({ userId: 'me', role, withinLimit });
const publicSpace: SpaceFacts = { teamId: 'team', isPersonal: false, type: 'public', ownerId: 'owner' };
const privateSpace: SpaceFacts = { ...publicSpace, type: 'private' };
const outsider: SpaceSeat = { permission: null, requested: false };
const member: SpaceSeat = { permission: 'basic', requested: false };
const spaceAdmin: SpaceSeat = { permission: 'admin', requested: false };
const access = (teamSeat: TeamSeat | null, space: SpaceFacts, spaceSeat: SpaceSeat): SpaceContentAccess => ({
  seat: teamSeat,
  space,
  spaceSeat,
});

describe('taskPolicy', () => {
  it('leaves sections (deleting one moves its tasks) to those who manage the space', () => {
    expect(taskPolicy.manageSections(access(seat('basic'), privateSpace, spaceAdmin))).toBe(true);
    expect(taskPolicy.manageSections(access(seat('admin'), privateSpace, outsider))).toBe(true);
    expect(taskPolicy.manageSections(access(seat('basic'), privateSpace, member))).toBe(false);
    expect(taskPolicy.manageSections(access(null, privateSpace, spaceAdmin))).toBe(false);
  });

  it("lists a space's tasks across spaces only where its board could be read", () => {
    expect(taskPolicy.listAcrossSpaces(access(seat('basic'), publicSpace, outsider))).toBe(true);
    expect(taskPolicy.listAcrossSpaces(access(seat('guest'), privateSpace, member))).toBe(true);
    expect(taskPolicy.listAcrossSpaces(access(seat('basic'), privateSpace, outsider))).toBe(false);
    expect(taskPolicy.listAcrossSpaces(access(seat('guest'), publicSpace, outsider))).toBe(false);
  });
});
