import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { UnitOfWork } from '../../core/commands';
import { teamPolicy } from '../../core/access';
import type { Projection, StoredEvent } from '../../core/events';
import { isId, newId } from '../../core/ids';
import { teamStream } from '../../core/streams';
import { codedError, refusal } from '../../errors';
import { requireTeamMember } from '../teams';
import type { SettingsEvent, TeamSettingChanged } from './events';
import { checkNotificationSetting, isNotificationSettingName } from './notificationSettings';
import { teamSettings as teamDefaults } from './tables';

type Reader = Pick<Transaction, 'select'>;

export interface SettingAnswer {
  id: string;
  name: string;
  type: string | null;
  active: boolean;
}

/** The team's defaults, by name; a member may read them (their own screen shows what they inherit). */
export async function teamDefaultsOf(db: Reader, teamId: string): Promise<SettingAnswer[]> {
  return await db
    .select({ id: teamDefaults.id, name: teamDefaults.name, type: teamDefaults.type, active: teamDefaults.active })
    .from(teamDefaults)
    .where(eq(teamDefaults.teamId, teamId))
    .orderBy(asc(teamDefaults.name));
}

export interface TeamSettingInput {
  id?: string | null | undefined;
  name?: string | null | undefined;
  type?: string | null | undefined;
  active: boolean;
}

/**
 * Sets one of the team's notification defaults (admins only): `team.setting_changed` on the team's stream,
 * appended only when something changes. Only notification settings have team defaults.
 */
export async function setTeamDefault(unit: UnitOfWork, actorId: string, teamId: string, input: TeamSettingInput): Promise<SettingAnswer> {
  const db = unit.transaction;
  // The team's defaults and its admins are its stream's state: locked before they are read (see `UnitOfWork.lock`).
  await unit.lock(teamStream(teamId));
  const { seat } = await requireTeamMember(db, teamId, actorId);
  if (!teamPolicy.manage(seat)) throw refusal('PERMISSION_DENIED', 'TEAM_DEFAULTS_ADMINS_ONLY');
  const [existing] = input.id
    ? isId(input.id)
      ? await db
          .select()
          .from(teamDefaults)
          .where(and(eq(teamDefaults.id, input.id), eq(teamDefaults.teamId, teamId)))
          .limit(1)
      : []
    : await db
        .select()
        .from(teamDefaults)
        .where(and(eq(teamDefaults.teamId, teamId), eq(teamDefaults.name, input.name!)))
        .limit(1);
  if (input.id && !existing) throw refusal('NOT_FOUND', 'SETTING_NOT_FOUND');
  const name = existing?.name ?? input.name!;
  if (!isNotificationSettingName(name)) throw codedError('TEAM_SETTING_NOT_NOTIFICATION', { field: 'name' });
  const checked = checkNotificationSetting(name, input.type ?? existing?.type);
  const setting = { settingId: existing?.id ?? newId(), teamId, name, type: checked.type, active: input.active };
  if (!existing || existing.active !== setting.active || existing.type !== setting.type) {
    await unit.append(teamStream(teamId), [{ type: 'team.setting_changed', payload: setting }], { teamId });
  }
  return { id: setting.settingId, name, type: setting.type, active: setting.active };
}

/** `team.setting_changed` → team_settings, one row per team and name. */
export const teamDefaultsProjection: Projection = {
  name: 'team settings',
  tables: [teamDefaults],
  /** Answers a promise for its own events only (see `settingsProjection`: the doc rooms' synchronous door). */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    const event = { type: stored.type, payload: stored.payload } as SettingsEvent;
    if (event.type !== 'team.setting_changed') return undefined;
    return projectTeamDefault(transaction, event.payload, stored.createdAt);
  },
};

async function projectTeamDefault(transaction: Transaction, setting: TeamSettingChanged, updatedAt: string): Promise<void> {
  const { settingId, teamId, name, type, active } = setting;
  await transaction
    .insert(teamDefaults)
    .values({ id: settingId, teamId, name, type, active, updatedAt })
    .onConflictDoUpdate({ target: teamDefaults.id, set: { type, active, updatedAt } });
}
