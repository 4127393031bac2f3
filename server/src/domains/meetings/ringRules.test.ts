import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { callOutcome, calleesOf, decideRing, decideRingEnd, ringNotificationTypeOf, type RingPlace } from './ringRules';

const privatPlace: RingPlace = { id: 'p1', teamId: 't1', projectId: null, privatId: 'p1', privatMemberIds: ['ann', 'bas', 'cleo'] };
const spaceRoom: RingPlace = { id: 'r1', teamId: 't1', projectId: 's1', privatMemberIds: null };
const everyone = () => true;

const codeAndReason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return [error.code, error.reason ?? null];
    throw error;
  }
  return null;
};

describe('ringNotificationTypeOf', () => {
  it('names a private chat call, a space call and an ad hoc room invitation', () => {
    expect(ringNotificationTypeOf({ privatId: 'p1', projectId: null })).toBe('INVITATION_PVIDEOCALL');
    expect(ringNotificationTypeOf({ projectId: 's1' })).toBe('INVITATION_TVIDEOCALL');
    expect(ringNotificationTypeOf({ projectId: null })).toBe('INVITATION_MEETINGROOM');
  });
});

describe('calleesOf', () => {
  it('rings every other member of a private chat by default, and never the caller', () => {
    expect(calleesOf(privatPlace, 'ann', undefined, everyone)).toEqual(['bas', 'cleo']);
    expect(calleesOf(privatPlace, 'ann', ['bas', 'ann', 'bas'], everyone)).toEqual(['bas']);
  });

  it('leaves out by default a member who may no longer use the chat', () => {
    expect(calleesOf(privatPlace, 'ann', null, (userId) => userId !== 'cleo')).toEqual(['bas']);
  });

  it('refuses someone outside the private chat or unable to use a room', () => {
    expect(codeAndReason(() => calleesOf(privatPlace, 'ann', ['dora'], everyone))).toEqual(['NOT_FOUND', 'CALLEE_NOT_FOUND']);
    expect(codeAndReason(() => calleesOf(spaceRoom, 'ann', ['dora'], (userId) => userId !== 'dora'))).toEqual([
      'NOT_FOUND',
      'CALLEE_NOT_FOUND',
    ]);
  });

  it('needs the people to ring in a room', () => {
    expect(codeAndReason(() => calleesOf(spaceRoom, 'ann', null, everyone))?.[0]).toBe('RING_USERS_REQUIRED');
    expect(codeAndReason(() => calleesOf(spaceRoom, 'ann', ['ann'], everyone))?.[0]).toBe('RING_USERS_REQUIRED');
    expect(calleesOf(spaceRoom, 'ann', ['bas'], everyone)).toEqual(['bas']);
  });
});

describe('decideRing', () => {
  it('makes one ring per callee not already being rung, with who rang whom', () => {
    let next = 0;
    const rings = decideRing(
      privatPlace,
      { id: 'c1', ringingCalleeIds: ['cleo'] },
      'ann',
      ['bas', 'cleo'],
      'INVITATION_PVIDEOCALL',
      () => `ring${++next}`,
    );
    expect(rings).toEqual([
      {
        ringId: 'ring1',
        event: {
          type: 'videocall.rung',
          payload: {
            meetingroomId: 'p1',
            teamId: 't1',
            projectId: null,
            privatId: 'p1',
            videocallId: 'c1',
            ringId: 'ring1',
            callerId: 'ann',
            calleeId: 'bas',
            notificationType: 'INVITATION_PVIDEOCALL',
          },
        },
      },
    ]);
  });
});

describe('decideRingEnd', () => {
  const ring = { id: 'ring1', videocallId: 'c1', callerId: 'ann', calleeId: 'bas' };
  it('ends a ringing ring once, and an ended one not again', () => {
    expect(decideRingEnd(spaceRoom, { ...ring, state: 'ringing' }, 'missed')).toEqual([
      {
        type: 'videocall.ringEnded',
        payload: {
          meetingroomId: 'r1',
          teamId: 't1',
          projectId: 's1',
          videocallId: 'c1',
          ringId: 'ring1',
          callerId: 'ann',
          calleeId: 'bas',
          outcome: 'missed',
        },
      },
    ]);
    expect(decideRingEnd(spaceRoom, { ...ring, state: 'accepted' }, 'missed')).toEqual([]);
  });
});

describe('callOutcome', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, seconds)).toISOString();
  const end = new Date(Date.UTC(2026, 0, 1, 10, 1, 0));

  it('is made when two people were in the call, timed from when the second joined', () => {
    const attendances = [
      { userId: 'ann', invitedId: null, joinedAt: at(0) },
      { userId: 'ann', invitedId: null, joinedAt: at(5) },
      { userId: 'bas', invitedId: null, joinedAt: at(20) },
    ];
    expect(callOutcome(attendances, ['accepted'], end)).toEqual({ outcome: 'made', durationMs: 40_000 });
  });

  it('counts an admitted guest as a second person', () => {
    const attendances = [
      { userId: 'ann', invitedId: null, joinedAt: at(0) },
      { userId: null, invitedId: 'g1', joinedAt: at(30) },
    ];
    expect(callOutcome(attendances, [], end)).toEqual({ outcome: 'made', durationMs: 30_000 });
  });

  it('is missed when a ring was declined or not answered and nobody came, cancelled otherwise', () => {
    const alone = [{ userId: 'ann', invitedId: null, joinedAt: at(0) }];
    expect(callOutcome(alone, ['declined'], end)).toEqual({ outcome: 'missed', durationMs: 0 });
    expect(callOutcome(alone, ['missed', 'cancelled'], end)).toEqual({ outcome: 'missed', durationMs: 0 });
    expect(callOutcome(alone, ['cancelled'], end)).toEqual({ outcome: 'cancelled', durationMs: 0 });
    expect(callOutcome(alone, ['ringing'], end)).toEqual({ outcome: 'cancelled', durationMs: 0 });
    expect(callOutcome(alone, [], end)).toEqual({ outcome: 'cancelled', durationMs: 0 });
  });
});
