import { describe, expect, it, vi } from 'vitest';
import { browserChannelOn, showSystemNotification, type BrowserNotificationEnvironment } from './browserNotification';

function environment(permission: NotificationPermission, visibility: DocumentVisibilityState) {
  const shown: { title: string; options: NotificationOptions; instance: { onclick: (() => void) | null; close: () => void } }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn();
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, instance: this });
    }
  }
  const focusWindow = vi.fn();
  const env: BrowserNotificationEnvironment = {
    visibility: () => visibility,
    Notification: FakeNotification as unknown as BrowserNotificationEnvironment['Notification'],
    focusWindow,
  };
  return { env, shown, focusWindow, requestPermission: FakeNotification.requestPermission };
}

const mention = { id: 'n1', type: 'MESSAGE_MENTION' };
const text = { title: 'Ada Lovelace mentioned you', body: 'Could you look at the login?' };
const mentionsOff = new Map([['notifications.browser.MESSAGE_MENTION', { active: false }]]);
const mentionsOn = new Map([['notifications.browser.MESSAGE_MENTION', { active: true }]]);
const unknown = { own: null, team: null };
const settingsOff = { own: mentionsOff, team: null };

describe('browser notifications', () => {
  it('shows one while the tab is hidden and permission is granted; a click focuses the tab and opens the item', () => {
    const { env, shown, focusWindow } = environment('granted', 'hidden');
    const open = vi.fn();
    expect(showSystemNotification(mention, text, unknown, open, env)).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe(text.title);
    expect(shown[0]?.options).toMatchObject({ body: text.body, tag: 'n1' });
    shown[0]?.instance.onclick?.();
    expect(focusWindow).toHaveBeenCalled();
    expect(open).toHaveBeenCalled();
  });

  it('shows nothing while the tab is visible, without permission, or when the person switched the type off; never asks', () => {
    for (const [permission, visibility, settings] of [
      ['granted', 'visible', unknown],
      ['default', 'hidden', unknown],
      ['denied', 'hidden', unknown],
      ['granted', 'hidden', settingsOff],
      ['granted', 'hidden', { own: null, team: mentionsOff }],
    ] as const) {
      const { env, shown, requestPermission } = environment(permission, visibility);
      expect(showSystemNotification(mention, text, settings, vi.fn(), env)).toBe(false);
      expect(shown).toEqual([]);
      expect(requestPermission).not.toHaveBeenCalled();
    }
  });

  it('reads notifications.browser.<TYPE>: the person’s own setting, else the team’s default, else on', () => {
    expect(browserChannelOn(unknown, 'MESSAGE_MENTION')).toBe(true);
    expect(browserChannelOn(settingsOff, 'MESSAGE_MENTION')).toBe(false);
    expect(browserChannelOn({ own: null, team: mentionsOff }, 'MESSAGE_MENTION')).toBe(false);
    expect(browserChannelOn({ own: mentionsOn, team: mentionsOff }, 'MESSAGE_MENTION')).toBe(true);
    expect(browserChannelOn({ own: new Map(), team: mentionsOn }, 'MESSAGE_MENTION')).toBe(true);
    expect(browserChannelOn(unknown, 'NOT_A_TYPE')).toBe(false);
  });
});
