/**
 * System notifications (the Notification API) for what arrives live while the tab is in the background. Only when
 * the person's `notifications.browser.<TYPE>` setting is on and permission was already granted: asking is the
 * preferences section's, never this code's.
 */
import { notificationSettingName, isNotificationType } from '#shared/notifications';
import type { Setting } from '../settings/operations';
import type { AppNotification } from './operations';

export interface BrowserNotificationEnvironment {
  visibility: () => DocumentVisibilityState;
  /** The Notification constructor, when the browser has one. */
  Notification: (typeof globalThis)['Notification'] | undefined;
  focusWindow: () => void;
}

export function browserEnvironment(): BrowserNotificationEnvironment {
  return {
    visibility: () => document.visibilityState,
    Notification: typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined,
    focusWindow: () => window.focus(),
  };
}

type Settings = ReadonlyMap<string, Pick<Setting, 'active'>> | null;

/** The person's own settings and the team's defaults (same names), each null while unknown. */
export interface ChannelSettings {
  own: Settings;
  team: Settings;
}

/** Whether the person wants this type in the browser: their own setting, else the team's default, else on. */
export function browserChannelOn({ own, team }: ChannelSettings, type: string): boolean {
  if (!isNotificationType(type)) return false;
  const name = notificationSettingName('browser', type);
  return (own?.get(name) ?? team?.get(name))?.active ?? true;
}

export interface SystemNotificationText {
  title: string;
  body: string;
}

/**
 * Shows the system notification when everything allows it; a click focuses the tab and runs `open`. Says whether it
 * showed one.
 */
export function showSystemNotification(
  notification: Pick<AppNotification, 'id' | 'type'>,
  text: SystemNotificationText,
  settings: ChannelSettings,
  open: () => void,
  environment: BrowserNotificationEnvironment = browserEnvironment(),
): boolean {
  const System = environment.Notification;
  if (!System || System.permission !== 'granted') return false;
  if (environment.visibility() !== 'hidden') return false;
  if (!browserChannelOn(settings, notification.type)) return false;
  const shown = new System(text.title, { body: text.body, tag: notification.id });
  shown.onclick = () => {
    environment.focusWindow();
    open();
    shown.close();
  };
  return true;
}
