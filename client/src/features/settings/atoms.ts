/** The signed-in user's settings by name; null while unknown (not loaded, or the server sent none). */
import { request } from '../../lib/graphql';
import { appStore, atom, type AppStore } from '../../lib/store';
import { getSettingsDocument, setSettingDocument, type Setting } from './operations';

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
