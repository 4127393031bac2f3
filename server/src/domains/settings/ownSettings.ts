import { and, asc, eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import type { Transaction } from '../../db/connection';
import { isId, newId } from '../../core/ids';
import { userStream } from '../../core/streams';
import { refusal } from '../../errors';
import { checkNotificationSetting, isNotificationSettingName } from './notificationSettings';
import { userSettings } from './tables';
import type { SettingAnswer, TeamSettingInput } from './teamDefaults';

export type OwnSettingInput = TeamSettingInput;

/** A person's own settings, by name (the rows `User.settings` answers). */
export async function ownSettingsOf(db: Pick<Transaction, 'select'>, userId: string): Promise<(typeof userSettings.$inferSelect)[]> {
  return await db.select().from(userSettings).where(eq(userSettings.userId, userId)).orderBy(asc(userSettings.name));
}

/**
 * Sets one of a person's own settings, by id or by name (created if new): `user.setting_changed` on their
 * stream, appended only when something changes. Notification settings are checked against their names.
 */
export async function setOwnSetting(unit: UnitOfWork, userId: string, input: OwnSettingInput): Promise<SettingAnswer> {
  const db = unit.transaction;
  // The person's settings are their stream's state: locked before they are read and decided on (see `UnitOfWork.lock`).
  await unit.lock(userStream(userId));
  const [existing] = input.id
    ? isId(input.id)
      ? await db
          .select()
          .from(userSettings)
          .where(and(eq(userSettings.id, input.id), eq(userSettings.userId, userId)))
          .limit(1)
      : []
    : await db
        .select()
        .from(userSettings)
        .where(and(eq(userSettings.userId, userId), eq(userSettings.name, input.name!)))
        .limit(1);
  if (input.id && !existing) throw refusal('NOT_FOUND', 'SETTING_NOT_FOUND');
  const name = existing?.name ?? input.name!;
  const type = isNotificationSettingName(name)
    ? checkNotificationSetting(name, input.type ?? existing?.type).type
    : (input.type ?? existing?.type ?? null);
  const setting = { settingId: existing?.id ?? newId(), userId, name, type, active: input.active };
  if (!existing || existing.active !== setting.active || existing.type !== setting.type) {
    await unit.append(userStream(userId), [{ type: 'user.setting_changed', payload: setting }], { teamId: null });
  }
  return { id: setting.settingId, name, type, active: setting.active };
}
