import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import {
  checkSignal,
  decideGuestState,
  decideJoin,
  decideLeave,
  guestLinkFrom,
  guestNameOf,
  guestStateOf,
  meetingLimits,
  roomNameOf,
} from './commands';

const room = { id: 'r1', teamId: 't1', projectId: null, name: 'Room' };
const joiner = { attendeeId: 'a9', userId: 'u9', invitedId: null };

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
  return undefined;
}

describe('inputs', () => {
  it('trims names and refuses empty or long ones with their own codes', () => {
    expect(roomNameOf(undefined)).toBe('Meeting');
    expect(roomNameOf(null)).toBe('Meeting');
    expect(roomNameOf('  Daily  ')).toBe('Daily');
    expect(roomNameOf('x'.repeat(100))).toHaveLength(100);
    expect(codeOf(() => roomNameOf('  '))).toBe('MEETINGROOM_NAME_REQUIRED');
    expect(codeOf(() => roomNameOf('x'.repeat(101)))).toBe('MEETINGROOM_NAME_TOO_LONG');
    expect(guestNameOf(' Grace ')).toBe('Grace');
    expect(codeOf(() => guestNameOf(''))).toBe('GUEST_NAME_REQUIRED');
    expect(codeOf(() => guestNameOf('y'.repeat(61)))).toBe('GUEST_NAME_TOO_LONG');
  });

  it('takes only the states a member may set', () => {
    expect(guestStateOf('admitted')).toBe('admitted');
    expect(guestStateOf('removed')).toBe('removed');
    expect(codeOf(() => guestStateOf('waiting'))).toBe('GUEST_STATE_INVALID');
    expect(codeOf(() => guestStateOf('Admitted'))).toBe('GUEST_STATE_INVALID');
  });

  it('measures signals in UTF-8 bytes', () => {
    expect(codeOf(() => checkSignal('x'.repeat(meetingLimits.signalBytes)))).toBeUndefined();
    expect(codeOf(() => checkSignal('x'.repeat(meetingLimits.signalBytes + 1)))).toBe('SIGNAL_TOO_LARGE');
    expect(codeOf(() => checkSignal('é'.repeat(meetingLimits.signalBytes / 2 + 1)))).toBe('SIGNAL_TOO_LARGE');
  });

  it('makes a guest link that lasts 30 days', () => {
    const link = guestLinkFrom('secret', new Date('2026-01-01T00:00:00.000Z'));
    expect(link).toEqual({ linkSecret: 'secret', linkExpiresAt: '2026-01-31T00:00:00.000Z' });
  });
});

describe('decisions', () => {
  it('changes a guest only along the transitions, and not at all to its own state', () => {
    expect(decideGuestState(room, { id: 'g', state: 'waiting' }, 'admitted')).toEqual([
      {
        type: 'invited.stateChanged',
        payload: { meetingroomId: 'r1', teamId: 't1', projectId: null, invitedId: 'g', state: 'admitted', previous: 'waiting' },
      },
    ]);
    expect(decideGuestState(room, { id: 'g', state: 'admitted' }, 'admitted')).toEqual([]);
    expect(codeOf(() => decideGuestState(room, { id: 'g', state: 'removed' }, 'admitted'))).toBe('GUEST_STATE_CHANGE_INVALID');
  });

  it('starts a call when none is active and joins the active one otherwise', () => {
    const started = decideJoin(room, null, joiner, 4, 'c-new');
    expect(started.videocallId).toBe('c-new');
    expect(started.events.map((event) => event.type)).toEqual(['videocall.started', 'videocall.joined']);
    const joined = decideJoin(room, { id: 'c1', present: 3 }, joiner, 4, 'c-new');
    expect(joined.videocallId).toBe('c1');
    expect(joined.events).toEqual([
      { type: 'videocall.joined', payload: { meetingroomId: 'r1', teamId: 't1', projectId: null, videocallId: 'c1', ...joiner } },
    ]);
  });

  it('refuses a join past the mesh cap, and caps nothing without one', () => {
    expect(codeOf(() => decideJoin(room, { id: 'c1', present: 4 }, joiner, 4, 'c-new'))).toBe('MEETING_FULL');
    expect(decideJoin(room, { id: 'c1', present: 40 }, joiner, null, 'c-new').events).toHaveLength(1);
  });

  it('records leaves of attendees still in the call, and the finish with the last one', () => {
    const call = { id: 'c1', presentAttendeeIds: ['a1', 'a2'] };
    expect(decideLeave(room, call, ['a1'], 'left').map((event) => event.type)).toEqual(['videocall.left']);
    expect(decideLeave(room, call, ['a1', 'a2', 'a1'], 'left').map((event) => event.type)).toEqual([
      'videocall.left',
      'videocall.left',
      'videocall.finished',
    ]);
    expect(decideLeave(room, call, ['gone'], 'left')).toEqual([]);
    expect(decideLeave(room, { id: 'c1', presentAttendeeIds: ['a1'] }, ['a1'], 'removed')[0]).toMatchObject({
      payload: { attendeeId: 'a1', reason: 'removed' },
    });
  });
});
