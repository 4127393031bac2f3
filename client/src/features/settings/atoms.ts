/** The signed-in user's settings by name; null while unknown (not loaded, or the server sent none). */
import { request } from '../../lib/graphql';
import { appStore, atom, type AppStore } from '../../lib/store';
import { teamRoleOf } from '../../lib/roles';
import { getSettingsDocument, getTeamSettingsDocument, setSettingDocument, setTeamSettingDocument, type Setting } from './operations';

export const settingsAtom = atom<ReadonlyMap<string, Setting> | null>(null);

export async function loadSettings(store: AppStore = appStore): Promise<void> {
  const { getUser } = await request(getSettingsDocument, {}, { silent: true });
  const settings = getUser?.settings;
  if (Array.isArray(settings)) store.set(settingsAtom, new Map(settings.map((setting) => [setting.name, setting])));
}

/** Sets one switch, shown at once; the server's answer is kept, a failure puts the old value back and is thrown. */
export async function saveSetting(name: string, active: boolean, type: string | undefined, store: AppStore = appStore): Promise<void> {
  const before = store.get(settingsAtom);
  const optimistic = new Map(before ?? []);
  optimistic.set(name, { id: before?.get(name)?.id ?? '', name, active, type: type ?? null });
  store.set(settingsAtom, optimistic);
  try {
    const { setSetting } = await request(setSettingDocument, { name, active, ...(type ? { type } : {}) }, { handledByCaller: true });
    store.set(settingsAtom, (current) => new Map(current ?? []).set(setSetting.name, setSetting));
  } catch (error) {
    store.set(settingsAtom, before);
    throw error;
  }
}

/** The current team's notification defaults and whether the caller may change them; null while unknown. */
export interface TeamSettings {
  teamId: string;
  isAdmin: boolean;
  settings: ReadonlyMap<string, Setting>;
}

export const teamSettingsAtom = atom<TeamSettings | null>(null);

export async function loadTeamSettings(store: AppStore = appStore): Promise<void> {
  const { getTeam } = await request(getTeamSettingsDocument, {}, { silent: true });
  store.set(teamSettingsAtom, {
    teamId: getTeam.id,
    isAdmin: teamRoleOf(getTeam.role) === 'admin',
    settings: new Map(getTeam.settings.map((setting) => [setting.name, setting])),
  });
}

/** Sets one of the team's defaults (admins), shown at once; a failure puts the old value back and is thrown. */
export async function saveTeamSetting(name: string, active: boolean, type: string, store: AppStore = appStore): Promise<void> {
  const before = store.get(teamSettingsAtom);
  if (!before) return;
  const withValue = (team: TeamSettings, setting: Setting): TeamSettings => ({
    ...team,
    settings: new Map(team.settings).set(name, setting),
  });
  store.set(teamSettingsAtom, withValue(before, { id: before.settings.get(name)?.id ?? '', name, active, type }));
  try {
    const { setSetting } = await request(setTeamSettingDocument, { team: before.teamId, name, active, type }, { handledByCaller: true });
    store.set(teamSettingsAtom, (current) => (current && current.teamId === before.teamId ? withValue(current, setSetting) : current));
  } catch (error) {
    store.set(teamSettingsAtom, (current) => (current && current.teamId === before.teamId ? before : current));
    throw error;
  }
}
