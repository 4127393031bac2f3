import { and, eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import { isId, newId } from '../../core/ids';
import { userStream } from '../../core/streams';
import { refusal } from '../../errors';
import { checkNotificationSetting, isNotificationSettingName } from './notificationSettings';
import { userSettings } from './tables';
import type { SettingAnswer, TeamSettingInput } from './teamDefaults';

export type OwnSettingInput = TeamSettingInput;

/**
 * Sets one of a person's own settings, by id or by name (created if new): `user.setting_changed` on their
 * stream, appended only when something changes. Notification settings are checked against their names.
 */
export async function setOwnSetting(unit: UnitOfWork, userId: string, input: OwnSettingInput): Promise<SettingAnswer> {
  const db = unit.transaction;
  const existing = input.id
    ? isId(input.id)
      ? db
          .select()
          .from(userSettings)
          .where(and(eq(userSettings.id, input.id), eq(userSettings.userId, userId)))
          .get()
      : undefined
    : db
        .select()
        .from(userSettings)
        .where(and(eq(userSettings.userId, userId), eq(userSettings.name, input.name!)))
        .get();
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
