/** Test helper: a ring of a call as the server sends it, by default Ada ringing Grace from their private chat `chat-1`. */
import type { VideocallRing } from '../features/meetings/ringing/operations';

export function videocallRing(overrides: Partial<VideocallRing> = {}): VideocallRing {
  return {
    id: 'ring-1',
    videocall: 'call-1',
    caller: 'ada',
    callerName: 'Ada Lovelace',
    callerProfileImg: null,
    callee: 'grace',
    notificationType: 'INVITATION_PVIDEOCALL',
    state: 'ringing',
    meetingroom: null,
    project: null,
    privat: 'chat-1',
    createdAt: '2026-11-20T14:05:00.000Z',
    endedAt: null,
    ...overrides,
  };
}
