import { describe, expect, it } from 'vitest';
import { preferencesFrom } from './preferences';

describe('preferencesFrom', () => {
  it('lets every channel through and sends a daily digest when nothing is set', () => {
    const preferences = preferencesFrom([], []);
    expect(preferences.allows('email', 'TASK_STATE')).toBe(true);
    expect(preferences.allows('browser', 'MESSAGE_MENTION')).toBe(true);
    expect(preferences.digest).toBe('daily');
  });

  it("follows the team's default, and the person's own setting over it", () => {
    const team = [
      { name: 'notifications.email.TASK_STATE', type: 'email', active: false },
      { name: 'notifications.app.NEW_FILE', type: 'app', active: false },
      { name: 'notifications.digest', type: 'hourly', active: true },
    ];
    const own = [{ name: 'notifications.email.TASK_STATE', type: 'email', active: true }];
    const preferences = preferencesFrom(own, team);
    expect(preferences.allows('email', 'TASK_STATE')).toBe(true);
    expect(preferences.allows('app', 'NEW_FILE')).toBe(false);
    expect(preferences.allows('app', 'TASK_STATE')).toBe(true);
    expect(preferences.digest).toBe('hourly');
  });

  it('reads a digest switched off, or of an unknown frequency, as never and daily', () => {
    expect(preferencesFrom([{ name: 'notifications.digest', type: 'daily', active: false }], []).digest).toBe('never');
    expect(preferencesFrom([{ name: 'notifications.digest', type: 'weekly', active: true }], []).digest).toBe('daily');
  });
});
