import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../errors';
import { checkNotificationSetting, isNotificationSettingName } from './notificationSettings';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isDomainError(error) ? error.code : 'not a domain error';
  }
  return undefined;
}

describe('notification setting names', () => {
  it('accepts a channel of a known type, its type the channel (filled in when left out)', () => {
    expect(checkNotificationSetting('notifications.email.TASK_STATE', 'email')).toEqual({
      kind: 'channel',
      channel: 'email',
      type: 'email',
    });
    expect(checkNotificationSetting('notifications.browser.MESSAGE_MENTION', undefined)).toEqual({
      kind: 'channel',
      channel: 'browser',
      type: 'browser',
    });
  });

  it('accepts the digest with a frequency as its type', () => {
    expect(checkNotificationSetting('notifications.digest', 'hourly')).toEqual({ kind: 'digest', type: 'hourly' });
    expect(checkNotificationSetting('notifications.digest', 'never')).toEqual({ kind: 'digest', type: 'never' });
  });

  it('refuses unknown channels, types and shapes, a type that is not the channel, and a digest without a frequency', () => {
    expect(codeOf(() => checkNotificationSetting('notifications.sms.TASK_STATE', 'sms'))).toBe('NOTIFICATION_SETTING_UNKNOWN');
    expect(codeOf(() => checkNotificationSetting('notifications.app.task_state', 'app'))).toBe('NOTIFICATION_SETTING_UNKNOWN');
    expect(codeOf(() => checkNotificationSetting('notifications..TASK_STATE', 'app'))).toBe('NOTIFICATION_SETTING_UNKNOWN');
    expect(codeOf(() => checkNotificationSetting('notifications.app.TASK_STATE.more', 'app'))).toBe('NOTIFICATION_SETTING_UNKNOWN');
    expect(codeOf(() => checkNotificationSetting('notifications.app.TASK_STATE', 'email'))).toBe('NOTIFICATION_SETTING_TYPE');
    expect(codeOf(() => checkNotificationSetting('notifications.digest', 'weekly'))).toBe('NOTIFICATION_DIGEST_FREQUENCY');
    expect(codeOf(() => checkNotificationSetting('notifications.digest', null))).toBe('NOTIFICATION_DIGEST_FREQUENCY');
  });

  it('leaves other names to the client', () => {
    expect(isNotificationSettingName('notifications.digest')).toBe(true);
    expect(isNotificationSettingName('onboardingCompleted')).toBe(false);
    expect(isNotificationSettingName('notificationsFoo')).toBe(false);
    expect(isNotificationSettingName('notifications.sms.TASK_STATE')).toBe(true);
    // Two parts name no channel of a type: a client's own switch, as before these names had a meaning.
    expect(isNotificationSettingName('notifications.email')).toBe(false);
  });
});
