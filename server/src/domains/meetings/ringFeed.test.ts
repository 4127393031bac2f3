import { describe, expect, it } from 'vitest';
import { storedEvent as event } from '../../core/eventFixtures';
import { concernsRingsOf } from './ringResolvers';

const ann = 'a'.repeat(24);
const bas = 'b'.repeat(24);
const cleo = 'c'.repeat(24);

const ring = { videocallId: 'call', ringId: 'ring', callerId: ann, calleeId: bas };

describe("subCalls' relevant events (concernsRingsOf)", () => {
  it('wakes the callee for a ring, and both caller and callee for its end', () => {
    expect(concernsRingsOf(bas)(event('videocall.rung', ring))).toBe(true);
    expect(concernsRingsOf(ann)(event('videocall.ringEnded', { ...ring, outcome: 'declined' }))).toBe(true);
    expect(concernsRingsOf(bas)(event('videocall.ringEnded', { ...ring, outcome: 'missed' }))).toBe(true);
  });

  it('does not wake the caller for their own ring, nor anyone else for rings not theirs', () => {
    expect(concernsRingsOf(ann)(event('videocall.rung', ring))).toBe(false);
    expect(concernsRingsOf(cleo)(event('videocall.rung', ring))).toBe(false);
    expect(concernsRingsOf(cleo)(event('videocall.ringEnded', { ...ring, outcome: 'accepted' }))).toBe(false);
  });

  it("does not wake anyone for the team's other traffic, even events naming them", () => {
    for (const unrelated of [
      event('message.created', { userId: bas, calleeId: bas }),
      event('videocall.joined', { videocallId: 'call', userId: bas }),
      event('videocall.finished', { videocallId: 'call', startedBy: bas }),
      event('task.created', { taskId: 'task', assigneeIds: [bas] }),
      event('team.member_removed', { userId: bas }),
    ])
      expect(concernsRingsOf(bas)(unrelated), unrelated.type).toBe(false);
  });
});
