import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { SettingsEvent, UserSettingChanged } from './events';
import { userSettings } from './tables';

/** How setting events become rows; API token events only record history (the tokens table is not a projection). */
export const settingsProjection: Projection = {
  name: 'settings',
  tables: [userSettings],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    const event = { type: stored.type, payload: stored.payload } as SettingsEvent;
    if (event.type !== 'user.setting_changed') return undefined;
    return projectSetting(transaction, event.payload, stored.createdAt);
  },
};

async function projectSetting(transaction: Transaction, setting: UserSettingChanged, updatedAt: string): Promise<void> {
  const { settingId, userId, name, type, active } = setting;
  await transaction
    .insert(userSettings)
    .values({ id: settingId, userId, name, type, active, updatedAt })
    .onConflictDoUpdate({ target: userSettings.id, set: { type, active, updatedAt } });
}
