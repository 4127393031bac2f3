import { describe, expect, it } from 'vitest';
import { meetingsPolicy } from './policies';

const room = { linkSecret: 'a'.repeat(43), linkExpiresAt: '2030-01-01T00:00:00.000Z' };

describe('meetingsPolicy', () => {
  it('lets team members use ad hoc rooms, not the team’s external guests nor strangers', () => {
    expect(meetingsPolicy.useAdHocRoom({ userId: 'u', role: 'basic', withinLimit: true })).toBe(true);
    expect(meetingsPolicy.useAdHocRoom({ userId: 'u', role: 'admin', withinLimit: false })).toBe(true);
    expect(meetingsPolicy.useAdHocRoom({ userId: 'u', role: 'guest', withinLimit: true })).toBe(false);
    expect(meetingsPolicy.useAdHocRoom(null)).toBe(false);
  });

  it('moves guests only along the documented transitions', () => {
    expect(meetingsPolicy.changeGuest('waiting', 'admitted')).toBe(true);
    expect(meetingsPolicy.changeGuest('waiting', 'refused')).toBe(true);
    expect(meetingsPolicy.changeGuest('waiting', 'removed')).toBe(true);
    expect(meetingsPolicy.changeGuest('refused', 'admitted')).toBe(true);
    expect(meetingsPolicy.changeGuest('refused', 'removed')).toBe(true);
    expect(meetingsPolicy.changeGuest('admitted', 'removed')).toBe(true);
    expect(meetingsPolicy.changeGuest('admitted', 'refused')).toBe(false);
    expect(meetingsPolicy.changeGuest('admitted', 'waiting')).toBe(false);
    expect(meetingsPolicy.changeGuest('removed', 'admitted')).toBe(false);
    expect(meetingsPolicy.changeGuest('removed', 'refused')).toBe(false);
  });

  it('lets only admitted guests into the call', () => {
    expect(meetingsPolicy.guestInCall('admitted')).toBe(true);
    for (const state of ['waiting', 'refused', 'removed'] as const) expect(meetingsPolicy.guestInCall(state)).toBe(false);
  });

  it('judges a link: its secret exactly, then its time', () => {
    const before = new Date('2029-12-31T23:59:59.999Z');
    expect(meetingsPolicy.link(room, 'a'.repeat(43), before)).toBe('valid');
    expect(meetingsPolicy.link(room, 'a'.repeat(42) + 'b', before)).toBe('revoked');
    expect(meetingsPolicy.link(room, 'a'.repeat(42), before)).toBe('revoked');
    expect(meetingsPolicy.link(room, '', before)).toBe('revoked');
    expect(meetingsPolicy.link(room, 'a'.repeat(43), new Date('2030-01-01T00:00:00.000Z'))).toBe('expired');
    expect(meetingsPolicy.link(room, 'b'.repeat(43), new Date('2031-01-01T00:00:00.000Z'))).toBe('revoked');
  });

  it('fits a join under the mesh cap, and any join without one', () => {
    expect(meetingsPolicy.joinFits(3, 4)).toBe(true);
    expect(meetingsPolicy.joinFits(4, 4)).toBe(false);
    expect(meetingsPolicy.joinFits(5, 4)).toBe(false);
    expect(meetingsPolicy.joinFits(1000, null)).toBe(true);
  });
});
