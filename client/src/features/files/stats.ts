/** The team's storage (SPEC §3 Stats, §9 quotas): read once, kept roughly current by uploads and deletions, re-read on demand. */
import { request } from '../../lib/graphql';
import { appStore, atom, type AppStore } from '../../lib/store';
import { getStatsDocument, type StorageStats } from './operations';

export const storageStatsAtom = atom<StorageStats | null>(null);

const loading = new WeakMap<AppStore, Promise<StorageStats | null>>();

/** Reads getStats; concurrent callers share one request. A failure leaves what was known (the server checks quotas anyway). */
export function loadStorageStats(store: AppStore = appStore): Promise<StorageStats | null> {
  const running = loading.get(store);
  if (running) return running;
  const work = request(getStatsDocument, undefined, { handledByCaller: true })
    .then(({ getStats }) => {
      store.set(storageStatsAtom, getStats);
      return getStats;
    })
    .catch(() => store.get(storageStatsAtom))
    .finally(() => loading.delete(store));
  loading.set(store, work);
  return work;
}

/** The known stats, or a read of them the first time. */
export async function storageStats(store: AppStore = appStore): Promise<StorageStats | null> {
  return store.get(storageStatsAtom) ?? loadStorageStats(store);
}

/** Counts a recorded (+) or deleted (-) file at once, so the bar and the next pre-check need no round trip. */
export function adjustStorage(store: AppStore, bytes: number, files: number): void {
  store.set(storageStatsAtom, (stats) =>
    stats ? { ...stats, storage: Math.max(0, stats.storage + bytes), files: Math.max(0, stats.files + files) } : stats,
  );
}
