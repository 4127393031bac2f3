import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { SettingsEvent } from './events';
import { userSettings } from './tables';

/** How setting events become rows; API token events only record history (the tokens table is not a projection). */
export const settingsProjection: Projection = {
  name: 'settings',
  tables: [userSettings],
  async apply(transaction: Transaction, stored: StoredEvent) {
    const event = { type: stored.type, payload: stored.payload } as SettingsEvent;
    if (event.type !== 'user.setting_changed') return;
    const { settingId, userId, name, type, active } = event.payload;
    await transaction
      .insert(userSettings)
      .values({ id: settingId, userId, name, type, active, updatedAt: stored.createdAt })
      .onConflictDoUpdate({ target: userSettings.id, set: { type, active, updatedAt: stored.createdAt } });
  },
};
