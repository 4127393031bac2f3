import { and, eq, like } from 'drizzle-orm';
import {
  defaultDigestFrequency,
  digestSettingName,
  isDigestFrequency,
  notificationSettingName,
  type DigestFrequency,
  type NotificationChannel,
  type NotificationType,
} from '#shared/notifications';
import type { Transaction } from '../../db/connection';
import { teamSettings, userSettings } from '../settings';

type Reader = Pick<Transaction, 'select'>;

/** One person's notification settings in one team: their own, else the team's default, else on (digest daily). */
export interface NotificationPreferences {
  allows(channel: NotificationChannel, type: NotificationType): boolean;
  readonly digest: DigestFrequency;
}

interface SettingRow {
  name: string;
  type: string | null;
  active: boolean;
}

export function preferencesFrom(own: readonly SettingRow[], team: readonly SettingRow[]): NotificationPreferences {
  const settings = new Map<string, SettingRow>();
  for (const row of team) settings.set(row.name, row);
  for (const row of own) settings.set(row.name, row);
  const digestRow = settings.get(digestSettingName);
  const digest: DigestFrequency =
    digestRow && isDigestFrequency(digestRow.type) ? (digestRow.active ? digestRow.type : 'never') : defaultDigestFrequency;
  return {
    allows: (channel, type) => settings.get(notificationSettingName(channel, type))?.active ?? true,
    digest,
  };
}

const notificationNames = 'notifications.%';

export async function notificationPreferences(db: Reader, userId: string, teamId: string): Promise<NotificationPreferences> {
  const fields = { name: userSettings.name, type: userSettings.type, active: userSettings.active };
  // Setting names are lower-case up to the type: LIKE reads them alike on SQLite (case-blind) and PostgreSQL.
  const own = await db
    .select(fields)
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), like(userSettings.name, notificationNames)));
  const team = await db
    .select({ name: teamSettings.name, type: teamSettings.type, active: teamSettings.active })
    .from(teamSettings)
    .where(and(eq(teamSettings.teamId, teamId), like(teamSettings.name, notificationNames)));
  return preferencesFrom(own, team);
}
