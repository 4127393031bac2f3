import { describe, expect, it } from 'vitest';
import { videocallRing as ring } from '../../../test/videocallRing';
import { isOwnRing, ringingState, withRings } from './outgoingRings';

describe('outgoing rings', () => {
  it('says ringing while any ring rings, accepted once one is accepted', () => {
    const rings = withRings(new Map(), [ring(), ring({ id: 'ring-2', callee: 'alan' })]);
    expect(ringingState(rings)).toBe('ringing');
    expect(ringingState(withRings(rings, [ring({ state: 'declined' })]))).toBe('ringing');
    expect(ringingState(withRings(rings, [ring({ id: 'ring-2', callee: 'alan', state: 'accepted' })]))).toBe('accepted');
  });

  it('says declined only when every ring was declined, unanswered when one was missed', () => {
    const rings = withRings(new Map(), [ring(), ring({ id: 'ring-2', callee: 'alan' })]);
    const declined = withRings(rings, [ring({ state: 'declined' }), ring({ id: 'ring-2', callee: 'alan', state: 'declined' })]);
    expect(ringingState(declined)).toBe('declined');
    const oneMissed = withRings(rings, [ring({ state: 'declined' }), ring({ id: 'ring-2', callee: 'alan', state: 'missed' })]);
    expect(ringingState(oneMissed)).toBe('unanswered');
  });

  it('says nothing before anyone was rung', () => {
    expect(ringingState(new Map())).toBe('none');
  });

  it('keeps an end heard live when the ringing answer arrives after it', () => {
    const ended = withRings(new Map(), [ring({ state: 'missed', endedAt: '2026-11-20T14:05:12.000Z' })]);
    expect(ringingState(withRings(ended, [ring()]))).toBe('unanswered');
  });

  it('follows only this person’s rings into this call', () => {
    expect(isOwnRing({ type: 'ended', seq: 1, ring: ring() }, 'call-1', 'ada')).toBe(true);
    expect(isOwnRing({ type: 'rung', seq: 1, ring: ring({ caller: 'grace', callee: 'ada' }) }, 'call-1', 'ada')).toBe(false);
    expect(isOwnRing({ type: 'ended', seq: 1, ring: ring({ videocall: 'call-2' }) }, 'call-1', 'ada')).toBe(false);
  });
});
