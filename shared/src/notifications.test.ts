import { describe, it, expect } from 'vitest';
import { isNotificationType, notificationTypes, promotionCreditPounds } from './notifications';

describe('SPEC §3 notification types', () => {
  it('lists the 19 types once each', () => {
    expect(notificationTypes).toHaveLength(19);
    expect(new Set(notificationTypes).size).toBe(19);
  });

  it('includes the invitation, task and promotion types spelled as in SPEC', () => {
    expect(notificationTypes).toEqual(
      expect.arrayContaining(['INVITATION_PVIDEOCALL', 'INVITATION_TVIDEOCALL', 'DEAL_UPDATE', 'TASK_MOVE', 'PROMOTION']),
    );
  });

  it('recognises only the listed types', () => {
    expect(isNotificationType('NEW_FILE')).toBe(true);
    expect(isNotificationType('new_file')).toBe(false);
  });
});

describe('SPEC §9 promotion credit', () => {
  it('grants 100 pounds', () => {
    expect(promotionCreditPounds).toBe(100);
  });
});
